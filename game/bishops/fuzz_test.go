package bishops

import (
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"
)

// fuzzPositions are real positions: both starts and a few from random games.
func fuzzPositions(f *testing.F) []*State {
	var out []*State
	for i, setup := range []string{SetupClassic, SetupStripes, SetupClassic, SetupStripes} {
		s, err := New(map[string]string{"setup": setup})
		if err != nil {
			f.Fatal(err)
		}
		bot := game.NewRandomBot(uint64(i))
		for range 15 * i {
			m, err := bot.Choose(f.Context(), s, s.Turn())
			if err != nil {
				break
			}
			if err := s.Apply(m); err != nil {
				f.Fatal(err)
			}
		}
		out = append(out, s)
	}
	return out
}

func FuzzDecode(f *testing.F) {
	for _, s := range fuzzPositions(f) {
		f.Add(s.Encode())
	}
	f.Add(classicText)
	f.Add("bishops | ...../...../...../...../...../....W/...../...../...../..... Black 49")
	f.Add("bishops setup=stripes | BBBBB/WWWWW White 0")
	f.Add("bishops | ")
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckDecode(t, text)
	})
}

func FuzzParseMove(f *testing.F) {
	positions := fuzzPositions(f)
	for _, s := range positions {
		for _, m := range s.Legal(s.Turn(), nil) {
			f.Add(s.FormatMove(m))
		}
	}
	for _, junk := range []string{"", "c3-", "c3xf6", "c3-f6", "a1xj10", "J10X A1", "k1-a1", "c4-d5", "a01-b2", "\x00", "c3-e5-g7", " b2-c3 "} {
		f.Add(junk)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range positions {
			gametest.CheckParseMove(t, s, text)
		}
	})
}
