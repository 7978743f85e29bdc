// Package ai is the search core of Boardroom's computer players: what the
// games' AI packages share, naming no game itself.
//
// Each game's computer players live in a package of their own under
// game/ai (amazonsai, kalahai, angelsai, bishopsai, demonsai), which
// registers them with game.RegisterPlayers; callers make a player with
// game.PlayersOf(g).New(level, algorithm, seed, budget) and never name
// those packages (game/all imports them for their side effect). Hint is
// the generic helper for a person's hint.
//
// # Levels
//
// Beginner is the game's own heuristic player (game.Beginner, wrapped by
// NewBeginner). Medium is a shallow fixed-depth search that a casual player
// can beat. Difficult is the strongest search a game has within a per-move
// budget (DefaultBudget unless the caller gives another); Profile and
// Settings carry a game's choices per level.
//
// # Algorithms
//
// The turn-based games implement Position on their engine's make/unmake
// fast path, so a search allocates nothing per node, and play it with
// SearchBot:
//
//   - alpha-beta (AlgoAlphaBeta, Searcher): negamax with iterative
//     deepening, a transposition table keyed by the position's hash
//     (Zobrist keys, or a game's own exact key), move ordering by the table's
//     move, killer moves and the history heuristic, aspiration windows
//     around the previous iteration's value, and quiescence on a
//     NoisyPosition's moves. A search stops at its Clock's deadline or when
//     its context ends, and plays the deepest completed iteration's move.
//   - minimax (AlgoMinimax): plain negamax over exactly the same tree (same
//     move lists, same leaf evaluation) without any pruning or table. At
//     equal depth both choose moves of equal value; alpha-beta visits far
//     fewer nodes.
//   - MCTS (AlgoMCTS, MCTSBot): UCT Monte-Carlo tree search over a
//     TreePosition, whose playouts are cut after a few random moves and
//     scored by the evaluation.
//
// A game may put a Shortcut in front of the search (an opening book, an
// exact solver, a planner for a case the search plays badly); the search
// then paces its iterations on the time the shortcut left it. A Helped
// position borrows cores from its worker for its own work (Amazons
// evaluates a node's leaves as a batch on two). A game whose turns are
// simultaneous solves each turn as a matrix game (MatrixGame, by regret
// matching) instead.
//
// # Workers and seats
//
// A search runs on a Worker: the reusable memory of one of the server's
// search workers (game/ai/engine), lent to each search it runs. The
// worker holds what is big and need not outlive a move: Difficult's
// transposition table (2^20 entries, 24 MiB), the search's buffers, the
// tree search's nodes, and what a game's package keeps there with Keep
// (Kalah's exact solver, Angels & Demons' matrices). A bot — a seat —
// keeps only what it learns of its own game: the history heuristic, the
// tag of its entries in the worker's table (a search sees only its own
// seat's entries, so one table serves every room as if each had its own),
// Medium's small table of its own (its fixed-depth choices must not
// depend on what else a worker searched), the Devil's watch of the
// Angel's walk, the Angels & Demons opponent model. The AI packages' bots
// are WorkerBots: ChooseOn runs them on a worker within a budget the
// caller may shorten; Choose runs them on a spare worker of the process
// (Alone), as the terminal and the tests use them. A search that wants
// more cores (the Devil's rollouts) borrows them from its worker's Lender,
// which the engine bounds.
//
// # Evaluations
//
// Every evaluation is in centipawn-like integer units from the point of view
// of the seat to move; wins and losses are ±Win adjusted by the distance to
// the end so that the search prefers quick wins and slow losses. Medium and
// Difficult add a small seeded noise to the evaluation, a pure function of
// the position, so that games differ from seed to seed yet repeat for one.
// EvalEstimate and FinishedEstimate turn evaluations into the estimates of
// game.Players (units of a hundred, from the first seat's view).
//
// The measurements behind the games' choices are in RESULTS.md.
package ai
