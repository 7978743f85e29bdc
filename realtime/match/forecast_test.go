package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/forecast"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// correspondenceKalah is a Kalah game across days between alice (South,
// to move first) and bob, who joined.
func correspondenceKalah(t *testing.T, h *harness) (r *Room, alice, bob *client) {
	t.Helper()
	r = h.create(Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.CorrespondenceClock, Days: 3}, "alice")
	alice = h.connect(r, "alice")
	bob = h.connect(r, "bob")
	bob.action(vocab.Join)
	require.Equal(t, "P1 to move", bob.last().Turn)
	return r, alice, bob
}

func (cl *client) move(text string) *view.Page {
	return cl.send(Message{MoveText: text, HasMove: true})
}

func (cl *client) forecast(ch ForecastChange) *view.Page { return cl.send(Message{Forecast: &ch}) }

// forecastOf is what page p shows of the viewer's forecast: its lines and
// what it said (none when the page shows no forecast).
func forecastOf(p *view.Page) (lines [][]string, said string) {
	if p.Forecast == nil {
		return nil, ""
	}
	return p.Forecast.Lines, p.Forecast.Said
}

// storedLines are the lines of room r's forecasts as the store has them.
func storedLines(t *testing.T, h *harness, r *Room) (lines [][]string) {
	t.Helper()
	for _, f := range storedForecasts(t, h, r) {
		lines = append(lines, f.Lines...)
	}
	return lines
}

// storedForecasts are room r's forecasts as the store has them.
func storedForecasts(t *testing.T, h *harness, r *Room) []store.Forecast {
	t.Helper()
	fs, err := h.store.Forecasts(context.Background(), r.ID())
	require.NoError(t, err)
	return fs
}

// The waiting player's lines are played as the game goes on: a move they
// foresaw is answered at once, as the seat's own move, stored and shown;
// one they did not foresee clears them.
func TestForecastAnswersAtOnce(t *testing.T) {
	tests := []struct {
		name  string
		lines [][]string
		moves []string // alice's moves, typed one after the other
		// want is the game's log after them, said what bob's page says,
		// left the lines bob has then.
		want []string
		said string
		left [][]string
	}{
		{name: "a foreseen move answered", lines: [][]string{{"1", "4"}, {"2", "5"}}, moves: []string{"1"},
			want: []string{"1", "4"}, said: "Your forecast answered 1 with 4."},
		{name: "the other line", lines: [][]string{{"1", "4"}, {"2", "5"}}, moves: []string{"2"},
			want: []string{"2", "5"}, said: "Your forecast answered 2 with 5."},
		{name: "an unforeseen move clears the forecast", lines: [][]string{{"1", "4"}}, moves: []string{"2"},
			want: []string{"2"}},
		{name: "a line goes on after its reply", lines: [][]string{{"1", "4", "6", "1"}}, moves: []string{"1"},
			want: []string{"1", "4"}, said: "Your forecast answered 1 with 4.", left: [][]string{{"6", "1"}}},
		{name: "two replies down a line", lines: [][]string{{"1", "4", "6", "1"}}, moves: []string{"1", "6"},
			want: []string{"1", "4", "6", "1"}, said: "Your forecast answered 6 with 1."},
		{name: "the reply waits for the extra turn", lines: [][]string{{"3", "1", "4"}}, moves: []string{"3", "1"},
			want: []string{"3", "1", "4"}, said: "Your forecast answered 1 with 4."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r, alice, bob := correspondenceKalah(t, h)
			p := bob.forecast(ForecastChange{Set: tc.lines, HasSet: true})
			require.Equal(t, "ok", p.Flash, p.Error)
			require.NotNil(t, p.Forecast)
			require.Equal(t, tc.lines, p.Forecast.Lines)
			require.Equal(t, []store.Forecast{{Seat: 1, Ply: 0, Lines: tc.lines}}, storedForecasts(t, h, r))
			for _, m := range tc.moves {
				alice.move(m)
			}
			assert.Equal(t, tc.want, movesOf(alice.last()), "alice sees the reply as a move")
			p = bob.last()
			assert.Equal(t, tc.want, movesOf(p))
			lines, said := forecastOf(p)
			assert.Equal(t, tc.said, said)
			assert.Equal(t, tc.left, lines)
			rec, err := h.store.Room(context.Background(), r.ID())
			require.NoError(t, err)
			assert.Len(t, rec.Turns, len(tc.want), "the reply is stored")
			switch {
			case tc.left == nil && tc.said == "":
				assert.Empty(t, storedForecasts(t, h, r), "a forecast done with is deleted")
			case tc.left == nil:
				assert.Equal(t, []store.Forecast{{Seat: 1, Ply: len(tc.want), Said: tc.said}}, storedForecasts(t, h, r),
					"what it played is kept for bob's return")
			}
		})
	}
}

