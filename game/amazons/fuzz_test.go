package amazons

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"
)

// fuzzPositions are an opening, a middle game and a finished game.
func fuzzPositions(t testing.TB) []*State {
	start, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	mid := start.Clone().(*State)
	play(t, mid, "d1-d7/g7", "a7-b6/b2", "g1-g6/c2", "g10-g9/c5")
	over := pos(t, `
		B B B B # # # # # X
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		# # # # # # # # # #
		X X X # # # # # # #
		W W X # # # # # # #
		W W X # # # # # # #`)
	return []*State{start, mid, over}
}

func FuzzDecode(f *testing.F) {
	for _, s := range fuzzPositions(f) {
		f.Add(s.Encode())
	}
	f.Add("amazons | " + startBody)
	f.Add("amazons | ##########/##########/##########/##########/##########/##########/##########/##########/##########/########## White 0")
	f.Add("amazons x=1 | " + startBody)
	f.Add("amazons")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckDecode(t, text)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{
		"d1-d7/g7", "d1-e1/d1", "a10-a9/a8", "j10-j1/a1", " D1-D7/G7 ", "a1-b1/a1",
		"", "-", "/", "d1-d7", "k1-d7/g7", "d01-d7/g7", "d1-d7/g7/h8", "d1+d7", "\xff",
	} {
		f.Add(seed)
	}
	states := fuzzPositions(f)
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range states {
			gametest.CheckParseMove(t, s, text)
		}
	})
}

// The legal moves of the fuzz positions also make good seeds; this checks
// they parse back, as the fuzz body expects.
func TestFuzzPositionsRoundTrip(t *testing.T) {
	for _, s := range fuzzPositions(t) {
		for _, m := range s.Legal(s.SideToMove(), nil) {
			gametest.CheckParseMove(t, s, s.FormatMove(m))
			if t.Failed() {
				return
			}
		}
		_ = game.Perft(s, 1)
	}
}
