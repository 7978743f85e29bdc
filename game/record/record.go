// Package record reads and writes a game as plain text: the game's id and
// options on the first line ("kalah houses=6 seeds=4 empty_capture=false"),
// then one turn a line in the game's notation ("3", "d1-d7/g7", "b2+e5").
// Blank lines and lines starting with '#' are comments (the result is
// written as one). Reading checks every turn against the rules.
package record

import (
	"errors"
	"fmt"
	"strings"

	"boardroom/game"
)

// MaxBytes bounds a record read from a person (the longest games are a few
// thousand turns of a few bytes).
const MaxBytes = 256 << 10

// ErrBadRecord wraps every reason a record is refused.
var ErrBadRecord = errors.New("bad record")

// Record is a game read from text, its turns checked.
type Record struct {
	Game    game.Game
	Options game.Options
	// Turns are the turns in notation, as FormatTurn writes them.
	Turns []string
	// Final is the position after the last turn.
	Final game.State
}

// Format writes a game: its id and options, its turns, and a comment with
// the result when there is one.
func Format(g game.Game, opts game.Options, turns []string, result string) string {
	var b strings.Builder
	b.WriteString(g.ID())
	if o := opts.Format(g.Options()); o != "" {
		b.WriteString(" " + o)
	}
	b.WriteByte('\n')
	for _, t := range turns {
		b.WriteString(t + "\n")
	}
	if result != "" {
		b.WriteString("# " + result + "\n")
	}
	return b.String()
}

// Parse reads a record and replays it. An error names the first bad line.
func Parse(text string) (*Record, error) {
	if len(text) > MaxBytes {
		return nil, fmt.Errorf("%w: %d bytes is more than %d", ErrBadRecord, len(text), MaxBytes)
	}
	var rec *Record
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if rec == nil {
			var err error
			if rec, err = header(line); err != nil {
				return nil, fmt.Errorf("%w: line %d: %w", ErrBadRecord, n+1, err)
			}
			continue
		}
		if rec.Final.Outcome().Over {
			return nil, fmt.Errorf("%w: line %d: %q comes after the end of the game", ErrBadRecord, n+1, shorten(line))
		}
		moves, err := game.ParseTurn(rec.Final, line)
		if err == nil {
			err = rec.Final.Apply(moves...)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %q is not a legal turn here: %w", ErrBadRecord, n+1, shorten(line), err)
		}
		rec.Turns = append(rec.Turns, line)
	}
	if rec == nil {
		return nil, fmt.Errorf("%w: it is empty; the first line names the game and its options", ErrBadRecord)
	}
	return rec, nil
}

// header reads the first line: the game's id and its options.
func header(line string) (*Record, error) {
	words := strings.Fields(line)
	g, err := game.Lookup(words[0])
	if err != nil {
		return nil, err
	}
	opts, err := game.ParseOptionArgs(words[1:])
	if err != nil {
		return nil, err
	}
	start, err := g.New(opts)
	if err != nil {
		return nil, err
	}
	return &Record{Game: g, Options: start.Options(), Final: start}, nil
}

// shorten keeps a quoted line short in an error.
func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
