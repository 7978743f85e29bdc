package match

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"

	"github.com/stretchr/testify/require"
)

// slowBot is a computer player that takes its time and finishes a move it
// was asked for even once cancelled, and notes being asked for two moves at
// a time (its state, like a real player's random source, is not shared).
type slowBot struct {
	busy    atomic.Int32
	overlap *atomic.Bool
}

func (b *slowBot) Choose(_ context.Context, s game.State, p game.Player) (game.Move, error) {
	if b.busy.Add(1) > 1 {
		b.overlap.Store(true)
	}
	defer b.busy.Add(-1)
	time.Sleep(3 * time.Millisecond)
	return s.Legal(p, nil)[0], nil
}

// TestAComputerPlayerThinksOfOneMoveAtATime: a search cancelled (by a
// pause, a step) may still be running when the next begins; the next waits
// for it, so that a player is never asked for two moves at once.
func TestAComputerPlayerThinksOfOneMoveAtATime(t *testing.T) {
	var overlap atomic.Bool
	var bots [2]*slowBot
	var made atomic.Int32
	h := newHarness(t, func(c *Config) {
		c.Bots = func(game.Game, string, string, uint64) (game.Bot, error) {
			b := &slowBot{overlap: &overlap}
			if n := made.Add(1); n <= 2 {
				bots[n-1] = b
			}
			return b, nil
		}
		c.Paces = map[vocab.Pace]time.Duration{"fast": 0}
	})
	r := h.create(Spec{Game: "kalah", Mode: vocab.Watch, Pace: "fast", Options: map[string]string{"seeds": "6"}}, "host")
	host := h.connect(r, "host")
	for i := 0; i < 40 && !host.last().Over; i++ {
		for _, a := range []vocab.Action{vocab.Pause, vocab.Step, vocab.Resume} {
			host.action(a)
		}
	}
	host.action(vocab.Pause)
	waitFor(t, r, "the last search", func(r *Room) bool {
		return bots[0].busy.Load() == 0 && bots[1].busy.Load() == 0
	})
	require.False(t, overlap.Load(), "a player was asked for two moves at once")
}
