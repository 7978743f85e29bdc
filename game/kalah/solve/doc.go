// Package solve computes the exact value of Kalah positions: the final margin
// (first seat minus second, each side counting its houses plus its store when
// the game ends, as kalah.State.Score does) with perfect play by both sides.
//
// The method is the one of Irving, Donkers and Uiterwijk, "Solving Kalah"
// (ICGA Journal 2000):
//
//   - The value searched is relative to the stores: what the side to move
//     will gain over its opponent from here on. It depends only on the houses,
//     so positions that differ only in their stores share one table entry, and
//     every position is seen from the side to move (its houses first).
//   - MTD(f): a sequence of zero-window alpha-beta searches converging on the
//     value, with a large transposition table that keeps both bounds.
//   - Enhanced transposition cutoffs: before searching the moves of a node,
//     its children are looked up in the table (and in the database) for a
//     bound that already refutes the window.
//   - Move ordering: the table's move first, then moves that give another
//     turn, then captures and other gains.
//   - Futility pruning on the seeds left: a side can gain at most the seeds
//     still in the houses, so when that cannot reach the window, the node is
//     cut without a search.
//   - Endgame databases: every position with at most N seeds in the houses,
//     indexed exactly by a combinatorial rank, solved recursively level by
//     level (a move never adds seeds to the houses, and within a level seeds
//     only move forward, so there are no cycles) and cached in memory for the
//     process, per number of houses and capture rule.
//
// The rules are the engine's (docs/rules.md §2): the game ends when the seat to
// move has no seeds in its houses, and each side then scores its houses plus
// its store. Tests check the solver against plain minimax through the public
// game API.
package solve
