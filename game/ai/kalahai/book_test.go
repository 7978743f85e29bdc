package kalahai

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/kalah"
)

// The embedded book parses, holds at least the start and its replies, says
// the game's value from the start (+8, game/kalah/solve/RESULTS.md), and
// agrees with the solver's tables of random openings (the measured one and
// the held-out one) wherever they meet.
func TestOpeningBook(t *testing.T) {
	bk, err := openingBook()
	require.NoError(t, err)
	require.GreaterOrEqual(t, bk.Depth, 1)
	require.GreaterOrEqual(t, bk.Len(), 7)
	start, err := kalah.New(nil)
	require.NoError(t, err)
	e, ok := bk.Find(start)
	require.True(t, ok)
	require.Equal(t, 8, e.Margin(start))
	met := 0
	openings := append(readOpenings(t), readOpeningsFile(t, heldOutFile)...)
	for _, o := range openings {
		e, ok := bk.Find(o.s)
		if !ok {
			continue
		}
		met++
		require.Equal(t, o.margin, e.Margin(o.s), o.format())
		require.NotZero(t, e.Keep, o.format())
		require.Equal(t, e.Keep, e.Keep&o.keep, "%s: the book's move loses value", o.format())
	}
	t.Logf("book: depth %d, %d positions, %d of the table's openings in it", bk.Depth, bk.Len(), met)
}

// From the start Difficult plays the book's move at once and reports it as
// exact; another board has no book.
func TestDifficultPlaysFromBook(t *testing.T) {
	start, err := kalah.New(nil)
	require.NoError(t, err)
	b, err := game.PlayersOf(start.Game()).New(ai.LevelDifficult, "", 1, 2*time.Second)
	require.NoError(t, err)
	begin := time.Now()
	m, err := b.Choose(t.Context(), start, game.First)
	require.NoError(t, err)
	require.Less(t, time.Since(begin), time.Second, "a book move needs no thinking")
	report := b.(game.Reporter).Report()
	require.Contains(t, report, "book", report)
	info := b.(ai.Infoer).LastInfo()
	require.True(t, info.Exact)
	require.Equal(t, 800, info.Eval)
	bk, err := openingBook()
	require.NoError(t, err)
	e, _ := bk.Find(start)
	_, h, _ := start.HouseAt(m.Cells[0])
	require.True(t, e.Keeps(h), "house %d", h)

	other, err := kalah.New(map[string]string{kalah.OptSeeds: "3"})
	require.NoError(t, err)
	_, ok := fromBook(other)
	require.False(t, ok)
	require.False(t, strings.Contains(report, "alphabeta"))
}
