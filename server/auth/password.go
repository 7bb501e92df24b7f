package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// HashParams are the argon2id cost parameters of new password hashes.
// Zero fields take the defaults, which follow the OWASP recommendation
// for argon2id (19 MiB, 2 passes, 1 lane).
type HashParams struct {
	// Memory is in KiB; 19456 (19 MiB) by default.
	Memory uint32
	// Iterations is the number of passes; 2 by default.
	Iterations uint32
	// Parallelism is the number of lanes; 1 by default.
	Parallelism uint8
	// SaltLen is the salt's length in bytes; 16 by default.
	SaltLen uint32
	// KeyLen is the hash's length in bytes; 32 by default.
	KeyLen uint32
}

// CheapHashParams returns parameters that make hashing nearly free, for
// tests. Never use them in production.
func CheapHashParams() HashParams {
	return HashParams{Memory: 8, Iterations: 1, Parallelism: 1}
}

func (p HashParams) withDefaults() HashParams {
	if p.Memory == 0 {
		p.Memory = 19 * 1024
	}
	if p.Iterations == 0 {
		p.Iterations = 2
	}
	if p.Parallelism == 0 {
		p.Parallelism = 1
	}
	if p.SaltLen == 0 {
		p.SaltLen = 16
	}
	if p.KeyLen == 0 {
		p.KeyLen = 32
	}
	return p
}

// Bounds on the parameters VerifyPassword accepts from an encoded hash, so
// a corrupted hash cannot make it allocate without limit.
const (
	maxMemory     = 4 << 20 // KiB: 4 GiB
	maxIterations = 100
	maxLen        = 1024
)

// ErrBadHash reports an encoded password hash that VerifyPassword cannot
// read: not argon2id, another argon2 version, or malformed.
var ErrBadHash = errors.New("auth: malformed argon2id password hash")

// b64 is the unpadded standard base64 that PHC strings use.
var b64 = base64.RawStdEncoding

// HashPassword hashes password with argon2id, the parameters p (zero
// fields take the defaults) and a fresh random salt from crypto/rand. The
// result is a PHC-style string:
//
//	$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
//
// with salt and hash in unpadded base64.
func HashPassword(password string, p HashParams) (string, error) {
	p = p.withDefaults()
	if p.Memory < 8*uint32(p.Parallelism) || p.Memory > maxMemory || p.Iterations > maxIterations ||
		p.SaltLen < 8 || p.SaltLen > maxLen || p.KeyLen < 16 || p.KeyLen > maxLen {
		return "", fmt.Errorf("auth: hash password: parameters out of range: %+v", p)
	}
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("auth: hash password: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Iterations, p.Memory, p.Parallelism, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Iterations, p.Parallelism, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches the encoded hash that
// HashPassword made, comparing in constant time. The parameters are read
// from the hash. A hash it cannot read returns an error wrapping
// ErrBadHash.
func VerifyPassword(password, encoded string) (bool, error) {
	p, salt, key, err := decodeHash(encoded)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Iterations, p.Memory, p.Parallelism, p.KeyLen)
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

func decodeHash(encoded string) (p HashParams, salt, key []byte, err error) {
	bad := func(what string) (HashParams, []byte, []byte, error) {
		return HashParams{}, nil, nil, fmt.Errorf("%w: %s", ErrBadHash, what)
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return bad("not $argon2id$v=…$m=…,t=…,p=…$salt$hash")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return bad("unsupported version " + parts[2])
	}
	var par uint32
	if n, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Iterations, &par); err != nil || n != 3 {
		return bad("parameters " + parts[3])
	}
	if par < 1 || par > 255 || p.Iterations < 1 || p.Iterations > maxIterations ||
		p.Memory < 8*par || p.Memory > maxMemory {
		return bad("parameters out of range " + parts[3])
	}
	p.Parallelism = uint8(par)
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 || len(salt) > maxLen {
		return bad("salt")
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 || len(key) > maxLen {
		return bad("hash")
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	return p, salt, key, nil
}
