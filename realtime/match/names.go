package match

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

// CleanName makes a display name fit to keep and show: control,
// invisible and direction-changing characters removed, blank look-alikes
// and every run of spaces made one space, trimmed, and cut to
// vocab.MaxNameRunes characters. It returns "" for a name with nothing
// visible in it, or one that poses as the computer (NameProblem says why).
func CleanName(name string) string {
	name, _ = checkName(name)
	return name
}

// NameProblem says, in words for the person who chose it, why a name
// given with something in it cannot be used ("" when it can, or when
// nothing was given: the room then picks a name).
func NameProblem(name string) string {
	_, problem := checkName(name)
	return problem
}

func checkName(raw string) (name, problem string) {
	name = cleanText(raw)
	if utf8.RuneCountInString(name) > vocab.MaxNameRunes {
		name = cutName(name)
	}
	switch {
	case strings.TrimSpace(raw) == "":
		return "", ""
	case !visible(name):
		return "", "A name needs at least one letter, digit or sign that can be seen."
	case posesAsComputer(name):
		return "", "Names starting with \"Computer\" are kept for the computer's seats; please choose another."
	}
	return name, ""
}

// cutName cuts name to vocab.MaxNameRunes characters.
func cutName(name string) string {
	n := 0
	for i := range name {
		if n == vocab.MaxNameRunes {
			return strings.TrimSpace(name[:i])
		}
		n++
	}
	return name
}

// visible reports whether s has a character that draws something: a
// letter, digit, punctuation or symbol that is not one of the blank
// look-alikes. Combining marks alone, or a Hangul filler, are not.
func visible(s string) bool {
	for _, r := range s {
		if !blank(r) && (unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r)) {
			return true
		}
	}
	return false
}

// blank reports whether r is a character that Unicode counts as a letter
// or symbol but that fonts draw as empty space: the Hangul fillers and
// the blank Braille pattern (names made of them looked empty).
func blank(r rune) bool {
	switch r {
	case '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800':
		return true
	}
	return false
}

// posesAsComputer reports whether name reads as the computer's seat
// ("Computer · Difficult"): its letters, folded to lower case, with
// full-width letters and the Cyrillic and Greek look-alikes of Latin ones
// read as Latin, begin with "computer".
func posesAsComputer(name string) bool {
	const word = "computer"
	i := 0
	for _, r := range name {
		if !unicode.IsLetter(r) {
			continue
		}
		if r >= 'Ａ' && r <= 'ｚ' {
			r -= 'Ａ' - 'A'
		}
		if latin, ok := lookAlike[unicode.ToLower(r)]; ok {
			r = latin
		}
		if unicode.ToLower(r) != rune(word[i]) {
			return false
		}
		if i++; i == len(word) {
			return true
		}
	}
	return false
}

// lookAlike maps lower-case Cyrillic and Greek letters to the Latin
// letters of "computer" they are drawn like.
var lookAlike = map[rune]rune{
	'с': 'c', 'ϲ': 'c', 'о': 'o', 'ο': 'o', 'σ': 'o', 'м': 'm', 'р': 'p', 'ρ': 'p',
	'υ': 'u', 'т': 't', 'τ': 't', 'е': 'e', 'ε': 'e', 'г': 'r',
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
		case unicode.IsSpace(r) || blank(r):
			space = b.Len() > 0
			continue
		case unicode.IsControl(r) || reorders(r) || invisible(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	// A joiner joins nothing at either end, where it would only hide.
	return strings.TrimFunc(b.String(), func(r rune) bool { return r == '\u200c' || r == '\u200d' || r == ' ' })
}

// isInvalid reports whether s starts with a byte that is not UTF-8 (as
// opposed to a U+FFFD written out).
func isInvalid(s string) bool {
	_, size := utf8.DecodeRuneInString(s)
	return size <= 1
}

// invisible reports whether r is a format character that draws nothing
// (zero-width space, word joiner, soft hyphen, tag characters, ...), with
// which "Alice" and a zero-width space would pass for Alice. The joiners
// that some scripts and emoji need between two characters are kept.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d'
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
