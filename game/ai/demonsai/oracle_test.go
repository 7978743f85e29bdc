//go:build measure

// A measurement harness, not a test: it is built only with the measure tag
// (go test -tags measure) and set up by environment variables; TestMeasureDemonsOracle
// says how to run it.

package demonsai

import (
	"os"
	"strconv"
	"testing"

	"boardroom/game/ai/aitest"
	"boardroom/game/demons"
)

// TestMeasureDemonsOracle measures how far a player that knows the Demons'
// rule exactly can beat it: the Angels see every (noise-free) choice the
// Demons will make and search ORACLE_DEPTH turns ahead against it. The
// Demons play the best reply to a random opponent (ORACLE_RULE=greedy) or
// to the Angels' last choice (ORACLE_RULE=counter, Medium's rule); a
// measurement, skipped unless asked for:
//
//	ORACLE_DEPTH=3 ORACLE_RULE=greedy go test -tags measure -run MeasureDemonsOracle -v ./game/ai/demonsai/
func TestMeasureDemonsOracle(t *testing.T) {
	depth, _ := strconv.Atoi(os.Getenv("ORACLE_DEPTH"))
	if depth == 0 {
		t.Skip("measurement")
	}
	counter := os.Getenv("ORACLE_RULE") == "counter"
	rule := func(s *demons.State, angelsLast int) int {
		if counter && angelsLast >= 0 {
			return oracleBest(s, func(c int) float64 { return -demonsPayoff(s.CoveredAfter(angelsLast, c), s.Turn()+1 == s.Turns()) })
		}
		return greedyAgainstRandom(s, 1)
	}
	var search func(s *demons.State, d, last int) (int, float64)
	search = func(s *demons.State, d, last int) (int, float64) {
		c := rule(s, last)
		best, bestV := 0, -1e9
		for a := range s.NumChoices() {
			u := s.MakeTurn(a, c)
			var v float64
			if d == 1 || s.Over() {
				v = demonsPayoff(s.Covered(), s.Over())
			} else {
				_, v = search(s, d-1, a)
			}
			s.UnmakeTurn(u)
			if v > bestV {
				best, bestV = a, v
			}
		}
		return best, bestV
	}
	s := aitest.NewState(t, "demons", nil).(*demons.State)
	last := -1
	for !s.Over() {
		a, v := search(s, depth, last)
		c := rule(s, last)
		s.MakeTurn(a, c)
		last = a
		t.Logf("turn %d: %s+%s, planned %+.0f, covered %v", s.Turn(), s.FormatMove(s.ChoiceMove(a)), s.FormatMove(s.ChoiceMove(c)), v, s.Covered())
	}
}

// oracleBest returns the choice with the highest score, the first of equals.
func oracleBest(s *demons.State, score func(int) float64) int {
	best, bestV := 0, -1e9
	for c := range s.NumChoices() {
		if v := score(c); v > bestV {
			best, bestV = c, v
		}
	}
	return best
}
