package auth

import (
	"errors"
	"strings"
	"testing"
)

func TestHashPassword(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params HashParams
		prefix string
	}{
		{"Cheap", CheapHashParams(), "$argon2id$v=19$m=8,t=1,p=1$"},
		{"Default", HashParams{}, "$argon2id$v=19$m=19456,t=2,p=1$"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h1, err := HashPassword("hunter22", tc.params)
			if err != nil {
				t.Fatalf("HashPassword: %v", err)
			}
			if !strings.HasPrefix(h1, tc.prefix) {
				t.Errorf("HashPassword = %q, want prefix %q", h1, tc.prefix)
			}
			h2, err := HashPassword("hunter22", tc.params)
			if err != nil {
				t.Fatalf("HashPassword: %v", err)
			}
			if h1 == h2 {
				t.Errorf("two hashes of one password are equal (%q): salt not random", h1)
			}
			for _, pw := range []string{"hunter22", "hunter23", "", "Hunter22"} {
				ok, err := VerifyPassword(pw, h1)
				if want := pw == "hunter22"; ok != want || err != nil {
					t.Errorf("VerifyPassword(%q, %q) = %v, %v, want %v, nil", pw, h1, ok, err, want)
				}
			}
		})
	}
}

func TestHashPasswordBadParams(t *testing.T) {
	for _, p := range []HashParams{
		{Memory: 4, Iterations: 1, Parallelism: 1},
		{Memory: 8, Iterations: 1, Parallelism: 2},
		{KeyLen: 8},
		{SaltLen: 4},
	} {
		if h, err := HashPassword("hunter22", p); err == nil {
			t.Errorf("HashPassword(%+v) = %q, nil, want an error", p, h)
		}
	}
}

func TestVerifyPasswordMalformed(t *testing.T) {
	good, err := HashPassword("hunter22", CheapHashParams())
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(good, "$")
	salt, key := parts[4], parts[5]
	for _, tc := range []struct{ name, hash string }{
		{"Empty", ""},
		{"Argon2i", "$argon2i$v=19$m=8,t=1,p=1$" + salt + "$" + key},
		{"Version", "$argon2id$v=16$m=8,t=1,p=1$" + salt + "$" + key},
		{"NoParams", "$argon2id$v=19$$" + salt + "$" + key},
		{"ZeroParallelism", "$argon2id$v=19$m=8,t=1,p=0$" + salt + "$" + key},
		{"ZeroTime", "$argon2id$v=19$m=8,t=0,p=1$" + salt + "$" + key},
		{"HugeMemory", "$argon2id$v=19$m=99999999,t=1,p=1$" + salt + "$" + key},
		{"BadSalt", "$argon2id$v=19$m=8,t=1,p=1$!!$" + key},
		{"ShortKey", "$argon2id$v=19$m=8,t=1,p=1$" + salt + "$AAAA"},
		{"Extra", good + "$x"},
		{"Bcrypt", "$2a$10$abcdefghijklmnopqrstuu5mB5Xo0Ck5Eui4VYpG0YQ7ZrmoK2fE6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ok, err := VerifyPassword("hunter22", tc.hash)
			if ok || !errors.Is(err, ErrBadHash) {
				t.Errorf("VerifyPassword(%q) = %v, %v, want false, ErrBadHash", tc.hash, ok, err)
			}
		})
	}
}

func BenchmarkHashPasswordDefault(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("hunter22", HashParams{}); err != nil {
			b.Fatal(err)
		}
	}
}
