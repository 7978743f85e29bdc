// Package amazonsai is the Game of the Amazons' computer players,
// registered with game.RegisterPlayers, and its scoreboard line (the
// computer's territory estimate, game.ScoreLiner).
//
// Beginner is the rules' heuristic player; Medium a one-turn search; and
// Difficult, by the person's choice (Algorithms), alpha-beta (the default),
// MCTS or minimax, on the core of game/ai. The search walks the engine's
// make/unmake with an incremental Zobrist hash and keeps, where it has depth
// to spare, only the most promising turns by a one-turn look (position.go).
// The evaluation (eval.go), after Lieberum's, weighs which side reaches
// each empty square first by queen and by king moves, and the amazons'
// mobility, moving towards pure territory as the board splits up. MCTS
// (tree.go) cuts its playouts after a few random turns and scores them by
// the same evaluation.
package amazonsai
