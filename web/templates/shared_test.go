package templates

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// A broadcast draws each kind of viewer's frame with one frame.Shared, so
// that what several see alike (the board's cells, the move list, the chat)
// is drawn once and copied into the others. A copy must never show: each
// frame built so is the frame its page would be drawn alone, byte for
// byte, part for part and digest for digest, whoever was drawn before it.

// moment is a room at one moment of a random game: the live position and
// what every page of a broadcast shares (the move list, the chat).
type moment struct {
	name   string
	states []game.State // the positions after each turn, the first the start
	turns  [][]game.Move
	moves  []view.Move
	chat   []view.ChatLine
}

func (m *moment) live() game.State { return m.states[len(m.states)-1] }

// moments plays a random game of id and returns the room at its start, a
// few turns in, further on and at its end.
func moments(t *testing.T, id string, seed uint64) []*moment {
	t.Helper()
	rng := game.NewRand(seed)
	s := page(t, id, nil).State
	m := &moment{states: []game.State{s.Clone()}}
	var out []*moment
	snapshot := func(name string) {
		c := *m
		c.name = name
		c.states = slices.Clone(m.states)
		c.turns = slices.Clone(m.turns)
		c.moves = slices.Clone(m.moves)
		c.chat = slices.Clone(m.chat)
		out = append(out, &c)
	}
	snapshot("start")
	for ply := 1; ply <= 400 && !s.Outcome().Over; ply++ {
		toMove := s.ToMove()
		turn := randomTurn(rng, s)
		text := game.FormatTurn(s, turn)
		seat := -1
		if len(toMove) == 1 {
			seat = int(toMove[0])
		}
		require.NoError(t, s.Apply(turn...))
		m.states = append(m.states, s.Clone())
		m.turns = append(m.turns, turn)
		m.moves = append(m.moves, view.Move{Ply: ply, Seat: seat, Text: text, Info: "depth 2 · eval +0.5", Said: "said <" + text + ">"})
		if ply%3 == 0 {
			m.chat = append(m.chat, view.ChatLine{Name: "Bob & co", Seat: (ply/3)%3 - 1, Text: "move <" + text + ">", At: time.Unix(int64(ply)*60, 0)})
		}
		switch ply {
		case 3:
			snapshot("3 turns in")
		case 20:
			snapshot("20 turns in")
		}
	}
	snapshot("the end")
	return out
}

// viewerKind makes the page of one kind of viewer at moment m (nil when
// that kind has no page there: a choice to hold when no seat is to move).
type viewerKind struct {
	name string
	page func(t *testing.T, id string, m *moment) *view.Page
}

// base is the page every viewer of m starts from: the room's live
// position, move list and chat, which the room shares between its pages.
func base(t *testing.T, id string, m *moment) *view.Page {
	p := page(t, id, nil)
	p.State = m.live()
	p.Version = uint64(len(m.moves) + 7)
	p.Moves, p.Chat = m.moves, m.chat
	p.Spectators = 3
	p.Seats[0].Holder, p.Seats[1].Holder = "Alice", "Bob"
	p.Seats[0].Kind, p.Seats[1].Kind = vocab.Human, vocab.Human
	if n := len(m.turns); n > 0 {
		for _, mv := range m.turns[n-1] {
			p.LastMove = append(p.LastMove, mv.Path()...)
		}
	}
	if out := p.State.Outcome(); out.Over {
		p.Over, p.Turn, p.Status = true, "Game over", "Somebody won"
		p.Controls.Rematch, p.Controls.Replay = true, true
	} else {
		p.Turn = "Someone to move"
		for _, q := range p.State.ToMove() {
			p.Seats[q].ToMove = true
		}
	}
	return p
}

// toMove is the first seat to move at m, or false when the game is over.
func toMove(m *moment) (game.Player, bool) {
	if tm := m.live().ToMove(); len(tm) > 0 {
		return tm[0], true
	}
	return 0, false
}

// seated makes p the page of the holder of seat, with a player's controls.
func seated(p *view.Page, seat game.Player) {
	p.Spectator = false
	p.Seats[seat].Yours = true
	c := &p.Controls
	c.Undo, c.Save, c.Resign, c.New = len(p.Moves) > 0, !p.Over, len(p.Moves) > 0, true
	c.Abort = len(p.Moves) < 2 && !p.Over
	c.Draw = !p.Over
}

// mover is the page of the holder of the first seat to move at m, or nil
// when the game is over.
func mover(t *testing.T, id string, m *moment) (*view.Page, game.Player) {
	seat, ok := toMove(m)
	if !ok {
		return nil, 0
	}
	p := base(t, id, m)
	seated(p, seat)
	return p, seat
}

