// Package store keeps Boardroom's rooms: their game and options, their seats
// (token hashes, never tokens, and their holders' names), the log of turns
// with times, the save slot, the result and the chat. Store is the interface
// the rooms depend on, with two implementations that Open picks by the DSN:
// SQLite, the default (one file, one process; modernc.org/sqlite, no cgo),
// and Postgres (a database shared by the nodes of a cluster, pgx), which
// also keeps which node owns each room (Leases) and fences every write
// (lease.go). Both pass the suite of package storetest.
package store

import (
	"context"
	"errors"
	"time"

	"boardroom/rating"
	"boardroom/realtime/vocab"
)

// ErrNotFound is returned for a room that does not exist.
var ErrNotFound = errors.New("no such room")

// Seat is who holds one seat of a room.
type Seat struct {
	// Kind is who holds the seat (vocab.Free: nobody).
	Kind vocab.SeatKind `json:"kind,omitempty"`
	// TokenHash is the hex SHA-256 of the seat token of a human seat.
	TokenHash string `json:"token_hash,omitempty"`
	// Name is a human seat's display name, as its holder gave it (already
	// cleaned); empty in seats stored before names, which show a default.
	Name string `json:"name,omitempty"`
	// Engine is the name of the program that holds a human seat (a seat
	// held by a token, as a person's is) and plays an engine's moves
	// there: every page shows it as "Engine: NAME". Empty for a person.
	Engine string `json:"engine,omitempty"`
	// Account is the username of a human seat's holder who was signed in
	// when they took it (their Name is then that username); empty for a
	// guest.
	Account string `json:"account,omitempty"`
	// BotAccount marks an Account that is a bot's (an engine's, made by a
	// person: Bots), which every page marks BOT.
	BotAccount bool `json:"bot_account,omitempty"`
	// Level and Algorithm configure a bot seat.
	Level     vocab.Level `json:"level,omitempty"`
	Algorithm string      `json:"algorithm,omitempty"`
	// Pace is the speed of computer against computer (empty: the server's
	// default).
	Pace vocab.Pace `json:"pace,omitempty"`
}

// Turn is one played turn of the log.
type Turn struct {
	Notation string
	At       time.Time
	// Think is how long the seat took (a computer's think time, or a
	// human's time on the clock).
	Think time.Duration
	// Info is what a computer said about its move (depth, evaluation), as JSON.
	Info string
	// Due is the deadline of the turn this one hands over to, in a
	// correspondence room (zero: none). It is not kept with the turn:
	// AppendTurn writes it on the room, in the turn's one write.
	Due Due
}

// Room is everything stored about one room.
type Room struct {
	ID      string
	Game    string
	Options map[string]string
	Mode    vocab.Mode
	Clock   vocab.Clock
	// Days are a correspondence clock's days a move (0 for the others).
	Days int
	// Tournament is the event whose game this is ("": none; Tournaments);
	// Berserk the seats that halved their time in it (read with the room).
	Tournament string
	Berserk    [2]bool
	Seats      [2]Seat
	// Due is the deadline of the turn being played, in a correspondence
	// room (zero: none; Deadlines).
	Due Due
	// Turns is the log of the game as it stands (an undone turn is removed).
	Turns []Turn
	// Save is the save slot: the turns of the saved game; nil when empty.
	Save []string
	// Over is set when the game has ended; Winner is 0 or 1, or -1 for a
	// draw (and for an aborted game); Reason says why.
	Over   bool
	Winner int
	Reason string
	// Aborted marks a game ended before each side had moved: no result,
	// never listed.
	Aborted bool
	// Private rooms are never listed in the lobby; the link still opens them.
	Private bool
	// Rated says the game counts for its players' ratings (the creator's
	// choice; both seats must then be accounts).
	Rated bool
	// Open marks an open challenge: a friend room that anyone in the
	// lobby may take the free seat of. Seeking says the lobby lists it now
	// (the seat is free and the creator's page open: SetSeeking).
	Open, Seeking bool
	// RatingChanges is how the game moved its seats' ratings, once it was
	// rated (SetResult); nil before and for a game not rated.
	RatingChanges *[2]rating.Change
	// Next is the room where the players went on with a rematch; set on
	// the record of the finished game the rematch followed.
	Next string
	// ClockFrom is when the clock of the turn being played started, when
	// that is not the last turn's At: a clock started by a seat taken, an
	// undo, a load, a new game or a rematch, one resumed after the room
	// was stopped, or the room's creation. Zero when the last turn's At is
	// the start (a move was just stored: every change of the log clears
	// it), or no clock start was recorded.
	ClockFrom time.Time
	// ClockStopped is when the room last stopped with its clock running
	// (a shutdown, a hand-over, an unload): the clock stood still from
	// then until the room ran again. Zero when the room did not stop
	// cleanly (a crash), or its clock has run since (SetClockFrom and
	// every change of the log clear it).
	ClockStopped time.Time
	Created      time.Time
	Updated      time.Time
}

// ChatMessage is one message of a room's chat.
type ChatMessage struct {
	// Name is its writer's display name when it was written.
	Name string
	// Seat is the seat its writer held (0 or 1), or -1 for a spectator.
	Seat int
	Text string
	At   time.Time
}

// Result is how a game ended, or that it goes on (Over false).
type Result struct {
	Over    bool
	Winner  int // 0 or 1; -1 for a draw or an aborted game
	Reason  string
	Aborted bool
	// AbortedBy is the seat whose holder aborted the game (by Abort, or by
	// not making a first move in time); -1 for none, or for both. Only a
	// Result with Aborted set reads it.
	AbortedBy int
	// Moves counts each seat's moves, for an event's game (an arena's
	// berserk counts a win's length in them).
	Moves [2]int
}