// A forecast is cleared when its owner moves by hand.
func TestForecastClearedByOwnMove(t *testing.T) {
	h := newHarness(t)
	r, alice, bob := correspondenceKalah(t, h)
	bob.forecast(ForecastChange{Set: [][]string{{"1", "4", "6", "1"}}, HasSet: true})
	alice.move("1") // answered with 4: alice to move, bob's line goes on with 6, 1
	require.Equal(t, [][]string{{"6", "1"}}, bob.last().Forecast.Lines)
	alice.move("5") // not foreseen: cleared
	lines, said := forecastOf(bob.last())
	require.Empty(t, lines)
	require.Equal(t, "Your forecast answered 1 with 4.", said, "until bob moves")

	// A forecast left with bob to move (as none is made, but a line may
	// outlive a reply it could not play) goes when he moves himself.
	inRoom(t, r, func(r *Room) { r.forecasts.lines[1].Lines = [][]string{{"6", "1"}} })
	p := bob.move("2")
	require.Empty(t, p.Error)
	lines, said = forecastOf(p)
	assert.Nil(t, lines)
	assert.Empty(t, said, "bob is back: what his forecast said is done with")
	assert.Empty(t, storedForecasts(t, h, r))
}

// The room's forecasts live through a restart, and a crash between the
// opponent's stored move and its reply loses nothing and plays nothing
// twice: the loaded room moves the forecast on through the log.
func TestForecastSurvivesARestart(t *testing.T) {
	tests := []struct {
		name string
		// down are the turns stored while the room was away (as a crash
		// after writing them would leave the log).
		down []string
		want []string
		left [][]string
		said string
	}{
		{name: "a restart keeps the lines", left: [][]string{{"1", "4"}, {"2", "5"}}},
		{name: "a reply owed is played as the room loads", down: []string{"2"}, want: []string{"2", "5"},
			said: "Your forecast answered 2 with 5."},
		{name: "a reply stored is not played again", down: []string{"1", "4"}, want: []string{"1", "4"}},
		{name: "a move not foreseen", down: []string{"6"}, want: []string{"6"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			r, _, bob := correspondenceKalah(t, h)
			lines := [][]string{{"1", "4"}, {"2", "5"}}
			bob.forecast(ForecastChange{Set: lines, HasSet: true})
			id := r.ID()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			require.NoError(t, h.hub.Shutdown(ctx))
			for i, m := range tc.down {
				require.NoError(t, h.store.AppendTurn(ctx, id, i, store.Turn{Notation: m, At: time.Now()}))
			}
			h.hub = newTestHub(h.cfg)
			_, err := h.hub.Restore(ctx)
			require.NoError(t, err)
			r, err = h.hub.Room(ctx, id)
			require.NoError(t, err)
			bob = h.connect(r, "bob")
			p := bob.last()
			assert.Equal(t, tc.want, movesOf(p))
			got, said := forecastOf(p)
			assert.Equal(t, tc.left, got)
			assert.Equal(t, tc.said, said)
			assert.Equal(t, tc.left, storedLines(t, h, r), "a forecast run out has no lines stored")

			h.restart() // and again: nothing more is played, and bob still reads what was
			r, err = h.hub.Room(ctx, id)
			require.NoError(t, err)
			p = h.connect(r, "bob").last()
			assert.Equal(t, tc.want, movesOf(p))
			_, said = forecastOf(p)
			assert.Equal(t, tc.said, said)
		})
	}
}