var viewerKinds = []viewerKind{
	{"spectator", func(t *testing.T, id string, m *moment) *view.Page {
		p := base(t, id, m)
		p.Spectator = true
		return p
	}},
	{"player to move, drawing its own targets", func(t *testing.T, id string, m *moment) *view.Page {
		p, seat := mover(t, id, m)
		if p == nil {
			return nil
		}
		p.Turn = "Your move"
		p.Paths = view.EncodePaths(p.State.Legal(seat, nil))
		p.Steps = game.StepsOf(p.State)
		return p
	}},
	{"player waiting", func(t *testing.T, id string, m *moment) *view.Page {
		seat, _ := toMove(m)
		p := base(t, id, m)
		seated(p, seat.Other())
		p.Controls.Resign = false // disabled, drawn greyed
		return p
	}},
	{"player halfway through a move", func(t *testing.T, id string, m *moment) *view.Page {
		p, seat := mover(t, id, m)
		if p == nil {
			return nil
		}
		legal := p.State.Legal(seat, nil)
		first := legal[0].Cells[0]
		p.Selected = []game.Cell{first}
		p.Targets = map[game.Cell]bool{}
		for _, mv := range legal {
			if mv.Len > 1 && mv.Cells[0] == first {
				p.Targets[mv.Cells[1]] = true
			}
		}
		p.Step = "Now the next click"
		return p
	}},
	{"player marked by the server", func(t *testing.T, id string, m *moment) *view.Page {
		p, seat := mover(t, id, m)
		if p == nil {
			return nil
		}
		p.Targets = map[game.Cell]bool{}
		for _, mv := range p.State.Legal(seat, nil) {
			p.Targets[mv.Cells[0]] = true
		}
		return p
	}},
	{"player with a secret choice", func(t *testing.T, id string, m *moment) *view.Page {
		p, seat := mover(t, id, m)
		if p == nil {
			return nil
		}
		p.MyChoice = p.State.Legal(seat, nil)[0].Path()
		p.Seats[seat].Chosen = true
		return p
	}},
	{"player given a hint", func(t *testing.T, id string, m *moment) *view.Page {
		p, seat := mover(t, id, m)
		if p == nil {
			return nil
		}
		legal := p.State.Legal(seat, nil)
		p.Hint = legal[len(legal)-1].Path()
		p.Paths = view.EncodePaths(legal)
		return p
	}},
	{"player against the clock", func(t *testing.T, id string, m *moment) *view.Page {
		p, seat := mover(t, id, m)
		if p == nil {
			return nil
		}
		p.Flash, p.FlashID = "ok", 4
		p.Clock = view.Clock{Enabled: true, Running: true, RemainingMS: 12_345, TotalMS: 30_000, Label: "Fast · 30 s", Whose: "Your time"}
		p.Seats[seat].Rating, p.Seats[seat.Other()].Rating, p.Seats[seat].RatingChange = "1500?", "1712", "+12"
		p.Seats[seat].Account, p.Seats[seat.Other()].Bot = "alice", true
		return p
	}},
	{"spectator of a first move's wait", func(t *testing.T, id string, m *moment) *view.Page {
		p := base(t, id, m)
		p.Spectator = true
		p.Clock = view.Clock{Enabled: true, FirstMove: true, RemainingMS: 60_000, TotalMS: 60_000, Label: "First move, or the game is aborted"}
		p.Invitation, p.Rated, p.Controls.Join = "Alice invites you to play <White>", true, true
		p.Request = &view.Request{Kind: vocab.TakebackProposal, Text: "Your opponent asks to take back a move"}
		return p
	}},
	{"player told off", func(t *testing.T, id string, m *moment) *view.Page {
		seat, _ := toMove(m)
		p := base(t, id, m)
		seated(p, seat)
		p.Flash, p.Error, p.ErrorDetails, p.FlashID = "bad", "That is not a legal move.", "details <here>", 9
		return p
	}},
	{"player looking back", func(t *testing.T, id string, m *moment) *view.Page {
		return lookingBack(t, id, m, len(m.moves)/2)
	}},
	{"spectator looking back at the start", func(t *testing.T, id string, m *moment) *view.Page {
		p := lookingBack(t, id, m, 0)
		p.Spectator, p.Seats[0].Yours = true, false
		return p
	}},
}

// lookingBack is a player's page in a replay of m's game at ply turns.
func lookingBack(t *testing.T, id string, m *moment, ply int) *view.Page {
	p := base(t, id, m)
	seated(p, game.First)
	p.State = m.states[ply]
	p.Replay = view.Replay{Active: true, Ply: ply, Total: len(m.moves)}
	p.Moves = slices.Clone(p.Moves)
	for i := range p.Moves {
		p.Moves[i].Current = i == ply-1
	}
	p.LastMove = nil
	if ply > 0 {
		for _, mv := range m.turns[ply-1] {
			p.LastMove = append(p.LastMove, mv.Path()...)
		}
	}
	p.Turn = "Looking back · " + p.Turn
	return p
}

// requireSameFrame fails unless got is want: the same bytes, parts, lists
// and digest.
func requireSameFrame(t *testing.T, want, got *frame.Frame, msg string) {
	t.Helper()
	require.Equal(t, string(want.HTML), string(got.HTML), msg)
	require.True(t, bytes.Equal(want.AppendBinary(nil), got.AppendBinary(nil)), "%s: the same parts and lists", msg)
	require.True(t, want.Digest().Equal(got.Digest()), "%s: the same digest", msg)
}

