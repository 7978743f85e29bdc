// Package kalahai is Kalah's computer players, registered with
// game.RegisterPlayers: the rules' Beginner; Medium, a four-ply alpha-beta
// search; and Difficult, which plays the standard board's first moves from
// an opening book of solved positions (book.go, built by internal/mkbook in
// internal/kbook's format), asks the exact solver (game/kalah/solve) once
// few enough seeds are left in the houses (exact.go), and searches
// otherwise. The search walks copies of the engine's compact board
// (position.go) and keys its table by the engine's exact position key; its
// evaluation is the store difference plus, on the standard board, a value
// of the houses fitted to the solver's exact values (eval.go), and
// elsewhere a share of the seeds in the houses.
package kalahai
