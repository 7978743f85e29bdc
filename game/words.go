package game

import (
	"strconv"
	"strings"
)

// A game's words for people, beyond its View: optional interfaces a
// registered Game may implement, each with a plain default, so that the
// pages say what happens in the game's own words ("captured 7", "The Angels
// win") without naming any game outside its package.

// Stepper is implemented by games whose moves take several clicks: what the
// player is asked to do at each click.
type Stepper interface {
	// Steps are the prompts of a move's clicks in s: Steps(s)[i] is shown
	// once i cells are chosen ("Choose an amazon", "Now choose where it
	// moves", "Now shoot an arrow").
	Steps(s State) []string
}

// MoveDescriber is implemented by games that can say in words what a move
// does.
type MoveDescriber interface {
	// DescribeMove says what m, played by the seat to move in before, did
	// beyond its notation ("captured 7", "lands in the store: another
	// turn"); empty when there is nothing to add. before is not changed.
	DescribeMove(before State, m Move) string
	// MoveWords says m in s as a suggestion, after "suggests" ("moving the
	// amazon from d1 to d7 and shooting at g7").
	MoveWords(s State, m Move) string
}

// WinPhraser is implemented by games whose seat names do not take "wins"
// ("The Angels win").
type WinPhraser interface {
	Wins(p Player) string
}

// MoveBoxer is implemented by games that say how a move is typed on the
// page, which the terminal's MoveHint says in its own way.
type MoveBoxer interface {
	// MoveBox is an example of a typed move in s ("3") and what it means
	// ("the number of one of your houses, 1 to 6").
	MoveBox(s State) (example, help string)
}

// StepsOf are the click prompts of s's game (nil when it has none).
func StepsOf(s State) []string {
	if st, ok := s.Game().(Stepper); ok {
		return st.Steps(s)
	}
	return nil
}

// StepAfter is the prompt once picked cells of a move are chosen in s, or
// "" when the game has none for that click.
func StepAfter(s State, picked int) string {
	steps := StepsOf(s)
	if picked < 0 || picked >= len(steps) {
		return ""
	}
	return steps[picked]
}

// DescribeMove says what m did in before, in the game's words ("" when
// the game says nothing more than the notation).
func DescribeMove(before State, m Move) string {
	if d, ok := before.Game().(MoveDescriber); ok {
		return d.DescribeMove(before, m)
	}
	return ""
}

// MoveWords says m in s as a suggestion: the game's words, else "playing"
// and its notation.
func MoveWords(s State, m Move) string {
	if d, ok := s.Game().(MoveDescriber); ok {
		if w := d.MoveWords(s, m); w != "" {
			return w
		}
	}
	return "playing " + s.FormatMove(m)
}

// WinsText says that seat p of g won: the game's words, else "White wins".
func WinsText(g Game, p Player) string {
	if w, ok := g.(WinPhraser); ok {
		return w.Wins(p)
	}
	return g.Seats()[p] + " wins"
}

// MoveBoxOf is how a move is typed in the page's move box: the game's own
// example and words, else the terminal's hint cut at its dash ("d1-d7/g7",
// "move an amazon, then shoot an arrow").
func MoveBoxOf(s State) (example, help string) {
	if b, ok := s.Game().(MoveBoxer); ok {
		return b.MoveBox(s)
	}
	hint := ViewOf(s.Game()).MoveHint(s)
	if ex, rest, ok := strings.Cut(hint, " - "); ok {
		return ex, rest
	}
	return "", hint
}

// Plural writes a count and its noun ("1 seed", "7 seeds").
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// A seat's name whose last letter is s names a plural ("Angels",
// "Demons"); every other names one ("White", "P1", "Devil").
func pluralSeat(name string) bool { return strings.HasSuffix(name, "s") }

// SeatPossessive is a seat's name made possessive: "White's time", but
// "Demons' time".
func SeatPossessive(name string) string {
	if pluralSeat(name) {
		return name + "'"
	}
	return name + "'s"
}

// SeatIs is a seat's name with its verb: "White is thinking…", but
// "Demons are thinking…".
func SeatIs(name string) string {
	if pluralSeat(name) {
		return name + " are"
	}
	return name + " is"
}
