package fairystockfish_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/enginetext"
	"boardroom/enginetext/fairystockfish"
	"boardroom/game"
	_ "boardroom/game/all"
)

// install installs the pinned Fairy-Stockfish (once per machine: npm's and
// our cache keep it) and returns its command line. Without Node or npm the
// test is skipped, except in CI, which installs them.
func install(t *testing.T) string {
	t.Helper()
	dir, err := fairystockfish.DefaultDir()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	command, err := fairystockfish.Install(ctx, dir)
	if errors.Is(err, fairystockfish.ErrNoNode) && os.Getenv("CI") == "" {
		t.Skip(err)
	}
	require.NoError(t, err)
	return command
}

// engine starts the installed Fairy-Stockfish behind the bridge.
func engine(t *testing.T) *enginetext.Client {
	t.Helper()
	c, err := enginetext.Start(install(t))
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// Fairy-Stockfish plays a whole game of the Amazons against our Beginner
// through the bridge: every move of its is legal by our rules, and it
// keeps to its time.
func TestFairyStockfishPlaysAmazonsThroughTheBridge(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := engine(t)
	name, err := c.Name(ctx)
	require.NoError(t, err)
	assert.Contains(t, name, "Fairy-Stockfish")
	require.NoError(t, c.NewGame(ctx, "amazons", nil))
	name, err = c.Name(ctx)
	require.NoError(t, err)
	assert.Contains(t, name, "(UCI amazons)", "it says which variant it plays")

	const budget = 200 * time.Millisecond
	require.NoError(t, c.Time(ctx, int(budget.Milliseconds())))
	g, err := game.Lookup("amazons")
	require.NoError(t, err)
	s, err := g.New(nil)
	require.NoError(t, err)
	beginner := game.Beginner(g, 1)
	fs := game.Second // Fairy-Stockfish plays Black; White's first move is ours
	var took []time.Duration
	for !s.Outcome().Over {
		p := s.ToMove()[0]
		if p != fs {
			m, err := beginner.Choose(ctx, s, p)
			require.NoError(t, err)
			require.NoError(t, c.Play(ctx, s.FormatMove(m)))
			require.NoError(t, s.Apply(m))
			continue
		}
		start := time.Now()
		text, err := c.GenMove(ctx)
		took = append(took, time.Since(start))
		require.NoError(t, err)
		m, err := s.ParseMove(p, text)
		require.NoError(t, err)
		require.True(t, game.IsLegal(s, p, m), text)
		require.NoError(t, s.Apply(m))
	}
	require.NotEmpty(t, took)
	slices.Sort(took)
	t.Logf("%d moves of Fairy-Stockfish at %v: median %v, longest %v; %s", len(took), budget, took[len(took)/2], took[len(took)-1], s.Outcome().Reason)
	// A busy machine (the rest of the tests) slows some moves; the
	// median keeps within what a match allows (half over the time).
	assert.LessOrEqual(t, took[len(took)/2], budget*3/2, "the median move keeps to the time")
}

func TestInstallIsIdempotent(t *testing.T) {
	t.Parallel()
	install(t)
	dir, err := fairystockfish.DefaultDir()
	require.NoError(t, err)
	start := time.Now()
	command, err := fairystockfish.Install(context.Background(), dir)
	require.NoError(t, err)
	assert.Contains(t, command, "uci:")
	assert.Less(t, time.Since(start), time.Second, "an installed engine is not installed again")
}

// The house bot's player: made for Amazons (the engine started and warmed
// then), refused for a game no variant covers, and started again when its
// process is gone.
func TestPlayerForTheHouseBot(t *testing.T) {
	t.Parallel()
	p := fairystockfish.NewPlayer(install(t), 100*time.Millisecond)
	defer p.Close()
	amazons, err := game.Lookup("amazons")
	require.NoError(t, err)
	bot, err := p.Bot(amazons)
	require.NoError(t, err)
	s, err := amazons.New(nil)
	require.NoError(t, err)
	m, err := bot.Choose(context.Background(), s, game.First)
	require.NoError(t, err)
	assert.True(t, game.IsLegal(s, game.First, m))

	kalah, err := game.Lookup("kalah")
	require.NoError(t, err)
	_, err = p.Bot(kalah)
	require.ErrorContains(t, err, "no UCI variant plays Kalah")

	require.NoError(t, p.Close()) // as if it had died: the next move starts it again
	require.NoError(t, s.Apply(m))
	m, err = bot.Choose(context.Background(), s, game.Second)
	require.NoError(t, err)
	assert.True(t, game.IsLegal(s, game.Second, m))
}
