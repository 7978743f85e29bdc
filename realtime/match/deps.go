package match

import (
	"context"
	"log/slog"
	"time"

	"boardroom/game"
	"boardroom/game/ai/engine"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
	"boardroom/store"
)

// Deps are what a room needs from outside, given when it is made (its
// registry makes them once): a room never reaches into its registry.
type Deps struct {
	Store  store.Store
	Render Renderer
	// Bots makes the computer players (nil: BeginnerBots).
	Bots BotMaker
	// Engine runs the computer's moves as jobs on the server's bounded
	// pool of search workers.
	Engine *engine.Pool
	// Hint finds a good move for a player who asks (nil: no hints).
	Hint func(ctx context.Context, s game.State, p game.Player) (engine.Hinted, error)
	// Evaluate scores a position for the first seat, for the replay's
	// evaluation (nil: none).
	Evaluate func(s game.State) float64
	// Clock is where rooms read the time and set their timers (nil: the
	// system's).
	Clock Clock
	Log   *slog.Logger
	// Metrics counts what rooms do (nil: nothing).
	Metrics Observer
	Knobs   Knobs
	// BaseURL prefixes share links.
	BaseURL string
	// Turns tells a player of a game played across days that it is their
	// move while no page of theirs is open in the room (nil: nobody is
	// told; notices.go).
	Turns TurnNotifier
	// Awaiting hears which accounts' games awaiting their move changed
	// (nil: nobody; notices.go), for the header's count on their pages.
	Awaiting AwaitingNotifier
	// Ctx ends with the server: the rooms' background work (computer
	// players, hints, timers' events) stops with it.
	Ctx context.Context
	// Leave takes the room out of its registry as it stops.
	Leave func(*Room)
	// Unloading, for tests, is called when an idle room has decided to
	// leave memory.
	Unloading func()

	// timings are the Knobs with their defaults (newRoom).
	timings timings
}

// withDefaults fills in what was left nil.
func (d Deps) withDefaults() Deps {
	if d.Bots == nil {
		d.Bots = BeginnerBots
	}
	if d.Clock == nil {
		d.Clock = SystemClock{}
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Metrics == nil {
		d.Metrics = noObserver{}
	}
	if d.Ctx == nil {
		d.Ctx = context.Background()
	}
	if d.Leave == nil {
		d.Leave = func(*Room) {}
	}
	d.timings = timingsOf(d.Knobs)
	return d
}

// Observer counts what rooms do (the server's metrics).
type Observer interface {
	// Connected counts pages opening (+1) and closing (-1).
	Connected(delta int)
	Moved(game string)
	// Broadcast is how long sending one change to every page took.
	Broadcast(d time.Duration)
	BotThought(game, level string, d time.Duration)
	// Refused counts a message refused, by why (a refusal's name).
	Refused(why string)
}

type noObserver struct{}

func (noObserver) Connected(int)                            {}
func (noObserver) Moved(string)                             {}
func (noObserver) Broadcast(time.Duration)                  {}
func (noObserver) BotThought(string, string, time.Duration) {}
func (noObserver) Refused(string)                           {}

// BotMaker makes a computer player for a seat: its level, the search
// algorithm where the game offers a choice (Amazons), and a seed.
type BotMaker func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error)

// Renderer draws a room page's live fragment for one viewer; the room sends
// over the WebSocket what changed since the viewer's previous frame (package
// frame), or all of it.
type Renderer interface {
	// Frame draws p. The frames of one broadcast are drawn with one Shared,
	// through which they copy what their viewers see alike instead of
	// drawing it again; nil for a frame drawn on its own.
	Frame(p *view.Page, shared *frame.Shared) *frame.Frame
	// Spectators renders just the spectator count, for the updates that
	// only that changes (someone starts or stops watching).
	Spectators(n int) []byte
}

// BeginnerBots is the BotMaker that plays every level with the game's
// Beginner player (until stronger levels are plugged in).
func BeginnerBots(g game.Game, _, _ string, seed uint64) (game.Bot, error) {
	return game.Beginner(g, seed), nil
}
