package accounts

import (
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"boardroom/secret"
)

// Password rules: at least 8 characters (a phrase is better), at most 256
// (hashing a huge one would be work for nothing).
const (
	MinPassword = 8
	MaxPassword = 256
)

// PasswordProblem says in words what is wrong with a password ("" when
// nothing is).
func PasswordProblem(password string) string {
	switch n := utf8.RuneCountInString(password); {
	case n == 0:
		return "Choose a password."
	case n < MinPassword:
		return fmt.Sprintf("A password has at least %d characters.", MinPassword)
	case len(password) > MaxPassword:
		return fmt.Sprintf("A password has at most %d characters.", MaxPassword)
	}
	return ""
}

// The argon2id parameters: OWASP's first choice for argon2id (19 MiB, two
// passes, one lane), which costs the server tens of milliseconds a log-in
// and an attacker as much a guess.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// Hash is password's argon2id hash in its PHC form,
// $argon2id$v=19$m=…,t=…,p=…$salt$hash, which carries its own parameters
// (so they may change later without breaking the hashes kept).
func Hash(password string) (string, error) {
	salt := secret.Bytes(argonSaltLen)
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// Verify reports whether password hashes to encoded (Hash's form), in time
// that does not depend on where they differ.
func Verify(encoded, password string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var version int
	var memory, passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil ||
		memory == 0 || memory > 1<<20 || passes == 0 || passes > 16 || threads == 0 {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 128 {
		return false
	}
	got := argon2.IDKey([]byte(password), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}
