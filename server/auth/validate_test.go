package auth

import (
	"errors"
	"testing"
)

func TestNormalizeUsername(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		err      error
	}{
		{"ada", "ada", nil},
		{"Ada_Lovelace_1815", "ada_lovelace_1815", nil},
		{"ABC", "abc", nil},
		{"a_b", "a_b", nil},
		{"abcdefghij0123456789", "abcdefghij0123456789", nil},
		{"ab", "", ErrBadUsername},
		{"abcdefghij0123456789x", "", ErrBadUsername},
		{"", "", ErrBadUsername},
		{"ada lovelace", "", ErrBadUsername},
		{"ada-l", "", ErrBadUsername},
		{"adá", "", ErrBadUsername},
		{"\u212Aelvin", "", ErrBadUsername}, // Kelvin sign lowercases to k in Unicode
	} {
		got, err := NormalizeUsername(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("NormalizeUsername(%q) = %q, %v, want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	for _, tc := range []struct {
		in  string
		err error
	}{
		{"12345678", nil},
		{"correct horse battery staple", nil},
		{"1234567", ErrWeakPassword},
		{"", ErrWeakPassword},
		{"äöüäöüä", ErrWeakPassword}, // 7 characters, 14 bytes
		{"äöüäöüäö", nil},
	} {
		if err := CheckPassword(tc.in); !errors.Is(err, tc.err) {
			t.Errorf("CheckPassword(%q) = %v, want %v", tc.in, err, tc.err)
		}
	}
}

func TestNormalizeDisplayName(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		err      error
	}{
		{"Ada", "Ada", nil},
		{"  Ada L.  ", "Ada L.", nil},
		{"Ådå 🎲", "Ådå 🎲", nil},
		{"", "", ErrBadDisplayName},
		{"   ", "", ErrBadDisplayName},
		{"a\nb", "", ErrBadDisplayName},
		{"\xff", "", ErrBadDisplayName},
		{"123456789012345678901234567890123", "", ErrBadDisplayName},
	} {
		got, err := normalizeDisplayName(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("normalizeDisplayName(%q) = %q, %v, want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}
