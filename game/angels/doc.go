// Package angels is the rules engine of Angels & Devils (id "angels"), section 3
// of docs/rules.md.
//
// The Angel (first seat) stands on an N×N board (option size, 5–41) and moves to
// any unblocked square within power k (option power, 1 ≤ k ≤ N/2) in both
// directions, jumping over blocked squares, or stays put. After each Angel move
// the Devil (second seat) blocks one empty square for good. The Angel wins by
// standing on an edge square ("reached the edge"); the Devil wins when, on the
// Angel's turn, every square in reach other than its own is blocked ("angel
// trapped"). Score is always 0 0; the scoreboard reads BlockedCount and
// EdgeDistance instead.
//
// # Cells and notation
//
// A square is written "X,Y": X the row from 1 at the top, Y the column from 1
// at the left. It is game.Cell{Row: X-1, Col: Y-1}. A move is that one cell
// with Tag 0: the Angel's destination (its own square when it stays) or the
// square the Devil blocks. ParseMove accepts spaces around the numbers
// (" 6 , 7 ").
//
// # Render
//
// The board with numbered rows and columns on all four sides, 1-based: A the
// Angel, @ blocked, + empty. Every square takes a field three characters wide
// (two spaces and its letter), so column numbers up to 41 line up right-aligned
// over their squares; row numbers stand left-aligned in two characters on the
// left and right-aligned in three on the right. Lines have no trailing spaces
// and the text ends in a newline. For size=5 after 3,3 → 2,2 and the Devil's
// 1,1:
//
//	    1  2  3  4  5
//	1   @  +  +  +  +  1
//	2   +  A  +  +  +  2
//	3   +  +  +  +  +  3
//	4   +  +  +  +  +  4
//	5   +  +  +  +  +  5
//	    1  2  3  4  5
//
// # Position body
//
// Encode writes four space-separated fields after the game.FormatPosition
// header:
//
//	angels size=5 power=1 | @++++/+A+++/+++++/+++++/+++++ Angel 2 3,3
//
// The fields are
//   - the board: N rows from the top, joined by '/', each N characters of '+'
//     (empty), '@' (blocked) and one 'A' (the Angel, never blocked);
//   - whose turn it is: "Angel", "Devil", or "over" when the game has ended;
//   - the ply count (turns played since the start); the Angel moves on even
//     plies, the Devil on odd ones, so exactly ply/2 squares are blocked;
//   - the Angel's square before its last move, "X,Y", or "-" at ply 0. The
//     Beginner Angel needs it (it prefers squares that were out of reach from
//     there).
//
// Decode checks all of this for consistency (counts, turn, reach, that the
// start position is the start position) and refuses anything else with
// game.ErrBadPosition.
//
// # Engine
//
// The board is one uint64 bit row per board row (bit c = column c blocked), so
// reach counts are a handful of popcounts and Make/Unmake are a bit flip or
// two; searches and solvers use Make, Unmake, BlockedRow and the other
// accessors directly.
package angels
