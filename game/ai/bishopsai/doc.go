// Package bishopsai is Mad Bishops' computer players, registered with
// game.RegisterPlayers: the rules' Beginner, and the core's alpha-beta (or
// minimax) search over the engine's make/unmake (position.go) for Medium
// (two plies) and Difficult. The evaluation counts material, kill threats
// and mobility; the quiescence search plays out recaptures at the horizon.
package bishopsai
