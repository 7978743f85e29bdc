package view

import (
	"errors"
	"slices"
	"strings"

	"boardroom/game"
)

// A player's page carries the clicks of every legal move it may make, and
// draws from them what may be clicked: the cells that start a move, and,
// once some are chosen, the cells that may follow them. It builds a move of
// several clicks (an amazon, where it goes, where it shoots) by itself and
// sends the whole move once: choosing a piece shows where it may go at once,
// with no round trip, and costs the server nothing. The server still checks
// the move it is sent, and draws no marks of its own on such a page, so that
// the cells it sends change only when the position does (a Devil may block
// any free square: marking them all, and unmarking them after its move, was
// every cell of a 15×15 board twice a turn).
//
// The encoding is short because an Amazons position has some two thousand
// moves. A cell is two letters (row, column: 'A'…'Z' are 0…25, 'a'…'z'
// 26…51). A digit d says how the moves after it are written, until the next
// digit: each repeats the first d/3 cells of the move before it and adds
// d%3+1 cells of its own. The moves come grouped by their first cells, so
// one Amazons move is mostly a digit for each destination and two letters
// for each arrow. pick.js reads it.

// maxPathCoordinate is the largest row or column a path's letters write.
const maxPathCoordinate = 51

// EncodePaths writes the clicks of moves, skipping a move whose clicks are
// the same as the one before it (Mad Bishops' kills differ only in a tag).
// It returns "" when there are none or a cell cannot be written; then the
// server marks the cells that may be clicked itself.
func EncodePaths(moves []game.Move) string {
	for _, m := range moves {
		for _, c := range m.Path() {
			if c.Row < 0 || c.Col < 0 || c.Row > maxPathCoordinate || c.Col > maxPathCoordinate {
				return ""
			}
		}
	}
	var b strings.Builder
	b.Grow(2*len(moves) + 64)
	var prev game.Move
	mode := -1
	for i, m := range moves {
		shared := 0
		if i > 0 {
			for shared < int(m.Len)-1 && shared < int(prev.Len) && m.Cells[shared] == prev.Cells[shared] {
				shared++
			}
			if m.SamePath(prev.Path()) {
				continue
			}
		}
		if d := shared*3 + int(m.Len) - shared - 1; d != mode {
			b.WriteByte(byte('0' + d))
			mode = d
		}
		for _, c := range m.Cells[shared:m.Len] {
			b.WriteByte(pathLetter(c.Row))
			b.WriteByte(pathLetter(c.Col))
		}
		prev = m
	}
	return b.String()
}

func pathLetter(v int8) byte {
	if v < 26 {
		return byte('A' + v)
	}
	return byte('a' + v - 26)
}

// DecodePaths reads EncodePaths' text back, as pick.js does: the clicks of
// each move written. (The page reads it in script; this is for programs and
// tests that read the page.)
func DecodePaths(text string) ([][]game.Cell, error) {
	var out [][]game.Cell
	var prev []game.Cell
	shared, fresh := 0, 1
	for i := 0; i < len(text); {
		if d := text[i]; d >= '0' && d <= '9' {
			shared, fresh = int(d-'0')/3, int(d-'0')%3+1
			i++
			continue
		}
		if shared > len(prev) {
			return nil, errors.New("view: a path repeats more cells than the one before it has")
		}
		path := slices.Clone(prev[:shared])
		for range fresh {
			if i+1 >= len(text) {
				return nil, errors.New("view: a path's cell is cut short")
			}
			row, ok1 := pathCoordinate(text[i])
			col, ok2 := pathCoordinate(text[i+1])
			if !ok1 || !ok2 {
				return nil, errors.New("view: a path's cell is not two letters")
			}
			path = append(path, game.Cell{Row: row, Col: col})
			i += 2
		}
		out = append(out, path)
		prev = path
	}
	return out, nil
}

func pathCoordinate(b byte) (int8, bool) {
	switch {
	case b >= 'A' && b <= 'Z':
		return int8(b - 'A'), true
	case b >= 'a' && b <= 'z':
		return int8(b-'a') + 26, true
	}
	return 0, false
}
