package secret

import (
	"encoding/base64"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestHash(t *testing.T) {
	for _, tc := range []struct{ name, token, want string }{
		// A token's hash must stay what stores already keep: hex SHA-256.
		{"abc", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"bot token", "boardroom_bot_x", "ab1cff20f2c26e01761b30cf5ccf6ac6bb96e8d46ce6c7b0cda81fa8f90855c5"},
		// The empty token is no token: not the SHA-256 of nothing
		// (e3b0c442…), which anyone can compute and a store could hold.
		{"empty", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, Hash(tc.token))
		})
	}
}

func TestEqual(t *testing.T) {
	a, b := Hash("a"), Hash("b")
	for _, tc := range []struct {
		name string
		x, y string
		want bool
	}{
		{"same token", a, Hash("a"), true},
		{"other token", a, b, false},
		{"empty token against a stored hash", Hash(""), a, false},
		{"stored hash against an empty token", a, Hash(""), false},
		{"two empty tokens", Hash(""), Hash(""), false},
		{"empty against the hash of nothing", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", false},
		{"prefix of a hash", a[:10], a, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, Equal(tc.x, tc.y))
		})
	}
}

func TestNew(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		tok := New()
		require.Len(t, tok, 43, "256 bits in unpadded base64")
		raw, err := base64.RawURLEncoding.DecodeString(tok)
		require.NoError(t, err, "URL-safe: fits a cookie, a URL and a header")
		require.Len(t, raw, TokenBytes)
		require.False(t, seen[tok], "tokens do not repeat")
		seen[tok] = true
	}
}

func TestText(t *testing.T) {
	for _, tc := range []struct{ bytes, chars int }{{9, 12}, {12, 16}, {32, 43}} {
		s := Text(tc.bytes)
		require.Len(t, s, tc.chars)
		require.NotEqual(t, s, Text(tc.bytes))
	}
	require.Len(t, Bytes(16), 16)
}
