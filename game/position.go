package game

import (
	"fmt"
	"strings"
)

// A position's text is one line: the game id, its options as key=value words,
// a bar, and the game's own body:
//
//	kalah houses=6 seeds=4 empty_capture=false | 4 4 4 4 4 4 0 / 4 4 4 4 4 4 0 / P1
//
// The header makes the line self-describing, so a save slot or a test can
// restore a position without knowing its game in advance.

// FormatPosition writes the text of a position from its game, options and body.
// Games call it from State.Encode.
func FormatPosition(g Game, opts Options, body string) string {
	head := g.ID()
	if o := opts.Format(g.Options()); o != "" {
		head += " " + o
	}
	return head + " | " + body
}

// Decode restores a position from the text that State.Encode wrote.
func Decode(text string) (State, error) {
	head, body, ok := strings.Cut(strings.TrimSpace(text), "|")
	if !ok {
		return nil, fmt.Errorf("%w: no '|' between the header and the board", ErrBadPosition)
	}
	words := strings.Fields(head)
	if len(words) == 0 {
		return nil, fmt.Errorf("%w: no game id", ErrBadPosition)
	}
	g, err := Lookup(words[0])
	if err != nil {
		return nil, err
	}
	given, err := ParseOptionArgs(words[1:])
	if err != nil {
		return nil, err
	}
	opts, err := Resolve(g.Options(), given)
	if err != nil {
		return nil, err
	}
	return g.Decode(opts, strings.TrimSpace(body))
}
