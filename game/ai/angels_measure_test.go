package ai

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// TestMeasureDevil plays Difficult as the Devil against the Beginner Angel
// (ANGELS_DEVIL_GAMES games, ANGELS_ANGEL level for the Angel, 100 ms a
// move); a measurement, skipped unless asked for:
//
//	ANGELS_DEVIL_GAMES=10 go test -run MeasureDevil -v ./game/ai/
func TestMeasureDevil(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ANGELS_DEVIL_GAMES"))
	if n == 0 {
		t.Skip("measurement")
	}
	angel := os.Getenv("ANGELS_ANGEL")
	if angel == "" {
		angel = LevelBeginner
	}
	if v, err := strconv.ParseFloat(os.Getenv("DEVIL_DECAY"), 64); err == nil {
		devilDistWeight = devilWeights(v)
	}
	if v, err := strconv.ParseFloat(os.Getenv("DEVIL_AHEAD"), 64); err == nil {
		devilAhead = v
	}
	if v, err := strconv.ParseFloat(os.Getenv("DEVIL_SHARE1"), 64); err == nil {
		devilEdgeShare[0] = v
	}
	if v, err := strconv.Atoi(os.Getenv("DEVIL_Q")); err == nil {
		devilQuiesce = v
	}
	if v, err := strconv.ParseFloat(os.Getenv("DEVIL_WORST"), 64); err == nil {
		devilWorstShare = v
	}
	if v, err := strconv.Atoi(os.Getenv("DEVIL_CANDS")); err == nil {
		devilCandidates = v
	}
	if v, err := strconv.ParseFloat(os.Getenv("DEVIL_BIAS"), 64); err == nil {
		devilReplyBias = v
	}
	off, _ := strconv.Atoi(os.Getenv("DEVIL_SEED"))
	wins := 0
	for i := range n {
		s := newGameState(t, "angels", nil)
		a, err := NewWithBudget(s.Game(), angel, "", uint64(100+i+off), 100*time.Millisecond)
		require.NoError(t, err)
		d, err := NewWithBudget(s.Game(), LevelDifficult, "", uint64(200+i+off), 100*time.Millisecond)
		require.NoError(t, err)
		turns := 0
		for !s.Outcome().Over {
			p := s.ToMove()[0]
			b := a
			if p == game.Second {
				b = d
			}
			m, err := b.Choose(context.Background(), s, p)
			require.NoError(t, err)
			if os.Getenv("ANGELS_VERBOSE") != "" {
				t.Logf("devil %s: %s", s.FormatMove(m), b.(game.Reporter).Report())
			}
			require.NoError(t, s.Apply(m))
			turns++
		}
		out := s.Outcome()
		if out.Winner == game.Second {
			wins++
		}
		t.Logf("game %d: winner %s after %d plies\n%s", i, s.Game().Seats()[out.Winner], turns, s.Render())
	}
	t.Logf("Devil wins %d of %d", wins, n)
}
