package match

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// What a page's socket says of a message it did not pass on as text: one
// over the rate limit, and a binary one. The room refuses either, saying
// why.
var (
	ErrTooFast = errors.New("too many messages: slow down")
	ErrBinary  = errors.New("bad message: binary messages are not accepted")
)

// MaxMessageBytes is the largest WebSocket message a page may send. Real
// messages are a few dozen bytes (plus the headers htmx adds).
const MaxMessageBytes = 4096

// ErrBadMessage wraps every reason a message from a page is refused.
var ErrBadMessage = errors.New("bad message")

// Message is one decoded message from a page: a click on a cell, an action
// or a chat message.
type Message struct {
	// Cell is set for a click ("1,2").
	Cell    game.Cell
	HasCell bool
	// Action is set for a button.
	Action vocab.Action
	// Ply is set to look at the position after that many turns (a click on
	// the move list): {"ply":N}.
	Ply    int
	HasPly bool
	// Name is the display name sent with a Join (its form's name field),
	// cleaned; "" when none was sent.
	Name string
	// Engine is the name of the engine a program seats with a Join
	// ({"action":"join","engine":"NAME"}), cleaned as names are; "" for a
	// person.
	Engine string
	// Chat is set for a chat message.
	Chat *Chat
	// MoveText is a move typed in the game's notation (the move box):
	// {"move":"d1-d7/g7"}.
	MoveText string
	HasMove  bool
	// Path is a whole move by its clicks, built in the page (pick.js):
	// {"path":"ROW,COL ROW,COL …"}; nil when not sent.
	Path []game.Cell
	// At is the number of turns played that a move (a typed move, a path
	// or a click) was made for: {"move":"3","at":12}. A move sent again
	// for a turn already played is then known as a re-send, not a new
	// move (Room.resent); without it a move is for the position now.
	At    int
	HasAt bool
	// Forecast is a change of the sender's conditional moves (forecast.go);
	// nil when none was sent.
	Forecast *ForecastChange
}

// ForecastChange is what a player asks of their forecast: one of Set (the
// whole forecast: {"forecast":[["e4","e5"],…]}, [] clears it), Add (a
// line of moves separated by spaces: {"forecast_add":"e4 e5 Nf3"}) or Drop
// (line N, from 1, or every line for 0: {"forecast_drop":N}).
type ForecastChange struct {
	Set    [][]string
	HasSet bool
	Add    []string
	Drop   int
	// HasDrop says Drop was sent.
	HasDrop bool
}

// Bounds on a forecast message, beyond the forecast's own (10 lines of 10
// moves, which the room checks in words).
const (
	maxForecastLines = 20
	maxForecastMoves = 20
)

// maxMoveText bounds a typed move (the longest notation is a few bytes).
const maxMoveText = 40

// maxPly bounds the turns a look back may name.
const maxPly = 1 << 20

// Chat is a chat message from a page: one line of text, cleaned as names
// are (no control or reordering characters, spaces made one), of 1 to
// vocab.MaxChatRunes characters.
type Chat struct{ Text string }

// ErrChatTooLong refuses a chat message of more than vocab.MaxChatRunes
// characters (it wraps ErrBadMessage).
var ErrChatTooLong = fmt.Errorf("%w: a chat message may be at most %d characters", ErrBadMessage, vocab.MaxChatRunes)

// wireMessage is the JSON a page sends; htmx adds HEADERS, which is ignored.
type wireMessage struct {
	Cell   *string `json:"cell"`
	Action *string `json:"action"`
	Ply    *int    `json:"ply"`
	Name   *string `json:"name"`
	Engine *string `json:"engine"`
	Chat   *string `json:"chat"`
	Move   *string `json:"move"`
	Path   *string `json:"path"`
	At     *int    `json:"at"`
	// The forecast's messages (ForecastChange).
	Forecast     *[][]string     `json:"forecast"`
	ForecastAdd  *string         `json:"forecast_add"`
	ForecastDrop *int            `json:"forecast_drop"`
	Hdrs         json.RawMessage `json:"HEADERS"`
}