// TestSharedFramesAreFullRenders draws, for every game at several moments
// of a random game, a broadcast to every kind of viewer, each kind first in
// turn and the rest after it in the order given, with one Shared, and
// checks each frame against its page drawn alone.
func TestSharedFramesAreFullRenders(t *testing.T) {
	for _, id := range game.IDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			for _, m := range moments(t, id, 38) {
				t.Run(m.name, func(t *testing.T) {
					var pages []*view.Page
					var names []string
					alone := map[*view.Page]*frame.Frame{}
					for _, k := range viewerKinds {
						if p := k.page(t, id, m); p != nil {
							pages, names = append(pages, p), append(names, k.name)
							alone[p] = Renderer{}.Frame(p, nil)
						}
					}
					require.GreaterOrEqual(t, len(pages), 4)
					for first := range pages {
						shared := frame.NewShared()
						for i := range pages {
							at := (first + i) % len(pages)
							p := pages[at]
							f := Renderer{}.Frame(p, shared)
							requireSameFrame(t, alone[p], f, names[at]+" after "+names[first])
							f.Release()
						}
						require.Positive(t, shared.Segments(), "something was shared")
						shared.Release()
					}
					// Twice the same page in one broadcast (two spectators'
					// own renders: each with a message of its own).
					shared := frame.NewShared()
					for range 2 {
						requireSameFrame(t, alone[pages[0]], Renderer{}.Frame(pages[0], shared), "drawn twice")
					}
					shared.Release()
				})
			}
		})
	}
}

// TestSharedFramesUpdateAsFullRenders: a page sent frames built with
// sharing is sent the same updates as one sent frames drawn alone (the
// move list's new items appended), move after move.
func TestSharedFramesUpdateAsFullRenders(t *testing.T) {
	for _, id := range game.IDs() {
		t.Run(id, func(t *testing.T) {
			var aloneShown, sharedShown *frame.Digest
			appends := 0
			for i, p := range viewerPages(t, id, 5, false) {
				shared := frame.NewShared()
				player := *p
				player.Seats[0].Yours, player.Turn = true, "Your move"
				Renderer{}.Frame(&player, shared).Release() // the player's page first
				f := Renderer{}.Frame(p, shared)
				shared.Release()
				g := Renderer{}.Frame(p, nil)
				want := frame.Delta(aloneShown, g)
				require.Equal(t, string(want), string(frame.Delta(sharedShown, f)), "update %d", i)
				if bytes.Contains(want, []byte(`beforeend:#moves`)) {
					appends++
				}
				aloneShown, sharedShown = g.Digest(), f.Digest()
				f.Release()
				g.Release()
			}
			require.Positive(t, appends)
		})
	}
}

// TestConfirmedIsDrawnOnce: the buttons that ask before they act (Resign,
// Abort, New game) are the same in every player's controls; each is drawn
// once, not in every render.
func TestConfirmedIsDrawnOnce(t *testing.T) {
	p := page(t, "kalah", nil)
	p.Moves = []view.Move{{Ply: 1, Seat: 0, Text: "3"}}
	p.Controls.New, p.Controls.Resign = true, true
	Renderer{}.Frame(p, nil).Release()
	p.Controls.Resign = false
	Renderer{}.Frame(p, nil).Release()
	p.Controls.Abort = true
	Renderer{}.Frame(p, nil).Release()
	drawn := confirmDraws.Load()
	for range 20 {
		for _, abort := range []bool{false, true} {
			for _, resign := range []bool{false, true} {
				q := *p
				q.Controls.Abort, q.Controls.Resign = abort, resign
				html := string(Renderer{}.Frame(&q, nil).HTML)
				require.Contains(t, html, `data-action="new-confirm"`)
				if abort {
					require.Contains(t, html, `id="ask-abort"`)
				} else {
					require.Contains(t, html, `id="ask-resign"`)
				}
			}
		}
	}
	require.Equal(t, drawn, confirmDraws.Load(), "no button drawn again")

	// What is written is what the template draws.
	for _, k := range []confirmKey{
		{vocab.Resign, "button danger", "Resign", "Resign this game?", "Yes, resign", true},
		{vocab.NewGame, "button", "New game", "End this game and start a new one?", "Yes, new game", false},
	} {
		var drawnNow, cached bytes.Buffer
		require.NoError(t, confirmedButton(k.action, k.class, k.label, k.question, k.yes, k.disabled).Render(t.Context(), &drawnNow))
		require.NoError(t, confirmed(k.action, k.class, k.label, k.question, k.yes, k.disabled).Render(t.Context(), &cached))
		require.Equal(t, drawnNow.String(), cached.String())
		require.Contains(t, cached.String(), `data-action="`+string(k.action)+`-confirm"`)
	}
}
