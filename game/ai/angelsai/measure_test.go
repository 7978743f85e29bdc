//go:build measure

// A measurement harness, not a test: it is built only with the measure tag
// (go test -tags measure) and set up by environment variables; TestMeasureDevil
// says how to run it.

package angelsai

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/angels"
)

// TestMeasureDevil plays Difficult as the Devil against the Beginner Angel
// (ANGELS_DEVIL_GAMES games, ANGELS_ANGEL level for the Angel, 100 ms a
// move or DEVIL_BUDGET, seeds from DEVIL_SEED on; DEVIL_* and ROLL_*
// override tuning knobs); a measurement, skipped unless asked for:
//
//	ANGELS_DEVIL_GAMES=40 go test -tags measure -run MeasureDevil -v ./game/ai/angelsai/
//	ANGELS_DEVIL_GAMES=40 DEVIL_SEED=40 go test -tags measure -run MeasureDevil -v ./game/ai/angelsai/
func TestMeasureDevil(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ANGELS_DEVIL_GAMES"))
	if n == 0 {
		t.Skip("measurement")
	}
	angel := os.Getenv("ANGELS_ANGEL")
	if angel == "" {
		angel = ai.LevelBeginner
	}
	par := defaultParams()
	if v, err := strconv.ParseFloat(os.Getenv("DEVIL_DECAY"), 64); err == nil {
		par.distWeight = devilWeights(v)
	}
	for env, x := range map[string]*float64{
		"DEVIL_AHEAD": &par.ahead, "DEVIL_SHARE1": &par.edgeShare[0], "DEVIL_WORST": &par.worstShare,
		"DEVIL_BIAS": &par.replyBias,
		"ROLL_AHEAD": &par.rollout.ahead, "ROLL_OUT": &par.rollout.out, "ROLL_DOUBLE": &par.rollout.double,
		"ROLL_DECAY": &par.rollout.decay, "ROLL_DEVIL_AHEAD": &par.rollout.devilAhead, "ROLL_SHARE": &par.rolloutShare,
	} {
		if v, err := strconv.ParseFloat(os.Getenv(env), 64); err == nil {
			*x = v
		}
	}
	for env, x := range map[string]*int{
		"DEVIL_Q": &par.quiesce, "DEVIL_CANDS": &par.candidates,
		"ROLL_HORIZON": &par.rollout.horizon, "ROLL_MAX": &par.rolloutMax,
	} {
		if v, err := strconv.Atoi(os.Getenv(env)); err == nil {
			*x = v
		}
	}
	budget := 100 * time.Millisecond
	if v, err := time.ParseDuration(os.Getenv("DEVIL_BUDGET")); err == nil {
		budget = v
	}
	// DEVIL_STOP_ENCLOSED ends a game as the Devil's win once the Angel is
	// enclosed (no free edge square left in its region: filling it is a
	// formality), which keeps long budgets affordable.
	stopEnclosed := os.Getenv("DEVIL_STOP_ENCLOSED") != ""
	off, _ := strconv.Atoi(os.Getenv("DEVIL_SEED"))
	wins := 0
	for i := range n {
		s := aitest.NewState(t, "angels", nil)
		a, _, err := newBot(angel, "", uint64(100+i+off), budget, par)
		require.NoError(t, err)
		d, _, err := newBot(ai.LevelDifficult, "", uint64(200+i+off), budget, par)
		require.NoError(t, err)
		turns, enclosed := 0, false
		for !s.Outcome().Over && !enclosed {
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
			st := s.(*angels.State)
			enclosed = stopEnclosed && st.AngelToMove() && !st.OnEdge() && newAngelsPos(st, &par).angelValue() < -ai.Win/4
		}
		out := s.Outcome()
		if out.Winner == game.Second || enclosed {
			wins++
		}
		winner := "Devil (Angel enclosed)"
		if !enclosed {
			winner = s.Game().Seats()[out.Winner]
		}
		t.Logf("game %d: winner %s after %d plies\n%s", i, winner, turns, s.Render())
	}
	t.Logf("Devil wins %d of %d", wins, n)
}
