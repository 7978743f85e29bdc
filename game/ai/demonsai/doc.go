// Package demonsai is Angels & Demons' computer players, registered with
// game.RegisterPlayers. The turns are simultaneous, so there is no game
// tree to search: each turn is a matrix game.
//
// Difficult (bot.go) solves each turn's matrix game over a two-turn
// lookahead with the core's regret-matching solver (ai.MatrixGame) and
// samples its mixed strategy (a deterministic choice would be exploitable).
// That equilibrium is only its safe floor: it keeps a posterior over a few
// models of the opponent (model.go), learnt from the choices it sees, and
// moves from the equilibrium towards the best reply to the believed model
// only as far as it can without its worst case falling more than a small
// bound below the game's value (safe.go, after Ganzfried & Sandholm's safe
// exploitation), planning several turns ahead against a predictable model
// (plan.go). The algorithm AlgoEquilibrium turns the modelling off, for
// measurements. Medium (medium.go) answers the opponent's last square:
// predictable, so beatable.
package demonsai
