package auth

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

var (
	// ErrBadUsername reports a username that breaks the rule its text
	// states. Usernames are compared after NormalizeUsername.
	ErrBadUsername = errors.New("auth: username must be 3 to 20 characters of a-z, 0-9 and _")
	// ErrWeakPassword reports a password shorter than 8 characters.
	ErrWeakPassword = errors.New("auth: password must be at least 8 characters")
	// ErrBadDisplayName reports a display name that is empty, longer than
	// 32 characters, not UTF-8 or has control characters.
	ErrBadDisplayName = errors.New("auth: display name must be 1 to 32 characters with no control characters")
)

const (
	minUsername    = 3
	maxUsername    = 20
	minPassword    = 8
	maxDisplayName = 32
)

// NormalizeUsername returns username in lowercase if it is 3 to 20
// characters of a-z, A-Z, 0-9 and _, and otherwise ErrBadUsername.
func NormalizeUsername(username string) (string, error) {
	if len(username) < minUsername || len(username) > maxUsername {
		return "", ErrBadUsername
	}
	b := []byte(username)
	for i, c := range b {
		switch {
		case 'A' <= c && c <= 'Z':
			b[i] = c + 'a' - 'A'
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_':
		default:
			return "", ErrBadUsername
		}
	}
	return string(b), nil
}

// CheckPassword returns ErrWeakPassword for a password of fewer than 8
// characters (Unicode code points), and nil otherwise.
func CheckPassword(password string) error {
	if utf8.RuneCountInString(password) < minPassword {
		return ErrWeakPassword
	}
	return nil
}

// normalizeDisplayName trims surrounding space and checks the rest.
func normalizeDisplayName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || !utf8.ValidString(name) || utf8.RuneCountInString(name) > maxDisplayName {
		return "", ErrBadDisplayName
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return "", ErrBadDisplayName
		}
	}
	return name, nil
}
