package accounts

import (
	"fmt"
	"strings"
)

// Username rules: 3 to 20 characters, ASCII letters, digits, "_" and "-",
// unique whatever their case. ASCII only keeps out look-alikes (a Cyrillic
// "а" for a Latin "a") without a table of confusables.
const (
	MinName = 3
	MaxName = 20
	// MaxHouseName bounds the site's own names, which nobody chooses:
	// a house bot's may be longer ("Boardroom-Fairy-Stockfish").
	MaxHouseName = 32
)

// NameKey checks a username and returns its key, the lower case by which
// it is unique and found; problem says in words what is wrong ("" when
// nothing is).
func NameKey(name string) (key, problem string) { return nameKey(name, MaxName) }

// lookupKey is the key to find an account by: any name NameKey or the
// house's names allow ("": none).
func lookupKey(name string) string {
	key, _ := nameKey(name, MaxHouseName)
	return key
}

func nameKey(name string, maxLen int) (key, problem string) {
	switch n := len(name); {
	case n == 0:
		return "", "Choose a username."
	case n < MinName:
		return "", fmt.Sprintf("A username has at least %d characters.", MinName)
	case n > maxLen:
		return "", fmt.Sprintf("A username has at most %d characters.", maxLen)
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
		if !ok {
			return "", "A username may hold only letters a–z, digits, “_” and “-”."
		}
	}
	return strings.ToLower(name), ""
}
