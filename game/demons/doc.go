// Package demons is the rules engine of Angels & Demons (id "demons"), a
// simultaneous-move territory game for the seats Angels and Demons.
//
// Each turn both seats secretly pick a dark square; the picks are revealed
// together. A pick covers its orthogonal neighbours on the board and takes
// them for its seat, except that squares both picks cover become empty. After
// the last turn (option turns) the seat with more covered squares wins. Since
// the neighbours of a dark square are all light, only light squares are ever
// owned and dark squares are always empty.
//
// # Cells
//
// game.Cell{Row, Col} counts from the top-left, 0-based. The algebraic name of
// a cell has the file letter a, b, ... for columns 0, 1, ... and the rank
// size−Row, so on the 8×8 board b2 is Cell{6, 1} and a8 is Cell{0, 0}. A cell
// is dark when Row+Col is odd.
//
// # Notation
//
// A choice is its algebraic square, "b2" (the file letter may be upper case,
// the rank has no leading zero). A whole turn is "ANGELS+DEMONS", "b2+e5",
// written and read by game.FormatTurn and game.ParseTurn.
//
// # Render
//
// Files along the top and bottom, ranks on both sides (right-aligned to two
// columns on the left), then a status line and the covered counts:
//
//	   a b c d e f g h
//	 8 - . - . - . - . 8
//	 7 . A . - . - . - 7
//	 6 A . A . - . D . 6
//	 5 . A . - . D . D 5
//	 4 - . - . - . D . 4
//	 3 . - . - . - . - 3
//	 2 - . - . - . - . 2
//	 1 . - . - . - . - 1
//	   a b c d e f g h
//	turn 2 of 20
//	Angels 4, Demons 4
//
// A is a square of the Angels, D one of the Demons, "-" an empty light square
// and "." a dark square (a square to choose; it is never owned). The status line
// reads "turn K of T" for the turn being chosen, or "over after T turns" once
// the game has ended.
//
// # Position text
//
// The body of Encode is the board, one row per rank from the top joined by
// "/", each row written with the characters of Render, then a space and the
// number of turns played:
//
//	demons size=8 turns=20 | -.-.-.-./.A.-.-.-/A.A.-.D./.A.-.D.D/-.-.-.D./.-.-.-.-/-.-.-.-./.-.-.-.- 1
//
// Both seats are always to move until the game is over, so the body needs no
// "to move" field.
//
// # Search
//
// The board is two bit sets over the light squares. Choices are numbered 0..
// NumChoices()−1 in reading order; MakeTurn / UnmakeTurn play and take back a
// turn by number without validation or allocation, for the matrix-game search.
package demons
