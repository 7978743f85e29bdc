package demons

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"

	"github.com/stretchr/testify/require"
)

// seedStates returns a few positions on several sizes, finished ones too.
func seedStates(t testing.TB) []*State {
	var out []*State
	for _, opts := range []map[string]string{nil, {"size": "6", "turns": "2"}, {"size": "12", "turns": "99"}} {
		s, err := New(opts)
		require.NoError(t, err)
		out = append(out, s.Clone().(*State))
		rng := game.NewRand(uint64(len(out)))
		for !s.Over() && s.Ply() < 5 {
			a, b := rng.IntN(s.NumChoices()), rng.IntN(s.NumChoices())
			s.MakeTurn(a, b)
			out = append(out, s.Clone().(*State))
		}
	}
	return out
}

func FuzzDecode(f *testing.F) {
	for _, s := range seedStates(f) {
		f.Add(s.Encode())
	}
	f.Add("demons | ")
	f.Add("demons size=6 turns=1 | -.-.-./.-.-.-/-.-.-./.-.-.-/-.-.-./.-.-.- 1")
	f.Add("demons size=6 turns=1 | A.D.-./.-.-.-/-.-.-./.-.-.-/-.-.-./.-.-.- 1")
	f.Add("demons size=8 | x 0")
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckDecode(t, text)
	})
}

func FuzzParseMove(f *testing.F) {
	states := seedStates(f)
	for _, s := range states {
		for k := range 3 {
			f.Add(s.FormatMove(s.ChoiceMove(k * 5)))
		}
	}
	for _, junk := range []string{"", "b2+e5", "a8+a8", "l12+a1", "B2 + E5", "b02", "z9", "a1+", "+", "é", "h8+b2+c3"} {
		f.Add(junk)
	}
	// An 8x8 start and middle, the finished 6x6 game, and a 12x12 middle.
	pick := []*State{states[0], states[3], states[8], states[len(states)-1]}
	require.True(f, pick[2].Over())
	require.Equal(f, 12, pick[3].Size())
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range pick {
			gametest.CheckParseMove(t, s, text)
		}
	})
}
