package auth

// NormalizeDisplayName trims surrounding space from a display name and
// returns it, or ErrBadDisplayName if it is empty, longer than 32
// characters or holds a control character. Servers that change a
// profile's display name check it with the rule Guest and Register apply.
func NormalizeDisplayName(name string) (string, error) {
	return normalizeDisplayName(name)
}