// Listed reports whether the lobby lists a room: not private, not aborted,
// and both seats held (a friend room waiting for its friend is nobody
// else's to take).
func Listed(private, aborted bool, seats [2]Seat) bool {
	return !private && !aborted && seated(seats)
}

// seated reports whether both seats are held (the rooms' seated column).
func seated(seats [2]Seat) bool { return seats[0].Kind != vocab.Free && seats[1].Kind != vocab.Free }

// Summary describes a room for the lobby's lists.
type Summary struct {
	ID, Game string
	Mode     vocab.Mode
	Clock    vocab.Clock
	Days     int // a correspondence clock's days a move
	Options  map[string]string
	Seats    [2]Seat
	Turns    int
	Over     bool
	Winner   int
	Reason   string
	Updated  time.Time
	Rated    bool
	// RatingChanges is how a rated game moved its seats' ratings (nil:
	// not rated, or not yet).
	RatingChanges *[2]rating.Change
}

// Store persists rooms. Every method is safe for concurrent use. A write
// returns only once it is durable.
type Store interface {
	// CreateRoom stores a new room with its seats and turns.
	CreateRoom(ctx context.Context, r *Room) error
	// Room loads one room with its turns.
	Room(ctx context.Context, id string) (*Room, error)
	// SetSeats records who holds the seats.
	SetSeats(ctx context.Context, id string, seats [2]Seat) error
	// AppendTurn adds turn number ply (0-based) to the log. Like every
	// change of the log (ReplaceTurns, Rematch) it clears the clock's
	// recorded start and stop: the new turn's clock starts at t.At. It
	// records t.Due as the room's deadline (SetDue) in the same write.
	AppendTurn(ctx context.Context, id string, ply int, t Turn) error
	// ReplaceTurns replaces the whole log (undo, redo, load, new game),
	// and deletes the room's forecasts, made for the log it replaces.
	ReplaceTurns(ctx context.Context, id string, turns []Turn) error
	// SetClockFrom records that the clock of the turn being played runs
	// from from (zero: from the last turn's At), and clears a recorded
	// stop. It stamps the room as changed.
	SetClockFrom(ctx context.Context, id string, from time.Time) error
	// SetClockStopped records that the room stopped at at with its clock
	// running (zero clears it). It leaves the room's changed time as it
	// was: nothing anyone sees has changed.
	SetClockStopped(ctx context.Context, id string, at time.Time) error
	// SetSeeking records whether an open challenge is listed in the
	// lobby's challenges now. It leaves the room's changed time alone.
	SetSeeking(ctx context.Context, id string, on bool) error
	// SetSave fills the save slot; nil empties it.
	SetSave(ctx context.Context, id string, save []string) error
	// SetResult records how the game ended, or that it goes on (Over false).
	// The end of a rated room's game with a result also rates both
	// players, in the same transaction: it returns what that changed. It
	// rates a game once: the result of a game rated already is final, and
	// writing one again changes nothing and returns the changes made then.
	SetResult(ctx context.Context, id string, res Result) (*[2]rating.Change, error)
	// Rematch starts a new game in room id, in one write: the game that
	// ended there is kept as the finished room archive (nil: not kept), the
	// room's log, result and rating changes are cleared and its seats
	// become seats (whether it is rated stays); its forecasts go.
	Rematch(ctx context.Context, id string, archive *Room, seats [2]Seat) error
	// Restorable lists the ids of the rooms to run again at a start: every
	// one whose game is not over but a correspondence game between people,
	// which sleeps in the store until a page, a move or its deadline
	// (Deadlines) wakes it. A computer's correspondence game is run: the
	// computer may be to move.
	Restorable(ctx context.Context) ([]string, error)
	// List returns up to limit listed rooms (see Listed), most recently
	// changed first: live ones (over false) or finished ones (over true).
	// A live room is listed only if it changed or was seen (SetSeen) at or
	// after since (zero: any). offset skips that many first (the lobby's
	// pages).
	List(ctx context.Context, over bool, since time.Time, limit, offset int) ([]Summary, error)
	// SetSeen records that a page was open in each of rooms ids at at (a
	// room not stored is passed over). It leaves their changed time alone:
	// nothing anyone sees has changed.
	SetSeen(ctx context.Context, ids []string, at time.Time) error
	// AppendChat adds a message to room id's chat (the oldest beyond a few
	// hundred go).
	AppendChat(ctx context.Context, id string, m ChatMessage) error
	// Chat returns the last (at most) messages of room id's chat, oldest
	// first.
	Chat(ctx context.Context, id string, last int) ([]ChatMessage, error)
	// DeleteIdle removes rooms untouched since before, whose game never
	// started, except those in keep, and returns how many went. A
	// correspondence room (whose first move may take days, whose open
	// challenge waits for days) goes only once untouched for 14 days more.
	DeleteIdle(ctx context.Context, before time.Time, keep []string) (int, error)
	// Ratings are the players' ratings the rooms show on their seats.
	Ratings
	// Links say who may not play whom rated, which a rated room checks as
	// its seat is taken.
	Links
	// The other domains: both engines keep them all, so that no caller
	// asks whether a store does.
	Accounts
	Passkeys
	Bots
	Pools
	PlayerGames
	GamesInPlay
	PlayerLists
	// Forecasts are the conditional moves of correspondence games.
	Forecasts
	Seeks
	Presence
	DirectChallenges
	Push
	Deadlines
	Tournaments
	Vacations
	Close() error
}

// Both engines keep every domain.
var (
	_ Store = (*SQLite)(nil)
	_ Store = (*Postgres)(nil)
)
