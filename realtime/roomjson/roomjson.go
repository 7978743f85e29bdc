// Package roomjson is the JSON form of a room, for programs: what a connection
// opened with /r/{id}/ws?format=json is sent instead of the page's HTML,
// and the messages a program sends (the page's own). docs/protocol.md
// describes the protocol; these types are its messages, shared by the
// server (package realtime) and the programs written in Go (cmd/bot).
//
// Every message the server sends is one JSON object with a "type": a State
// whenever what the connection sees changes, an Error when one of its
// messages was refused (it changed nothing), a Notice when one was done
// and said so. A program sees exactly what the page of the same viewer
// sees: on a simultaneous turn, never the other seat's secret choice.
package roomjson

import (
	"encoding/json"
	"fmt"
)

// The message types.
const (
	TypeState  = "state"
	TypeError  = "error"
	TypeNotice = "notice"
)

// Who holds a seat (Seat.Kind).
const (
	KindFree     = "free"     // nobody: a program or a person may join
	KindPerson   = "person"   // a person (by their seat token)
	KindEngine   = "engine"   // a program that joined with an engine name
	KindComputer = "computer" // the server's own computer player
)

// State is the room as one connection sees it now.
type State struct {
	Type string `json:"type"` // TypeState
	// Room is the room's id; Game the game's id ("kalah"), GameName its
	// name; Options every option of the game with its value.
	Room     string            `json:"room"`
	Game     string            `json:"game"`
	GameName string            `json:"game_name"`
	Options  map[string]string `json:"options"`
	// Mode is how the room is played: friend, hotseat, computer, watch.
	Mode string `json:"mode"`
	// Version counts the room's changes; a state repeats one already sent
	// when nothing the program sees changed but the time.
	Version uint64  `json:"version"`
	Seats   [2]Seat `json:"seats"`
	// You lists the seats (0, 1) this connection's token holds; empty for
	// a spectator.
	You []int `json:"you"`
	// Moves is the game's every turn so far in the game's notation; a
	// simultaneous turn is written with both choices, "b2+e5".
	Moves []string `json:"moves"`
	// ToMove lists the seats to move (both on a simultaneous turn); empty
	// when the game is over.
	ToMove []int `json:"to_move"`
	// Simultaneous says the game's turns are simultaneous (Angels &
	// Demons): both seats choose, each in secret, and the turn is played
	// once both have.
	Simultaneous bool `json:"simultaneous"`
	// YourTurn says a {"move":...} from this connection is awaited now, for
	// seat Acting (-1 when it is not your turn).
	YourTurn bool `json:"your_turn"`
	Acting   int  `json:"acting"`
	// YourChoice is this connection's own secret choice on a simultaneous
	// turn, once made ("" before).
	YourChoice string `json:"your_choice,omitempty"`
	// Legal lists the acting seat's legal moves in notation, when the
	// connection asked for them (legal=true) and it is its turn.
	Legal []string `json:"legal,omitempty"`
	// Waiting says the room waits for a second player to join.
	Waiting bool `json:"waiting"`
	// Turn is the page's sentence about the turn ("Your move").
	Turn string `json:"turn"`
	// Clock is the move clock; nil when the room has none.
	Clock *Clock `json:"clock,omitempty"`
	// Proposal is a player's proposal waiting for the other's answer.
	Proposal *Proposal `json:"proposal,omitempty"`
	// Forecast is this connection's conditional moves in a game played
	// across days (protocol.md, "Conditional moves"): each stored line's
	// moves from the position now, in notation; absent when none.
	Forecast [][]string `json:"forecast,omitempty"`
	Over     bool       `json:"over"`
	// Result is how the game ended; nil while it goes on.
	Result *Result `json:"result,omitempty"`
	// Next is the room's address where the players went on with a rematch
	// ("/r/ID"): this game is then a record.
	Next string `json:"next,omitempty"`
}

// Seat is one seat of the room.
type Seat struct {
	// Name is the seat's name in the game ("South", "Angel").
	Name string `json:"name"`
	// Kind is one of the Kind constants.
	Kind string `json:"kind"`
	// Holder is what the page shows for the holder: a person's name,
	// "Engine: NAME", "Computer · Beginner", "Free seat".
	Holder string `json:"holder"`
	// Engine is the name an engine joined with ("" for others).
	Engine string `json:"engine,omitempty"`
	Yours  bool   `json:"yours"`
	ToMove bool   `json:"to_move"`
	// Chosen says the seat has made its secret choice this turn (which
	// choice is never here, unless Yours: see State.YourChoice).
	Chosen bool `json:"chosen"`
	// Online says a connection of the holder is open (computer seats are
	// always online).
	Online bool `json:"online"`
}

