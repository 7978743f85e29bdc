package vocab

import "strings"

// Possessive is a seat's name made possessive, for "White's time": the
// seats' names that end in s are plurals ("Demons' time").
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
