// Package amazons is the Game of the Amazons for Boardroom (id "amazons").
//
// Two seats, White (moves first) and Black, each with four amazons on a 10×10
// board. A turn moves one amazon like a chess queen over free squares, then
// shoots an arrow like a queen from where it landed (over or onto the square
// it left); the arrow's square is blocked for good. The player to move with no
// complete turn loses ("no legal move"); there are no draws, and a game lasts
// at most 92 turns since every turn blocks one of the 92 free squares.
//
// # Cells and squares
//
// A game.Cell is {Row, Col}, 0-based from the top-left. Algebraic names have
// files a–j for columns 0–9 and ranks 1–10 from the bottom, so rank r is row
// 10−r: d1 is {9,3}, a10 is {0,0}. Internally a Square is row*10+col (0–99)
// and a Bitboard is a set of squares in two 64-bit words (bit sq%64 of word
// sq/64). A move's cells are the clicks: the amazon, its destination, the
// arrow; its Tag is always 0.
//
// # Text formats
//
// Notation: "d1-d7/g7" — the amazon on d1 moves to d7 and shoots to g7.
//
// Render, as in docs/rules.md ('#' empty, 'W', 'B' amazons, 'X' arrow):
//
//	  |0 1 2 3 4 5 6 7 8 9
//	----------------------
//	0 |# # # B # # B # # #
//	1 |# # # # # # # # # #
//	2 |# # # # # # # # # #
//	3 |B # # # # # # # # B
//	4 |# # # # # # # # # #
//	5 |# # # # # # # # # #
//	6 |W # # # # # # # # W
//	7 |# # # # # # # # # #
//	8 |# # # # # # # # # #
//	9 |# # # W # # W # # #
//
// Encode: the ten rows from the top in the same symbols joined by "/", the
// seat to move (White or Black) and the ply (the turns played, which equals
// the number of arrows):
//
//	amazons | ###B##B###/##########/##########/B########B/##########/##########/W########W/##########/##########/###W##W### White 0
//
// # Fast path
//
// Besides the game.State API, a State offers what search and evaluation need:
// Amazons, Arrows, Occupied and EmptySquares as Bitboards, AmazonSquares,
// QueenReach (the squares a queen reaches from a square given the blocked
// squares, the building block of queen-distance territory) and Neighbours
// (king distance), and AppendTurns / MakeTurn / UnmakeTurn, which list and
// play compact Turns without checks or allocation. Perft counts move
// sequences on its own copy of the position kept as line occupancies (the
// board's 58 rows, columns and diagonals, 10 bits each; lines.go), where a
// queen's reach along a line, and so an arrow count at the last ply, is a
// table lookup: perft 1 is 2176, perft 2 4,307,152 and perft 3 8,350,439,170
// from the opening.
package amazons
