// Package angelsai is Angels & Devils' computer players, registered with
// game.RegisterPlayers.
//
// The Angel searches with the core's alpha-beta (or minimax) over the
// engine's make/unmake (position.go), valuing a position by the free edge
// squares it can reach and how soon. The Devil needs more: against best
// play every Devil move on the default board loses, so it plans against a
// fallible Angel, as the search bot's ai.Shortcut (devilPlanner in
// players.go). While the Angel walks like the rules' Beginner, Difficult
// plans against that exact walk: a table of how urgently each edge square
// is threatened (walker.go), improved by rollouts of the walker after each
// urgent block (plan.go, watch.go). Otherwise the Devil scores its blocks by
// a two-ply look-ahead that mixes the Angel's best and expected replies
// (devil_choose.go, on the threat measure of devil.go), and Difficult then
// ranks the best blocks by simulated games against a generic Angel heading
// for the edge (rollout.go). Once the Angel is enclosed the search fills its
// region. The tuning knobs and their measured defaults are in params.go.
package angelsai