// What may not be forecast is refused in words, and changes nothing.
func TestForecastRefusals(t *testing.T) {
	tests := []struct {
		name string
		// spec is the room's (default: correspondence Kalah, bob seated).
		spec *Spec
		who  string
		ch   ForecastChange
		want string
	}{
		{name: "a spectator", who: "eve", ch: ForecastChange{Add: []string{"1", "4"}}, want: "Only a player"},
		{name: "one's own move", who: "alice", ch: ForecastChange{Add: []string{"1", "4"}},
			want: "Not stored: a forecast is made while your opponent is to move."},
		{name: "an illegal move", who: "bob", ch: ForecastChange{Add: []string{"1", "9"}}, want: "Not stored: line 1:"},
		{name: "no move of one's own", who: "bob", ch: ForecastChange{Add: []string{"1"}}, want: "holds no move of yours"},
		{name: "too many lines", who: "bob", ch: ForecastChange{HasSet: true, Set: func() (out [][]string) {
			for range forecast.MaxLines + 1 {
				out = append(out, []string{"1", "4"})
			}
			return out
		}()}, want: "at most 10 lines"},
		{name: "no such line", who: "bob", ch: ForecastChange{Drop: 3, HasDrop: true}, want: "There is no line 3 to delete."},
		{name: "a live game", spec: &Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.FastClock}, who: "bob",
			ch: ForecastChange{Add: []string{"1", "4"}}, want: "games played across days"},
		{name: "a simultaneous game", spec: &Spec{Game: "demons", Mode: vocab.Friend, Clock: vocab.CorrespondenceClock, Days: 3},
			who: "bob", ch: ForecastChange{Add: []string{"b2"}}, want: "Both sides move at once"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			var r *Room
			if tc.spec != nil {
				r = h.create(*tc.spec, "alice")
				h.connect(r, "bob").action(vocab.Join)
			} else {
				r, _, _ = correspondenceKalah(t, h)
			}
			p := h.connect(r, tc.who).forecast(tc.ch)
			assert.Contains(t, p.Error, tc.want)
			assert.Equal(t, "bad", p.Flash)
			assert.Empty(t, storedForecasts(t, h, r))
		})
	}
}

// A line is added, one deleted, all cleared; an undo takes the forecast
// with the log it was made for.
func TestForecastEdits(t *testing.T) {
	h := newHarness(t)
	r, _, bob := correspondenceKalah(t, h)
	steps := []struct {
		ch   ForecastChange
		said string
		want [][]string
	}{
		{ForecastChange{Add: []string{"1", "4"}}, "1 line of conditional moves stored.", [][]string{{"1", "4"}}},
		{ForecastChange{Add: []string{"2", "5"}}, "2 lines of conditional moves stored.", [][]string{{"1", "4"}, {"2", "5"}}},
		{ForecastChange{Add: []string{"1", "4"}}, "2 lines of conditional moves stored.", [][]string{{"1", "4"}, {"2", "5"}}},
		{ForecastChange{Drop: 1, HasDrop: true}, "1 line of conditional moves stored.", [][]string{{"2", "5"}}},
		{ForecastChange{Drop: 0, HasDrop: true}, "No conditional moves stored.", nil},
	}
	for i, s := range steps {
		p := bob.forecast(s.ch)
		assert.Equal(t, s.said, p.Error, "step %d", i)
		assert.Equal(t, "ok", p.Flash, "step %d", i)
		lines, _ := forecastOf(p)
		assert.Equal(t, s.want, lines, "step %d", i)
		var stored [][]string
		if fs := storedForecasts(t, h, r); len(fs) == 1 {
			stored = fs[0].Lines
		}
		assert.Equal(t, s.want, stored, "step %d: stored", i)
	}
}

// The editor is shown to the player waiting in a correspondence game,
// with the opponent's moves when few, and to nobody else.
func TestForecastView(t *testing.T) {
	h := newHarness(t)
	_, alice, bob := correspondenceKalah(t, h)
	f := bob.last().Forecast
	require.NotNil(t, f)
	assert.True(t, f.Editable)
	assert.Equal(t, []string{"1", "2", "3", "4", "5", "6"}, f.Theirs)
	assert.Equal(t, forecast.MaxLines, f.Max)
	assert.Nil(t, alice.last().Forecast, "alice's own move: nothing to show her")

	live := h.create(Spec{Game: "kalah", Mode: vocab.Friend, Clock: vocab.FastClock}, "ann")
	h.connect(live, "ben").action(vocab.Join)
	assert.Nil(t, h.connect(live, "ben").last().Forecast, "no forecasts in a live game")
}

