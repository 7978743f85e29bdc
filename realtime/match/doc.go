// Package match is a room: one match between two seats, run by one
// goroutine that owns the game, the seats, the move clock, the computer
// players, hints, the log and its replay, the chat, and what each viewer is
// shown (the pages' frames, and the JSON state for programs). Everything
// else talks to it by events, through its methods (Open, Input, Leave,
// Snapshot, Quit).
//
// It knows the game API, never a game's rules. It knows its viewers as
// Conns whose updates go to an Outlet (something that can be sent a framed
// update and be closed), and its store as store.Store. It knows neither
// sockets nor nodes: a page open elsewhere is a Conn with a Far, whose
// frames go to the room's Steward (elsewhere.go), and a registry — the
// server's hub — makes, loads and runs rooms (New, Load, Run).
package match
