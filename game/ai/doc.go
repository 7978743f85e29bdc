// Package ai is Boardroom's computer players for the five games: Beginner,
// Medium and Difficult, a hint for people, and a quick static estimate for
// scoreboards.
//
// # Levels
//
// Beginner is the game's own heuristic player (game.Beginner: the rules'
// heuristics, or a random legal move where the rules give none). Medium is a
// shallow fixed-depth search that a casual player can beat. Difficult is the
// strongest search this package has for the game within a per-move budget
// (2 s unless NewWithBudget says otherwise).
//
// # Algorithms
//
// The turn-based games share one search core (search.go) over a small
// position interface (position.go) that each game implements on its engine's
// make/unmake fast path, so a search allocates nothing per node:
//
//   - "alphabeta": negamax alpha-beta with iterative deepening, a transposition
//     table keyed by Zobrist hashes (Kalah uses the engine's own exact key),
//     move ordering by TT move, killer moves and the history heuristic, and
//     aspiration windows around the previous iteration's value. A search stops
//     at its deadline or when its context ends, and plays the deepest
//     completed iteration's move.
//   - "minimax": plain negamax over exactly the same tree (same move lists,
//     same leaf evaluation) without any pruning or table, kept because the
//     original Amazons program let the player choose it. At equal depth both
//     choose moves of equal value; alpha-beta visits far fewer nodes.
//   - "mcts": UCT Monte-Carlo tree search whose playouts are cut after a few
//     random turns and scored by the evaluation (Amazons only).
//
// Two refinements sit in front of the search for Difficult: in Kalah, once
// few seeds are left in the houses, the exact solver (game/kalah/solve) is
// asked first with a slice of the budget (kalah_exact.go); in Angels &
// Devils, the Devil scores its blocks by a two-ply look-ahead that mixes the
// Angel's best and expected replies (angels_devil_choose.go), since against
// best play every Devil move on the default board loses; Difficult then
// spends the rest of its budget on simulated games after each of the best
// blocks, against a generic Angel heading for the edge, and plays the block
// after which escapes are rarest and latest (angels_rollout.go). While the
// Angel walks like the Beginner, Difficult's Devil instead plans against
// that exact walk: a table of how urgently each edge square is threatened
// (angels_walker.go) and rollouts of the walker after each urgent block
// (angels_plan.go).
//
// For Amazons the algorithm is selectable ("" picks the best one, see
// amazonsBest in bot.go for the measurement that chose it); the other games
// also accept "alphabeta" and "minimax", and use
// alpha-beta, except Angels & Demons, whose turns are simultaneous: each turn
// is a matrix game over a depth-limited lookahead, solved for a mixed
// strategy by regret matching and sampled (a deterministic choice would be
// exploitable). The equilibrium is only Difficult's safe floor: it keeps a
// posterior over a few models of the opponent (demons_model.go), learnt from
// the choices it sees over the game, and moves from the equilibrium towards
// the best reply to the believed model only as far as it can without its
// worst case falling more than a small bound below the game's value
// (demons_safe.go, after Ganzfried & Sandholm's safe exploitation); the
// algorithm "equilibrium" turns the model off. Medium answers the
// opponent's last square (demons_medium.go): predictable, so beatable.
//
// # Evaluations
//
// Every evaluation is in centipawn-like integer units from the point of view
// of the seat to move; wins and losses are ±Win adjusted by the distance to
// the end so that the search prefers quick wins and slow losses. Estimate
// converts to a human scale (see its doc).
package ai
