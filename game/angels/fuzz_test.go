package angels

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"
)

// fuzzPositions are a few positions of different kinds: start, mid-game on
// both turns, won, trapped, power 2.
func fuzzPositions(t testing.TB) []game.State {
	var out []game.State
	for _, tc := range []struct {
		opts  map[string]string
		turns []string
	}{
		{nil, nil},
		{map[string]string{"size": "5"}, []string{"2,2"}},
		{map[string]string{"size": "9", "power": "2"}, []string{"4,4", "1,1", "3,3", "5,5"}},
		{map[string]string{"size": "5", "power": "2"}, []string{"1,5"}},
		{map[string]string{"size": "5"}, []string{"3,3", "2,2", "3,3", "2,3", "3,3", "2,4", "3,3", "3,2",
			"3,3", "3,4", "3,3", "4,2", "3,3", "4,3", "3,3", "4,4"}},
		{map[string]string{"size": "41", "power": "3"}, []string{"20,22", "41,41"}},
	} {
		s, err := New(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.PlayTurns(s, tc.turns...); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func FuzzDecode(f *testing.F) {
	for _, s := range fuzzPositions(f) {
		f.Add(s.Encode())
	}
	f.Add("angels size=5 power=1 | @@@@@/@@@@@/@@A@@/@@@@@/@@@@@ Devil 49 3,3")
	f.Add("angels size=5 | +++++/+++++/++A++/+++++/+++++ over 0 -")
	f.Add("angels | ")
	f.Add("angels size=5 power=1 | +++++/+A+++/+++++/+++++/+++++ Devil 1 -3,3")
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckDecode(t, text)
	})
}

func FuzzParseMove(f *testing.F) {
	positions := fuzzPositions(f)
	for _, seed := range []string{"6,7", " 1 , 1 ", "41,41", "3,3", "0,0", "-1,2", "1,2,3", "", ",", "x", "2 ,2", "99999,1", "+3,3", "3,\t3"} {
		f.Add(seed)
	}
	for _, s := range positions {
		for _, p := range s.ToMove() {
			for _, m := range s.Legal(p, nil)[:1] {
				f.Add(s.FormatMove(m))
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range positions {
			gametest.CheckParseMove(t, s, text)
		}
	})
}