// DecodeMessage parses and checks one message. Anything but a JSON object
// with exactly one of "cell" (as "ROW,COL"), "action" (a known action, and
// with "join" a "name" and an "engine"), "ply", "move" (notation), "path"
// (cells) or "chat" (text) is an error wrapping ErrBadMessage.
func DecodeMessage(data []byte) (Message, error) {
	if len(data) > MaxMessageBytes {
		return Message{}, fmt.Errorf("%w: %d bytes is more than %d", ErrBadMessage, len(data), MaxMessageBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var w wireMessage
	if err := dec.Decode(&w); err != nil {
		return Message{}, fmt.Errorf("%w: not a JSON object of cell, action or chat (%s)", ErrBadMessage, shorten(err.Error()))
	}
	if dec.More() {
		return Message{}, fmt.Errorf("%w: more than one JSON value", ErrBadMessage)
	}
	if w.Forecast != nil || w.ForecastAdd != nil || w.ForecastDrop != nil {
		return decodeForecast(w)
	}
	m, err := fromWire(w)
	if err != nil || w.At == nil {
		return m, err
	}
	if !m.HasMove && !m.HasCell && m.Path == nil {
		return Message{}, fmt.Errorf("%w: \"at\" goes only with a move, a path or a cell", ErrBadMessage)
	}
	if *w.At < 0 || *w.At > maxPly {
		return Message{}, fmt.Errorf("%w: at %d is not a turn of the game", ErrBadMessage, *w.At)
	}
	m.At, m.HasAt = *w.At, true
	return m, nil
}

// fromWire is the message w says, "at" aside.
func fromWire(w wireMessage) (Message, error) {
	given := 0
	for _, set := range []bool{w.Cell != nil, w.Action != nil, w.Ply != nil} {
		if set {
			given++
		}
	}
	switch {
	case w.Path != nil && (w.Move != nil || w.Cell != nil || w.Action != nil || w.Name != nil || w.Engine != nil || w.Ply != nil || w.Chat != nil):
		return Message{}, fmt.Errorf("%w: a move's path goes alone", ErrBadMessage)
	case w.Path != nil:
		return decodePath(*w.Path)
	case w.Move != nil && (w.Cell != nil || w.Action != nil || w.Name != nil || w.Engine != nil || w.Ply != nil || w.Chat != nil):
		return Message{}, fmt.Errorf("%w: a typed move goes alone", ErrBadMessage)
	case w.Move != nil:
		text := strings.TrimSpace(*w.Move)
		if text == "" || len(text) > maxMoveText {
			return Message{}, fmt.Errorf("%w: a typed move is 1 to %d characters", ErrBadMessage, maxMoveText)
		}
		return Message{MoveText: text, HasMove: true}, nil
	case w.Chat != nil && (w.Cell != nil || w.Action != nil || w.Name != nil || w.Engine != nil || w.Ply != nil):
		return Message{}, fmt.Errorf("%w: a chat message goes alone", ErrBadMessage)
	case w.Chat != nil:
		return decodeChat(*w.Chat)
	case (w.Name != nil || w.Engine != nil) && w.Action == nil:
		return Message{}, fmt.Errorf("%w: a name or an engine goes only with join", ErrBadMessage)
	case given > 1:
		return Message{}, fmt.Errorf("%w: more than one of a cell, an action and a ply", ErrBadMessage)
	case w.Ply != nil:
		if *w.Ply < 0 || *w.Ply > maxPly {
			return Message{}, fmt.Errorf("%w: ply %d is not a turn of the game", ErrBadMessage, *w.Ply)
		}
		return Message{Ply: *w.Ply, HasPly: true}, nil
	case w.Cell != nil:
		c, err := ParseCell(*w.Cell)
		if err != nil {
			return Message{}, err
		}
		return Message{Cell: c, HasCell: true}, nil
	case w.Action != nil:
		a, ok := vocab.ParseAction(*w.Action)
		if !ok {
			return Message{}, fmt.Errorf("%w: unknown action %q", ErrBadMessage, shorten(*w.Action))
		}
		m := Message{Action: a}
		if (w.Name != nil || w.Engine != nil) && a != vocab.Join {
			return Message{}, fmt.Errorf("%w: a name or an engine goes only with join", ErrBadMessage)
		}
		if w.Name != nil {
			if problem := NameProblem(*w.Name); problem != "" {
				return Message{}, fmt.Errorf("%w: %s", ErrBadMessage, problem)
			}
			m.Name = CleanName(*w.Name)
		}
		if w.Engine != nil {
			if m.Engine = CleanName(*w.Engine); m.Engine == "" {
				return Message{}, fmt.Errorf("%w: an engine's name may not be empty", ErrBadMessage)
			}
		}
		return m, nil
	}
	return Message{}, fmt.Errorf("%w: neither a cell, an action, a ply nor a chat message", ErrBadMessage)
}

// decodeForecast reads a change of the sender's forecast, which goes alone.
func decodeForecast(w wireMessage) (Message, error) {
	n := 0
	for _, set := range []bool{w.Forecast != nil, w.ForecastAdd != nil, w.ForecastDrop != nil, w.Cell != nil, w.Action != nil,
		w.Ply != nil, w.Name != nil, w.Engine != nil, w.Chat != nil, w.Move != nil, w.Path != nil, w.At != nil} {
		if set {
			n++
		}
	}
	if n > 1 {
		return Message{}, fmt.Errorf("%w: a forecast's message goes alone", ErrBadMessage)
	}
	fits := func(line []string) error {
		if len(line) > maxForecastMoves {
			return fmt.Errorf("%w: a forecast's line is at most %d moves", ErrBadMessage, maxForecastMoves)
		}
		for _, m := range line {
			if len(m) > maxMoveText {
				return fmt.Errorf("%w: a move is 1 to %d characters", ErrBadMessage, maxMoveText)
			}
		}
		return nil
	}
	var ch ForecastChange
	switch {
	case w.Forecast != nil:
		if len(*w.Forecast) > maxForecastLines {
			return Message{}, fmt.Errorf("%w: a forecast is at most %d lines", ErrBadMessage, maxForecastLines)
		}
		ch.HasSet = true
		for _, line := range *w.Forecast {
			var clean []string
			for _, m := range line {
				clean = append(clean, strings.Fields(m)...)
			}
			if err := fits(clean); err != nil {
				return Message{}, err
			}
			ch.Set = append(ch.Set, clean)
		}
	case w.ForecastAdd != nil:
		ch.Add = strings.Fields(*w.ForecastAdd)
		if len(ch.Add) == 0 {
			return Message{}, fmt.Errorf("%w: a forecast's line needs moves, separated by spaces", ErrBadMessage)
		}
		if err := fits(ch.Add); err != nil {
			return Message{}, err
		}
	default:
		if *w.ForecastDrop < 0 || *w.ForecastDrop > maxForecastLines {
			return Message{}, fmt.Errorf("%w: no forecast line %d", ErrBadMessage, *w.ForecastDrop)
		}
		ch.Drop, ch.HasDrop = *w.ForecastDrop, true
	}
	return Message{Forecast: &ch}, nil
}

// decodePath reads a move's clicks: 1 to game.MaxMoveCells cells, each
// "ROW,COL", separated by spaces.
func decodePath(text string) (Message, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 || len(fields) > game.MaxMoveCells {
		return Message{}, fmt.Errorf("%w: a move's path is 1 to %d cells", ErrBadMessage, game.MaxMoveCells)
	}
	path := make([]game.Cell, len(fields))
	for i, f := range fields {
		c, err := ParseCell(f)
		if err != nil {
			return Message{}, err
		}
		path[i] = c
	}
	return Message{Path: path}, nil
}

// decodeChat checks a chat message's text.
func decodeChat(text string) (Message, error) {
	text = cleanText(text)
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		return Message{}, fmt.Errorf("%w: a chat message needs something in it that can be seen", ErrBadMessage)
	case n > vocab.MaxChatRunes:
		return Message{}, ErrChatTooLong
	}
	return Message{Chat: &Chat{Text: text}}, nil
}

// ParseCell reads "ROW,COL" with both numbers from 0 to 99.
func ParseCell(text string) (game.Cell, error) {
	r, c, ok := strings.Cut(text, ",")
	row, err1 := strconv.Atoi(r)
	col, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || row < 0 || col < 0 || row > 99 || col > 99 {
		return game.Cell{}, fmt.Errorf("%w: cell %q is not ROW,COL", ErrBadMessage, shorten(text))
	}
	return game.Cell{Row: int8(row), Col: int8(col)}, nil
}

// shorten keeps error messages that quote the input small.
func shorten(s string) string {
	const most = 40
	if len(s) <= most {
		return s
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
