// Package secret makes the site's random tokens and keeps their hashes:
// the one home of "an unguessable string" and "what the store keeps of
// it". A seat's cookie, a session's cookie, a bot account's API token and
// an engine client's seat token are all New tokens; room, challenge and
// node ids are shorter Text; the store keeps only a token's Hash.
//
// The empty token is no token: it hashes to "" (not to the SHA-256 of
// nothing, a value anyone can compute), and Equal never finds "" equal to
// anything, so that a page, a program or a request without a token holds
// no seat, session or bot, whatever a store keeps.
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// TokenBytes is how many random bytes a New token carries: 256 bits.
const TokenBytes = 32

// New returns a new token: TokenBytes random bytes as unpadded URL-safe
// base64 (43 characters), so that it fits a cookie, a URL and a header
// as it is.
func New() string { return Text(TokenBytes) }

// Text returns n random bytes as unpadded URL-safe base64: an id that
// nobody can guess (a room's, 12 bytes; a node session's, 9).
func Text(n int) string { return base64.RawURLEncoding.EncodeToString(Bytes(n)) }

// Bytes returns n random bytes. crypto/rand never fails on the systems Go
// supports (it crashes the program first), so there is no error to handle.
func Bytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// Hash is what a store keeps of token: its SHA-256 in lower-case hex (the
// form every stored seat, session and bot token hash has always had), or
// "" for the empty token, which is no token.
func Hash(token string) string {
	if token == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Equal reports whether the hashes a and b are of the same token. Never
// for "": an empty hash is no token's (a computer's seat, a guest's
// socket), and two of them are not the same holder. A plain comparison,
// allocating nothing (it runs for every seat of every page drawn): what
// its timing could tell is a prefix of a hash, from which no token follows.
func Equal(a, b string) bool { return a != "" && a == b }
