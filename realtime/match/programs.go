package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/roomjson"
	"boardroom/realtime/vocab"
)

// Programs in rooms: a connection opened with ?format=json is sent the
// room as JSON (package roomjson) instead of the page's HTML, so that a
// program in any language can take a seat and play (docs/protocol.md).
// What it sends is what a page sends. Its state is built only for such
// connections, once per distinct view in a broadcast (every program
// watching shares one), and from the same parts of the room as the page,
// so it shows exactly what that viewer's page shows: never the other
// seat's secret choice.

// Stream is what a connection asked to be sent.
type Stream struct {
	// JSON asks for the room as JSON (package roomjson) instead of HTML.
	JSON bool
	// Legal adds the legal moves to the JSON state when it is the
	// connection's turn.
	Legal bool
}

// ParseStream reads a WebSocket request's query: format=html (the
// default) or format=json, and with json, legal=true or false. Anything
// else is an error that says what is allowed.
func ParseStream(q url.Values) (Stream, error) {
	var s Stream
	for key, values := range q {
		if len(values) != 1 {
			return Stream{}, fmt.Errorf("the query gives %q %d times", key, len(values))
		}
		switch value := values[0]; key {
		case "format":
			switch value {
			case "html", "":
			case "json":
				s.JSON = true
			default:
				return Stream{}, fmt.Errorf("format must be html or json, got %q", shorten(value))
			}
		case "legal":
			legal, err := strconv.ParseBool(value)
			if err != nil {
				return Stream{}, fmt.Errorf("legal must be true or false, got %q", shorten(value))
			}
			s.Legal = legal
		default:
			return Stream{}, fmt.Errorf("unknown query parameter %q (known: format, legal)", shorten(key))
		}
	}
	if s.Legal && !s.JSON {
		return Stream{}, fmt.Errorf("legal=true goes with format=json")
	}
	return s, nil
}

// sendJSON sends a program's connection what changed for it: first the
// answer to its last message (an error or a notice), then the state, when
// the room has changed since the last one it was sent. states holds the
// states already encoded in this broadcast, by view (nil: none shared). A
// connection open on another node of a cluster is sent them by way of
// elsewhere, as one frame of its own holding the messages a line each,
// which its node sends on one by one (link.go).
func (r *Room) sendJSON(c *Conn, v *viewer, states map[string][]byte, elsewhere *Relayed) {
	var msgs [][]byte
	if v.err != "" {
		msgs = append(msgs, r.answerJSON(v))
	}
	v.flash, v.err, v.details = "", "", ""
	if !v.jsonSent || v.jsonVersion != r.version {
		msgs = append(msgs, r.stateJSON(c, v, states))
		v.jsonSent, v.jsonVersion = true, r.version
	}
	switch {
	case len(msgs) == 0:
	case c.far != nil:
		elsewhere.addJSON(c, frame.Whole(bytes.Join(msgs, []byte("\n"))))
	default:
		for _, b := range msgs {
			c.Send(frame.TextMessage(b))
		}
	}
}

// stateJSON is the encoded state a program's connection is to be sent,
// shared with the connections of the same view.
func (r *Room) stateJSON(c *Conn, v *viewer, states map[string][]byte) []byte {
	key := "spectator"
	if len(r.seats.mine(v.who)) > 0 {
		key = v.who.viewKey()
	}
	if c.stream.Legal {
		key += ":legal"
	}
	if b, ok := states[key]; ok {
		return b
	}
	b := mustJSON(r.roomState(v.who, c.stream.Legal))
	if states != nil {
		states[key] = b
	}
	return b
}

// JSONLines splits what sendJSON put in a program's frame back into its
// messages (encoding/json writes no line break inside a message).
func JSONLines(f *frame.Frame) [][]byte { return bytes.Split(f.HTML, []byte("\n")) }

// answerJSON is the error or the notice the viewer's last message earned.
func (r *Room) answerJSON(v *viewer) []byte {
	if v.flash == "ok" {
		return mustJSON(roomjson.Notice{Type: roomjson.TypeNotice, Text: v.err})
	}
	return mustJSON(roomjson.Error{Type: roomjson.TypeError, Reason: v.refused.label(), Text: v.err})
}