// Clock is the move clock.
type Clock struct {
	// Running says the clock counts down for the seats to move; it does
	// not before both seats are held, nor for a computer seat.
	Running bool `json:"running"`
	// RemainingMS is the time left when the state was sent, while running;
	// otherwise the whole period.
	RemainingMS int64 `json:"remaining_ms"`
	// PeriodMS is the time a seat has for each move.
	PeriodMS int64 `json:"period_ms"`
	// FirstMove says the time running is the wait for a seat's first
	// move: when it runs out the game is aborted.
	FirstMove bool `json:"first_move"`
	// Days are a correspondence clock's days a move (absent for the
	// others, whose period is seconds).
	Days int `json:"days,omitempty"`
	// Left is RemainingMS in words, in days and hours for a correspondence
	// clock ("2 days 5 h", "5 h 12 min" under a day); absent for the
	// others.
	Left string `json:"left,omitempty"`
	// Vacation says the clock stands still (Running is false) because the
	// player to move is on vacation, until when ("On vacation until Mon
	// 15 Jun, 08:00 UTC"); RemainingMS is what they have.
	Vacation string `json:"vacation,omitempty"`
}

// Proposal is a proposal waiting for an answer: "takeback", "new",
// "save", "load", "rematch" or "draw". The other player answers it with
// the actions takeback-accept or takeback-decline (a rematch may also be
// accepted with the action rematch, a draw with offer-draw).
type Proposal struct {
	Kind    string `json:"kind"`
	FromYou bool   `json:"from_you"`
}

// Result is how a game ended.
type Result struct {
	// Winner is the seat that won, or -1 for a draw or an aborted game.
	Winner int `json:"winner"`
	// Aborted says the game ended with no result (a first move not made
	// in time, or aborted by a player before each side had moved).
	Aborted bool `json:"aborted"`
	// Reason is why it ended ("no legal move", "South resigned").
	Reason string `json:"reason"`
	// Text is the page's sentence ("South wins — no legal move").
	Text string `json:"text"`
}

// Error says why a message of this connection changed nothing.
type Error struct {
	Type string `json:"type"` // TypeError
	// Reason is a word for programs: "protocol", "illegal", "not your
	// turn", "not allowed", "over", "not now", "failed", "too fast",
	// "too long".
	Reason string `json:"reason"`
	// Text is the sentence the page shows.
	Text string `json:"text"`
}

// Notice says something this connection asked for was done ("Game
// saved.").
type Notice struct {
	Type string `json:"type"` // TypeNotice
	Text string `json:"text"`
}

// Message is any message from the server: Type says which of State, Error
// and Notice it holds.
type Message struct {
	Type   string
	State  *State
	Error  *Error
	Notice *Notice
}

// Decode reads one message from the server.
func Decode(data []byte) (Message, error) {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Message{}, fmt.Errorf("roomjson: not a JSON message: %w", err)
	}
	m := Message{Type: head.Type}
	var err error
	switch head.Type {
	case TypeState:
		m.State = &State{}
		err = json.Unmarshal(data, m.State)
	case TypeError:
		m.Error = &Error{}
		err = json.Unmarshal(data, m.Error)
	case TypeNotice:
		m.Notice = &Notice{}
		err = json.Unmarshal(data, m.Notice)
	default:
		return Message{}, fmt.Errorf("roomjson: unknown message type %q", head.Type)
	}
	if err != nil {
		return Message{}, fmt.Errorf("roomjson: a message of type %s: %w", head.Type, err)
	}
	return m, nil
}

// Messages a program sends (the page's own; docs/protocol.md lists them
// all). Each is one JSON object in a text message.

// Join takes the free seat, under name; engine is the engine's name, shown
// on every page as "Engine: NAME" ("" for a person).
func Join(name, engine string) []byte {
	return mustMarshal(struct {
		Action string `json:"action"`
		Name   string `json:"name,omitempty"`
		Engine string `json:"engine,omitempty"`
	}{"join", name, engine})
}

// Move plays a move written in the game's notation (on a simultaneous
// turn, this seat's choice alone), made for the position after at turns
// (len of the state's moves): the room then knows the same message sent
// again, after a lost connection, for a re-send and answers it with a
// notice, and refuses it if the game has gone on.
func Move(notation string, at int) []byte {
	return mustMarshal(struct {
		Move string `json:"move"`
		At   int    `json:"at"`
	}{notation, at})
}

// Action sends a button's action ("resign", "takeback-accept", ...).
func Action(action string) []byte {
	return mustMarshal(struct {
		Action string `json:"action"`
	}{action})
}

// Chat sends a chat message.
func Chat(text string) []byte {
	return mustMarshal(struct {
		Chat string `json:"chat"`
	}{text})
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("roomjson: " + err.Error()) // only strings: cannot fail
	}
	return b
}
