package loadtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// The load generator reads tens of thousands of server messages per
// second on one core, most of them frames whose bulk is the seat's view,
// which a bot client never looks at. Decoding every view with
// encoding/json would make the generator, not the server, the thing
// measured. So messages are read with the small scanner below: it walks
// an object's top-level members and skips the values it is not asked
// for without building anything. It trusts its input to be the
// well-formed JSON the server writes (a malformed message is reported as
// an error, never a panic, but not every malformation is caught).

// errScan reports a message the scanner could not walk.
var errScan = errors.New("loadtest: malformed JSON from the server")

// members calls fn with each member of the JSON object in b: the raw key
// (without quotes, escapes left as they are) and the raw value. fn
// returns false to stop early.
func members(b []byte, fn func(key, val []byte) bool) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return fmt.Errorf("%w: want an object", errScan)
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return nil
	}
	for {
		key, vstart, vend, err := memberAt(b, i)
		if err != nil {
			return err
		}
		if !fn(key, b[vstart:vend]) {
			return nil
		}
		next, closed, err := nextMember(b, vend)
		if err != nil || closed >= 0 {
			return err
		}
		i = next
	}
}

// memberAt reads the object member whose key starts at b[i]: its raw
// key and where its value starts and ends.
func memberAt(b []byte, i int) (key []byte, vstart, vend int, err error) {
	if i >= len(b) || b[i] != '"' {
		return nil, 0, 0, fmt.Errorf("%w: want a key at byte %d", errScan, i)
	}
	end, err := skipString(b, i)
	if err != nil {
		return nil, 0, 0, err
	}
	key = b[i+1 : end-1]
	i = skipSpace(b, end)
	if i >= len(b) || b[i] != ':' {
		return nil, 0, 0, fmt.Errorf("%w: want ':' at byte %d", errScan, i)
	}
	vstart = skipSpace(b, i+1)
	vend, err = skipValue(b, vstart)
	return key, vstart, vend, err
}

// nextMember reads what follows a member's value ending at b[vend]: the
// start of the next key, or (closed >= 0) the index of the '}' that
// closes the object.
func nextMember(b []byte, vend int) (next, closed int, err error) {
	i := skipSpace(b, vend)
	if i >= len(b) {
		return 0, -1, fmt.Errorf("%w: unterminated object", errScan)
	}
	switch b[i] {
	case ',':
		return skipSpace(b, i+1), -1, nil
	case '}':
		return 0, i, nil
	}
	return 0, -1, fmt.Errorf("%w: want ',' or '}' at byte %d", errScan, i)
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the index just past the string starting at b[i]
// (a '"').
func skipString(b []byte, i int) (int, error) {
	i++
	for {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			return 0, fmt.Errorf("%w: unterminated string", errScan)
		}
		i += j
		// The quote is escaped if an odd number of backslashes precede it.
		n := 0
		for k := i - 1; k >= 0 && b[k] == '\\'; k-- {
			n++
		}
		i++
		if n%2 == 0 {
			return i, nil
		}
	}
}

// skipValue returns the index just past the value starting at b[i].
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, fmt.Errorf("%w: missing value", errScan)
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				end, err := skipString(b, i)
				if err != nil {
					return 0, err
				}
				i = end
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, nil
				}
			}
			i++
		}
		return 0, fmt.Errorf("%w: unterminated container", errScan)
	default: // number, true, false, null
		j := i
		for j < len(b) {
			switch b[j] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				if j == i {
					return 0, fmt.Errorf("%w: empty value at byte %d", errScan, i)
				}
				return j, nil
			}
			j++
		}
		return j, nil
	}
}

// atoi parses a JSON integer (no fraction or exponent).
func atoi(b []byte) (int64, error) {
	if len(b) == 0 {
		return 0, fmt.Errorf("%w: empty number", errScan)
	}
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return 0, fmt.Errorf("%w: bad integer %q", errScan, b)
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%w: bad integer %q", errScan, b)
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, nil
}

// elements calls fn with each raw element of the JSON array in b and
// where it starts; fn returns false to stop early.
func elements(b []byte, fn func(at int, val []byte) bool) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return fmt.Errorf("%w: want an array", errScan)
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return nil
	}
	for {
		end, err := skipValue(b, i)
		if err != nil {
			return err
		}
		if !fn(i, b[i:end]) {
			return nil
		}
		i = skipSpace(b, end)
		switch {
		case i >= len(b):
			return fmt.Errorf("%w: unterminated array", errScan)
		case b[i] == ']':
			return nil
		case b[i] != ',':
			return fmt.Errorf("%w: want ',' or ']' at byte %d", errScan, i)
		}
		i = skipSpace(b, i+1)
	}
}

// text returns the JSON string val (quotes included) as a Go string: a
// substring of shared (val's bytes as one string, when the caller made
// one to share among many) if it has no escapes.
func text(val []byte, shared string, at int) (string, error) {
	if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
		return "", fmt.Errorf("%w: want a string", errScan)
	}
	if bytes.IndexByte(val, '\\') >= 0 {
		var s string
		if err := json.Unmarshal(val, &s); err != nil {
			return "", fmt.Errorf("%w: %v", errScan, err)
		}
		return s, nil
	}
	if shared != "" {
		return shared[at+1 : at+len(val)-1], nil
	}
	return string(val[1 : len(val)-1]), nil
}

// texts returns the JSON array of strings in b, the strings without
// escapes sharing one allocation.
func texts(b []byte) ([]string, error) {
	shared := string(b)
	var out []string
	var err error
	serr := elements(b, func(at int, val []byte) bool {
		var s string
		s, err = text(val, shared, at)
		out = append(out, s)
		return err == nil
	})
	if serr != nil {
		return nil, serr
	}
	return out, err
}
