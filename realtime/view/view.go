// Package view is the data a room page shows one viewer: the room fills a
// Page, the templates draw it. It holds no logic and no rules, so the room
// (realtime) and the templates (web/templates) share it without depending on
// each other.
package view

import (
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// Seat is how one seat of the room looks to the viewer.
type Seat struct {
	Name string // "White", "P1", ...
	// Holder is who holds the seat: a person's name ("Alice"), what plays a
	// computer seat ("Computer · Difficult · Minimax") or "Free seat".
	Holder string
	Kind   vocab.SeatKind
	Yours  bool // the viewer holds this seat
	ToMove bool
	// Chosen is set on a simultaneous turn once the seat has chosen (what it
	// chose is not here unless it is Yours).
	Chosen bool
	Online bool // a connection of the holder is open
	// Account is the username of a signed-in holder (their page is
	// /@/Account); Guest marks a person's seat held without an account.
	Account string
	Guest   bool
	// Bot marks a seat held by a bot's account (an engine's, made by a
	// person: docs/accounts.md).
	Bot bool
	// Rating is the holder's rating in the room's game and speed ("1500?"
	// while provisional; "" for none shown); RatingChange what the rated
	// game that ended changed ("+12", "−8"), once it is rated.
	Rating       string
	RatingChange string
	// Berserk: the holder halved their time a move (an arena's game).
	Berserk bool
	// Vacation says the holder is on vacation from their games of days,
	// and until when ("On vacation until Mon 15 Jun, 08:00 UTC"); empty
	// when they are not.
	Vacation string
}

// Move is one line of the move list.
type Move struct {
	Ply  int // 1-based
	Seat int // the seat that moved, or -1 for a simultaneous turn
	Text string
	// Current marks the replay's position; outside a replay the page marks
	// the last move itself, so that a new move only appends to the list.
	Current bool
	// Info is what the computer said about the move ("depth 6 · eval +1.5 · 1.9 s").
	Info string
	// Said is what the move did in the game's words, beyond its notation
	// ("captured 7 seeds"); empty when there is nothing to add.
	Said string
}

// ChatLine is one message of the room's chat.
type ChatLine struct {
	// Name is its writer's display name.
	Name string
	// Seat is the seat its writer held (0 or 1), or -1 for a spectator.
	Seat int
	Text string
	At   time.Time
}

// Clock is the move clock as the viewer should animate it.
type Clock struct {
	Enabled bool
	Running bool
	// RemainingMS is the time left for the seat(s) to move when the page was
	// rendered; the page counts down from it.
	RemainingMS int64
	TotalMS     int64
	Label       string // "Fast · 30 s"
	// FirstMove says the time running is the wait for a first move, which
	// aborts the game when it runs out (the move clock starts after).
	FirstMove bool
	// Whose says whose time is running ("Your time", "White's time");
	// empty when none is.
	Whose string
	// Vacation says the clock stands still because the player to move is
	// on vacation, until when ("On vacation until Mon 15 Jun, 08:00
	// UTC"); Running is false then, RemainingMS what they have.
	Vacation string
}

// Request is a pending proposal that needs the other player's consent.
type Request struct {
	Kind   vocab.Proposal
	FromMe bool
	Text   string // "Your opponent asks to take back a move"
}

// Controls says which buttons the viewer may use.
type Controls struct {
	Join, Undo, Redo, Save, Load, New, Resign bool
	Pause, Resume, Step, Hint                 bool
	Replay                                    bool
	// Rematch starts a new game with the seats swapped (or offers it);
	// Abort ends a game not yet begun by both sides with no result;
	// ClaimWin and ClaimDraw end a game whose opponent has left.
	Rematch, Abort, ClaimWin, ClaimDraw bool
	// Draw offers the opponent a draw (between two people, in a game that
	// can end drawn); the opponent's offer is answered on its request card.
	Draw bool
	// Berserk halves the viewer's time a move in an arena's game, before
	// their first move.
	Berserk bool
}

// Replay is the viewer's position in a replay.
type Replay struct {
	Active  bool
	Ply     int // turns shown
	Total   int
	Playing bool
}

// Page is everything the room page shows one viewer.
type Page struct {
	RoomID   string
	ShareURL string
	Version  uint64

	Game    game.Game
	Options string // "houses=6 seeds=4"
	Mode    vocab.Mode
	// State is the position shown: the live one, or the replay's.
	State game.State

	Seats      [2]Seat
	Spectators int
	Spectator  bool // the viewer holds no seat

	Turn string // "Your move", "White to move", "Game over"
	// Step is what the viewer is asked to do next towards a move ("Now
	// shoot an arrow"), when the game says; Steps are the prompts of every
	// click of a move (game.Stepper), for the page that builds the move
	// itself from Paths.
	Step  string
	Steps []string
	Over  bool
	// Aborted says the game ended with no result.
	Aborted bool
	// Rated says the game counts for both players' ratings; SignInToJoin
	// that the viewer could take its free seat once signed in.
	Rated        bool
	SignInToJoin bool
	// Next is the address of the rematch this finished game was followed
	// by ("/r/ID"); empty when there is none.
	Next string
	// Event is the address of the event this game is of ("/t/ID"); empty
	// when none.
	Event  string
	Status string // the result when over ("White wins — no legal move")
	// Score is the scoreboard line (game.ScoreLine), when the room has
	// worked it out for State; empty, the page works it out.
	Score string
	Clock Clock

	Moves []Move
	// Chat is the room's last messages, oldest first (read only: it is
	// the room's own).
	Chat []ChatLine
	// BotInfo is what the computer said of its last move, in a sentence;
	// BotDetails the search's own report behind it.
	BotInfo    string
	BotDetails string
	Request    *Request
	Controls   Controls
	// Invitation tells a visitor who may join a friend room who invited
	// them, to what, and which side they will play ("" for anyone else).
	Invitation string
	Replay     Replay
	Paused     bool

	// Selected are the cells the viewer has clicked towards a move; Targets
	// the cells it may click next; LastMove the cells of the last turn.
	Selected []game.Cell
	Targets  map[game.Cell]bool
	LastMove []game.Cell
	// Paths are the clicks of every legal move of the viewer's seat to move
	// (EncodePaths), from which the page marks what may be clicked and
	// builds a move of several clicks by itself. Empty when the viewer has
	// no move to make, or the room holds clicks of its towards one
	// (Selected): then the server marks the targets (ServerMarks).
	Paths string
	// MyChoice is the viewer's own hidden choice on a simultaneous turn.
	MyChoice []game.Cell
	// Hint are the cells of the move the computer suggested to this viewer.
	Hint []game.Cell
	// Evals is the evaluation of every position of the game from the first
	// seat's view (the replay's graph); empty when there is none.
	Evals []float64

	// Flash is "ok" after the viewer's valid move, "bad" after an invalid
	// click; Error is a message for this viewer only.
	Flash string
	Error string
	// ErrorDetails are the numbers behind Error (a hint's search report),
	// behind a details toggle.
	ErrorDetails string
	// FlashID tells one flash or message from the next, so that a page
	// shows (and animates) a second one equal to the first.
	FlashID uint64

	// Forecast is the viewer's conditional moves, a player's in a game
	// played across days; nil where there are none to make. Forecasts
	// says the room takes them at all (the page has their part only
	// then: every part costs every update of every room).
	Forecast  *Forecast
	Forecasts bool

	// board is State's board as the game draws it, worked out once per
	// page (a render asks for it several times).
	board *game.Board
}

// Picture is a page that only shows a position (the lobby's lists, the
// rules), with its board worked out now: such a page may be cached and
// drawn by several requests at once, so nothing of it may be filled in
// lazily.
func Picture(g game.Game, s game.State) *Page {
	p := &Page{Game: g, State: s}
	p.Board()
	return p
}

// Board is the board of the position the page shows, worked out on the
// first call: a page being drawn belongs to one goroutine (see Picture
// for one that is shared).
func (p *Page) Board() *game.Board {
	if p.board == nil {
		b := game.ViewOf(p.Game).Board(p.State)
		p.board = &b
	}
	return p.board
}

// Selectable reports whether c is a target the viewer may click next.
func (p *Page) Selectable(c game.Cell) bool { return p.Targets[c] }

// ServerMarks reports whether the server draws the targets: not when the
// page draws them itself from Paths.
func (p *Page) ServerMarks() bool { return p.Paths == "" }

// IsSelected reports whether c is among the viewer's clicks so far.
func (p *Page) IsSelected(c game.Cell) bool { return contains(p.Selected, c) }

// InLastMove reports whether c was part of the last turn.
func (p *Page) InLastMove(c game.Cell) bool { return contains(p.LastMove, c) }

// IsHint reports whether c is part of the suggested move.
func (p *Page) IsHint(c game.Cell) bool { return contains(p.Hint, c) }

// IsMyChoice reports whether c is the viewer's hidden simultaneous choice.
func (p *Page) IsMyChoice(c game.Cell) bool { return contains(p.MyChoice, c) }

func contains(cells []game.Cell, c game.Cell) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// Forecast is what the editor of a player's conditional moves shows.
type Forecast struct {
	// Editable says lines may be stored now: the opponent is to move.
	Editable bool
	// Lines are the stored lines, each from the position now, in the
	// game's notation.
	Lines [][]string
	// Said is what the forecast last did ("Your forecast answered …").
	Said string
	// Example and Help describe the game's notation (the move box's).
	Example, Help string
	// Theirs are the opponent's legal moves now, when few enough to list.
	Theirs []string
	// Max is how many lines may be stored, MaxMoves how many moves a line.
	Max, MaxMoves int
}
