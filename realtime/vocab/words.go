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

// SeatIs is a seat's name with its verb, for "White is thinking…": "Demons
// are", as Possessive takes a name ending in s for a plural.
func SeatIs(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + " are"
	}
	return name + " is"
}
