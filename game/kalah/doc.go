// Package kalah is Boardroom's Kalah: the rules engine of docs/rules.md §2 with
// the options houses (1–12 a side, default 6), seeds (1–12 a house, default
// 4) and empty_capture (default false).
//
// Rules in brief: a move sows all seeds of one of your non-empty houses
// anti-clockwise, one a pit, into the following houses and your own store,
// skipping the opponent's store (whole laps include the emptied house). A
// last seed in your store gives another turn; a last seed in your own house
// that was empty, with seeds opposite, banks itself and the opposite seeds
// (with empty_capture, also when the opposite house is empty). The game ends
// when the seat to move has no seeds; each seat scores its houses plus its
// store (nothing is swept), and the higher score wins.
//
// # Cells
//
// The web grid is 2 rows of H+2 columns. Row 0: P2's store at column 0, P2's
// houses H..1 at columns 1..H. Row 1: P1's houses 1..H at columns 1..H, P1's
// store at column H+1. A move is one cell, the house, with Tag 0: P1's house
// h is {1,h} and P2's house h is {0,H+1−h}. HouseCell, StoreCell, HouseAt and
// StoreAt convert.
//
// # Notation
//
// A move is the house number 1..H of the seat moving ("3"). ParseMove checks
// only that the number names a house; Apply refuses an empty one.
//
// # Text board (Render)
//
// As docs/rules.md: P2's houses H..1 along the top, P1's 1..H along the bottom,
// P1's store top right, P2's store bottom left, each house N[%2d]:
//
//	+----+-------+-------+-------+-------+-------+-------+----+
//	| P2 | 6[ 6] | 5[ 0] | 4[ 5] | 3[ 0] | 2[ 4] | 1[ 4] |  0 |
//	|    |-------+-------+-------+-------+-------+-------|    |
//	|  2 | 1[ 5] | 2[ 1] | 3[ 6] | 4[ 5] | 5[ 5] | 6[ 5] | P1 |
//	+----+-------+-------+-------+-------+-------+-------+----+
//
// A column widens when a house number or count needs more digits (the
// narrower house right-aligned), so big boards stay straight.
//
// # Position text (Encode)
//
//	kalah houses=6 seeds=4 empty_capture=false | 5 1 6 5 5 5 0 / 4 4 0 5 0 6 2 / P1 / ply 3
//
// The body is P1's houses 1..H and store, P2's houses 1..H and store, the
// seat to move (also kept when the game is over) and the ply count. Decode
// checks the counts (plain digits), that they add up to 2·houses·seeds, and
// that ply 0 is exactly the start; "/ ply N" may be left out for ply 0.
//
// # Search
//
// Board is the compact position (a fixed array of int16 pit counts, the seat
// to move and the rules flag): copy it and call Sow to make a move. Key packs
// a position into a comparable [4]uint64 and Key.Hash gives a 64-bit hash for
// transposition tables; HousesKey leaves the stores out.
package kalah
