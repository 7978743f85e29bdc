package roombot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardroom/game"
	_ "boardroom/game/all"
)

// fakeEngine is an engine inside the test: it keeps the game with the
// rules of package game and plays uniformly random legal moves. It records
// the commands it was sent.
type fakeEngine struct {
	name  string
	think time.Duration // each genmove takes this long

	mu       sync.Mutex
	g        game.Game
	states   []game.State // the position after each turn; [0] the start
	rng      *rand.Rand
	commands []string
	noUndo   bool // refuse undo, as an engine without it would
}

func newFakeEngine(name string, seed uint64) *fakeEngine {
	return &fakeEngine{name: name, rng: rand.New(rand.NewPCG(seed, 7))}
}

func (e *fakeEngine) record(cmd string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.commands = append(e.commands, cmd)
}

// sent lists the commands received that start with prefix.
func (e *fakeEngine) sent(prefix string) []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []string
	for _, c := range e.commands {
		if strings.HasPrefix(c, prefix) {
			out = append(out, c)
		}
	}
	return out
}

func (e *fakeEngine) position() game.State {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.states[len(e.states)-1]
}

func (e *fakeEngine) Name(context.Context) (string, error) {
	e.record("name")
	return e.name, nil
}

func (e *fakeEngine) NewGame(_ context.Context, id string, opts map[string]string) error {
	e.record("game " + id + " " + formatOptions(opts))
	g, err := game.Lookup(id)
	if err != nil {
		return err
	}
	s, err := g.New(opts)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.g, e.states = g, []game.State{s}
	return nil
}

func (e *fakeEngine) Time(_ context.Context, ms int) error {
	e.record("time " + strconv.Itoa(ms))
	return nil
}

func (e *fakeEngine) Play(_ context.Context, notation string) error {
	e.record("play " + notation)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.g == nil {
		return errors.New("no game")
	}
	next := e.states[len(e.states)-1].Clone()
	if err := game.PlayTurns(next, notation); err != nil {
		return err
	}
	e.states = append(e.states, next)
	return nil
}

func (e *fakeEngine) GenMove(ctx context.Context, seat ...string) (string, error) {
	e.record(strings.TrimSpace("genmove " + strings.Join(seat, " ")))
	select {
	case <-time.After(e.think):
	case <-ctx.Done():
		return "", ctx.Err()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	s := e.states[len(e.states)-1]
	toMove := s.ToMove()
	if len(toMove) == 0 {
		return "", errors.New("the game is over")
	}
	p := toMove[0]
	if len(toMove) > 1 {
		if len(seat) != 1 {
			return "", errors.New("a simultaneous turn: which seat?")
		}
		n, err := strconv.Atoi(seat[0])
		if err != nil || n < 1 || n > 2 {
			return "", fmt.Errorf("bad seat %q", seat[0])
		}
		p = game.Player(n - 1)
	}
	legal := s.Legal(p, nil)
	m := legal[e.rng.IntN(len(legal))]
	text := s.FormatMove(m)
	if len(toMove) > 1 {
		return text, nil // a choice: not played
	}
	next := s.Clone()
	if err := next.Apply(m); err != nil {
		return "", err
	}
	e.states = append(e.states, next)
	return text, nil
}

func (e *fakeEngine) Undo(context.Context) error {
	e.record("undo")
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.noUndo {
		return errors.New("undo is not supported")
	}
	if len(e.states) < 2 {
		return errors.New("nothing to undo")
	}
	e.states = e.states[:len(e.states)-1]
	return nil
}
