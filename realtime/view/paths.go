package view

import (
	"strings"

	"boardroom/game"
)

// A player's page carries the clicks of every legal move it may make, so
// that the page builds a move of several clicks (an amazon, where it goes,
// where it shoots) by itself and sends the whole move once: choosing a
// piece shows where it may go at once, with no round trip, and costs the
// server nothing. The server still checks the move it is sent.
//
// The encoding is short because an Amazons position has some two thousand
// moves. A cell is two letters (row, column: 'A'…'Z' are 0…25, 'a'…'z'
// 26…51). A digit d says how the moves after it are written, until the next
// digit: each repeats the first d/3 cells of the move before it and adds
// d%3+1 cells of its own. The moves come grouped by their first cells, so
// one Amazons move is mostly a digit for each destination and two letters
// for each arrow. app.js reads it (pick.js).

// maxPathCoordinate is the largest row or column a path's letters write.
const maxPathCoordinate = 51

// EncodePaths writes the clicks of moves, skipping a move whose clicks are
// the same as the one before it (Mad Bishops' kills differ only in a tag).
// It returns "" when no move takes more than one click (the page sends the
// click itself) or a cell cannot be written.
func EncodePaths(moves []game.Move) string {
	long := false
	for _, m := range moves {
		if m.Len > 1 {
			long = true
		}
		for _, c := range m.Path() {
			if c.Row < 0 || c.Col < 0 || c.Row > maxPathCoordinate || c.Col > maxPathCoordinate {
				return ""
			}
		}
	}
	if !long {
		return ""
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
