// Package bishops is Mad Bishops: two armies of 25 bishops on the dark squares
// of a 10×10 board, where a bishop that sees an enemy may only kill and one
// that does not may only move to where it sees one. The rules are section 4 of
// docs/rules.md; the seats are White (game.First, moves first) and Black.
//
// # Cells and squares
//
// A game.Cell is {Row, Col}, 0-based from the top-left as the board is drawn:
// the algebraic square with file f (a–j) and rank r (1–10, from the bottom) is
// Cell{Row: 10-r, Col: f-'a'}, so a1 is Cell{9, 0} and j10 is Cell{0, 9}.
// Pieces stand only on dark cells, those with Row+Col odd.
//
// Internally each dark square is a bit of a uint64 (Square, Bitboard). Each
// pair of rows takes 11 bits: the 5 dark squares of the upper row (columns 1,
// 3, 5, 7, 9), the 5 of the lower row (columns 0, 2, 4, 6, 8) and a ghost bit
// that is never a square, so bits 10, 21, 32 and 43 are ghosts and 0–53 the
// board. A diagonal step down the board is a shift left by 5 (down-left) or 6
// (down-right), up the board a shift right. Board holds one Bitboard per seat;
// its Make and Unmake are two XORs, and Moves, CountMoves, Threats and Targets
// generate moves without allocating, for search.
//
// # Moves
//
// A game.Move has two cells, from and to, and a Tag: TagKill (1) for a kill,
// TagEngage (0) for an engage. The notation is "c3-e5" for an engage and
// "c3xf6" for a kill; ParseMove sets the Tag from the separator and Apply
// refuses a move whose Tag is not true to it.
//
// # Render
//
// Eleven lines, each ending in a newline: a header of files, then ranks 10
// down to 1. A rank line is its number right-aligned in two columns, a space
// and one character per cell (separated by spaces), a space and the number
// again; no line has trailing spaces. W is a White piece, B a Black piece, .
// an empty dark square and a blank a light square. The start
// of the stripes set-up:
//
//	   a b c d e f g h i j
//	10   B   B   B   B   B 10
//	 9 W   W   W   W   W   9
//	 8   B   B   B   B   B 8
//	 ...
//	 1 W   W   W   W   W   1
//
// # Position text
//
// Encode's body is three words: the board, the seat to move, the ply.
// The board lists ranks 10 down to 1 separated by '/', each rank as its five
// dark squares from the left (W, B or .): rank 10's are b, d, f, h, j and
// rank 9's a, c, e, g, i. The seat is White or Black (after the end, the seat
// that lost); the ply counts the moves played. The stripes start is
//
//	bishops setup=stripes | BBBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW/BBBBB/WWWWW White 0
//
// # End of the game
//
// The seat to move loses when it has no pieces ("all pieces captured") or no
// legal move ("no legal move"). There are no draws. In fact a seat with pieces
// always has a move while the other seat has pieces too, and engages can
// never bring a position back (the tests TestAlwaysAMove and
// TestEngagesProgress give the reasons), so every game ends, and "no legal
// move" is only a safeguard. The Beginner computer
// player is game.RandomBot, as docs/rules.md names no heuristic for this game.
package bishops