// Random games with random forecasts keep the forecast's promises: no
// reply is ever left owed, the lines left are ones the rules accept from
// the position now, and a room loaded from the store at any moment (as
// after a crash) finds the very forecasts the running room holds.
func TestForecastProperties(t *testing.T) {
	for seed := range uint64(12) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			h := newHarness(t)
			r, alice, bob := correspondenceKalah(t, h)
			randomMove := func(s game.State) string {
				legal := s.Legal(s.ToMove()[0], nil)
				return s.FormatMove(legal[rng.IntN(len(legal))])
			}
			for step := 0; step < 60; step++ {
				var st game.State
				var toMove []game.Player
				inRoom(t, r, func(r *Room) { st, toMove = r.state.Clone(), r.state.ToMove() })
				if len(toMove) == 0 {
					break
				}
				switch {
				case toMove[0] == game.First && rng.IntN(3) == 0: // bob stores lines from random playouts
					var lines [][]string
					for range 1 + rng.IntN(3) {
						s, line := st.Clone(), []string{}
						for range 1 + rng.IntN(6) {
							if s.Outcome().Over {
								break
							}
							m := randomMove(s)
							line = append(line, m)
							p, _ := s.ParseMove(s.ToMove()[0], m)
							require.NoError(t, s.Apply(p))
						}
						lines = append(lines, line)
					}
					bob.forecast(ForecastChange{Set: lines, HasSet: true}) // refused when the lines disagree: fine
				case toMove[0] == game.First:
					alice.move(randomMove(st))
				default:
					bob.move(randomMove(st))
				}
				var owed bool
				var left, reloaded [][]string
				var fits, loadErr error
				inRoom(t, r, func(r *Room) {
					_, _, owed = r.forecastReply()
					left = r.forecasts.lines[game.Second].Lines
					if len(left) > 0 {
						_, fits = forecast.Check(r.state, game.Second, left)
					}
					rec, err := h.store.Room(context.Background(), r.id)
					if err == nil {
						var loaded *Room
						if loaded, err = Load(rec, nil, time.Time{}, r.deps); err == nil {
							reloaded = loaded.forecasts.lines[game.Second].Lines
						}
					}
					loadErr = err
				})
				require.False(t, owed, "step %d: a reply left owed", step)
				require.NoError(t, fits, "step %d: the lines left fit the position", step)
				require.NoError(t, loadErr)
				require.Equal(t, left, reloaded, "step %d: the store says what the room holds", step)
			}
		})
	}
}

// replyFailingStore refuses to store the turn of one ply, as a full disk
// would just then.
type replyFailingStore struct {
	store.Store
	ply int
}

func (f *replyFailingStore) AppendTurn(ctx context.Context, id string, ply int, t store.Turn) error {
	if ply == f.ply {
		return errors.New("disk full")
	}
	return f.Store.AppendTurn(ctx, id, ply, t)
}

// A reply that cannot be stored is not played, and its player is told why;
// the forecast keeps it, and the room loaded again plays it.
func TestForecastReplyNotStored(t *testing.T) {
	var fs *replyFailingStore
	h := newHarness(t, func(c *Config) {
		fs = &replyFailingStore{Store: c.Store, ply: 1}
		c.Store = fs
	})
	r, alice, bob := correspondenceKalah(t, h)
	bob.forecast(ForecastChange{Set: [][]string{{"1", "4"}}, HasSet: true})
	alice.move("1")
	p := bob.last()
	require.Equal(t, []string{"1"}, movesOf(p), "the reply was not played")
	lines, said := forecastOf(p)
	assert.Equal(t, "Your forecast's answer 4 could not be saved, so it was not played: make your move.", said)
	assert.Equal(t, [][]string{{"4"}}, lines)
	assert.Contains(t, p.Error, "could not be saved")

	fs.ply = -1
	h.restart()
	r, err := h.hub.Room(context.Background(), r.ID())
	require.NoError(t, err)
	p = h.connect(r, "bob").last()
	assert.Equal(t, []string{"1", "4"}, movesOf(p), "played once the room runs again")
	_, said = forecastOf(p)
	assert.Equal(t, "Your forecast answered 1 with 4.", said)
}
