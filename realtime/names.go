package realtime

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"boardroom/realtime/vocab"
)

// What people are called in a room. A name is chosen by its owner (the
// lobby's form, the Join form, a cookie the page writes), so the server
// trusts none of it: every name is cleaned here before it is kept, and the
// templates show it as text, never as HTML.

// CleanName makes a display name fit to keep and show: control and
// direction-changing characters removed, every run of spaces made one,
// trimmed, and cut to vocab.MaxNameRunes characters. It may return "".
func CleanName(name string) string {
	name = cleanText(name)
	if utf8.RuneCountInString(name) <= vocab.MaxNameRunes {
		return name
	}
	n := 0
	for i := range name {
		if n == vocab.MaxNameRunes {
			return strings.TrimSpace(name[:i])
		}
		n++
	}
	return name
}

// cleanText keeps the characters of s that show as text on one line: it
// drops control characters, the invisible ones that reorder text (which
// could make a name or message read as something else) and invalid UTF-8,
// turns each run of spaces (newlines and tabs too) into one space, and
// trims the ends.
func cleanText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i, r := range s {
		switch {
		case r == utf8.RuneError && isInvalid(s[i:]):
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r) || reorders(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isInvalid reports whether s starts with a byte that is not UTF-8 (as
// opposed to a U+FFFD written out).
func isInvalid(s string) bool {
	_, size := utf8.DecodeRuneInString(s)
	return size <= 1
}

// reorders reports whether r is one of Unicode's bidirectional formatting
// characters, which change the order text is drawn in.
func reorders(r rune) bool {
	return r == '\u200e' || r == '\u200f' || r == '\u061c' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069')
}

// guestName is the name of a person who gave none: "Guest" and a number
// taken from their seat token's hash, so that it stays the same every time
// (a seat stored before seats had names shows it too).
func guestName(tokenHash string) string { return numbered("Guest", tokenHash) }

// spectatorName is the chat name of a spectator whose page sent no name.
func spectatorName(tokenHash string) string { return numbered("Spectator", tokenHash) }

// numbered appends to word a four-digit number from tokenHash (hex), or
// nothing without one.
func numbered(word, tokenHash string) string {
	if len(tokenHash) < 8 {
		return word
	}
	n, err := strconv.ParseUint(tokenHash[:8], 16, 32)
	if err != nil {
		return word
	}
	return word + " " + strconv.FormatUint(1000+n%9000, 10)
}
