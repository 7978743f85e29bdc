//go:build measure

// A measurement harness, not a test: it is built only with the measure tag
// (go test -tags measure) and set up by environment variables; TestMeasureDemons
// says how to run it.

package demonsai

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai/aitest"
	"boardroom/game/demons"
)

// scripts are opponents for the measurement, "script:NAME": a fixed square
// for the whole game (picked by the seed), or the best reply to a random
// opponent without noise.
var scripts = map[string]func(s *demons.State, p game.Player, seed uint64) int{
	"fixed":  func(s *demons.State, _ game.Player, seed uint64) int { return int(seed*7) % s.NumChoices() },
	"greedy": func(s *demons.State, p game.Player, _ uint64) int { return greedyAgainstRandom(s, p) },
}

type scriptBot struct {
	rule func(s *demons.State, p game.Player, seed uint64) int
	seed uint64
}

func (b scriptBot) Choose(_ context.Context, s game.State, p game.Player) (game.Move, error) {
	d := s.(*demons.State)
	return d.ChoiceMove(b.rule(d, p, b.seed)), nil
}

// TestMeasureDemons plays DEMONS_GAMES games of Angels & Demons between
// DEMONS_A and DEMONS_B (a level, optionally ":equilibrium" for Difficult
// without its opponent model, or script:fixed, script:greedy), a taking the Angels in odd games, at
// DEMONS_TIME a move (default 300ms); a measurement, skipped unless asked
// for. DEMONS_VERBOSE=1 logs every turn with both reports.
//
//	DEMONS_GAMES=20 DEMONS_A=difficult DEMONS_B=difficult:equilibrium go test -tags measure -run MeasureDemons -v ./game/ai/demonsai/
func TestMeasureDemons(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DEMONS_GAMES"))
	if n == 0 {
		t.Skip("measurement")
	}
	budget := 300 * time.Millisecond
	if d, err := time.ParseDuration(os.Getenv("DEMONS_TIME")); err == nil {
		budget = d
	}
	off, _ := strconv.Atoi(os.Getenv("DEMONS_SEED"))
	side := func(env string) (string, string) {
		level, algo, _ := strings.Cut(os.Getenv(env), ":")
		return level, algo
	}
	var aWins, draws, bWins int
	var margin int
	var thinks [2][]time.Duration // per side a, b
	for i := 1; i <= n; i++ {
		s := aitest.NewState(t, "demons", nil)
		var bots [2]game.Bot
		seats := [2]string{"DEMONS_A", "DEMONS_B"}
		if i%2 == 0 {
			seats[0], seats[1] = seats[1], seats[0]
		}
		for k, env := range seats {
			level, algo := side(env)
			if level == "script" {
				bots[k] = scriptBot{rule: scripts[algo], seed: uint64(i)}
				continue
			}
			var err error
			bots[k], err = players{}.New(level, algo, uint64(1000*off+10*i+k), budget)
			require.NoError(t, err)
		}
		for !s.Outcome().Over {
			var moves []game.Move
			for _, p := range s.ToMove() {
				start := time.Now()
				m, err := bots[p].Choose(context.Background(), s, p)
				side := int(p)
				if i%2 == 0 {
					side = 1 - side
				}
				thinks[side] = append(thinks[side], time.Since(start))
				require.NoError(t, err)
				moves = append(moves, m)
			}
			if os.Getenv("DEMONS_VERBOSE") != "" {
				line := game.FormatTurn(s, moves)
				for _, b := range bots {
					if r, ok := b.(game.Reporter); ok {
						line += " | " + r.Report()
					}
				}
				t.Log(line)
			}
			require.NoError(t, s.Apply(moves...))
		}
		sc := s.Score()
		d := sc[0] - sc[1]
		if i%2 == 0 {
			d = -d
		}
		margin += d
		switch {
		case d > 0:
			aWins++
		case d < 0:
			bWins++
		default:
			draws++
		}
		t.Logf("game %d: a is %s, score %d %d", i, s.Game().Seats()[(i+1)%2], sc[0], sc[1])
	}
	for k, d := range thinks {
		slices.Sort(d)
		over := 0
		for _, x := range d {
			if x > budget+budget/10 {
				over++
			}
		}
		t.Logf("%s thinks: median %v, 95th %v, max %v, over budget+10%%: %d of %d", "ab"[k:k+1],
			d[len(d)/2].Round(time.Millisecond), d[len(d)*95/100].Round(time.Millisecond), d[len(d)-1].Round(time.Millisecond), over, len(d))
	}
	t.Logf("a wins: %d, draws: %d, b wins: %d (a's mean margin %+.2f)", aWins, draws, bWins, float64(margin)/float64(n))
}