// roomState is the room as w sees it, with the legal
// moves of its turn when asked for.
func (r *Room) roomState(w Who, legal bool) *roomjson.State {
	mine := r.seats.mine(w)
	names := r.g.Seats()
	over := r.over()
	s := &roomjson.State{
		Type: roomjson.TypeState, Room: r.id, Game: r.g.ID(), GameName: r.g.Name(), Options: r.opts,
		Mode: string(r.mode), Version: r.version, You: make([]int, 0, 2), Moves: r.history.texts(),
		ToMove: []int{}, Simultaneous: r.g.Simultaneous(), Acting: -1, Waiting: r.seats.waiting() && !over, Over: over,
	}
	if s.Moves == nil {
		s.Moves = []string{}
	}
	s.Turn, _ = r.turnWords(mine)
	_, online := r.viewers.presence(&r.seats)
	toMove := r.state.ToMove()
	for i, held := range r.seats.held {
		p := game.Player(i)
		ws := roomjson.Seat{Name: names[i], Holder: r.holder(p), Yours: slices.Contains(mine, p),
			ToMove: !over && slices.Contains(toMove, p), Chosen: r.seats.pending[i] != nil}
		switch {
		case held.Kind == vocab.Free:
			ws.Kind = roomjson.KindFree
		case held.Kind == vocab.ComputerSeat:
			ws.Kind, ws.Online = roomjson.KindComputer, true
		case held.Engine != "":
			ws.Kind, ws.Engine, ws.Online = roomjson.KindEngine, held.Engine, ws.Yours || online[i]
		default:
			ws.Kind, ws.Online = roomjson.KindPerson, ws.Yours || online[i]
		}
		s.Seats[i] = ws
		if ws.Yours {
			s.You = append(s.You, i)
		}
		if ws.ToMove {
			s.ToMove = append(s.ToMove, i)
		}
	}
	if !over && !r.seats.waiting() {
		if m := r.myChoice(mine); m != nil {
			s.YourChoice = r.state.FormatMove(*m)
		}
		// A secret choice made may still be changed (a move sent again
		// replaces it), but the program has played its turn.
		if seat, ok := r.actingSeat(mine); ok && !r.seats.changing(seat) {
			s.YourTurn, s.Acting = true, int(seat)
			if legal {
				moves := r.legalMoves(seat)
				s.Legal = make([]string, len(moves))
				for i, m := range moves {
					s.Legal[i] = r.state.FormatMove(m)
				}
			}
		}
	}
	if r.clock.enabled() || r.clock.firstMove {
		s.Clock = &roomjson.Clock{Running: r.clock.running(), PeriodMS: r.clock.period.Milliseconds(), FirstMove: r.clock.firstMove}
		s.Clock.RemainingMS = s.Clock.PeriodMS
		if s.Clock.Running {
			s.Clock.RemainingMS = r.clock.remaining().Milliseconds()
			for _, p := range r.awayMovers() {
				if words := r.vacationWords(p); words != "" {
					s.Clock.Running, s.Clock.Vacation = false, words // standing still
				}
			}
		}
		if r.clock.correspondence() {
			s.Clock.Days = r.clock.days
			s.Clock.Left = vocab.Left(time.Duration(s.Clock.RemainingMS) * time.Millisecond)
		}
	}
	if len(mine) == 1 && r.forecasts.any() {
		s.Forecast = r.forecasts.lines[mine[0]].Lines
	}
	if r.request != nil {
		s.Proposal = &roomjson.Proposal{Kind: string(r.request.kind), FromYou: slices.Contains(mine, r.request.from)}
	}
	if over {
		out := r.outcome()
		// A program reads the result in the seats' words, whoever it is.
		text := r.resultWords(func(winner game.Player) string { return game.WinsText(r.g, winner) })
		s.Result = &roomjson.Result{Winner: int(out.Winner), Aborted: r.aborted, Reason: out.Reason, Text: text}
		if r.aborted {
			s.Result.Winner = -1
		}
	}
	if r.next != "" {
		s.Next = "/r/" + r.next
	}
	return s
}

// programRefusal says why a program's connection may not send m ("" when
// it may): a look back or a replay would leave its moves refused while its
// state, which always shows the live game, said nothing of why.
func programRefusal(m Message) string {
	if m.HasPly || m.Action.IsReplay() {
		return "A program's connection has no replay: its state lists every move of the game."
	}
	return ""
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("realtime: a program's message did not encode: " + err.Error()) // plain data: cannot fail
	}
	return b
}
