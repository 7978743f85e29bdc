// Package kalahai is Kalah's computer players, registered with
// game.RegisterPlayers: the rules' Beginner; Medium, a four-ply alpha-beta
// search; and Difficult, which asks the exact solver (game/kalah/solve)
// first once few seeds are left in the houses (exact.go) and searches
// otherwise. The search walks copies of the engine's compact board
// (position.go) and keys its table by the engine's exact position key; its
// evaluation is the store difference plus a share of the seeds in the
// houses.
package kalahai
