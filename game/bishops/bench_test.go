package bishops

import (
	"testing"

	"boardroom/game"
)

// BenchmarkPerft counts perft(4) from the stripes start: 28,770,554 leaves.
func BenchmarkPerft(b *testing.B) {
	s, err := New(map[string]string{"setup": SetupStripes})
	if err != nil {
		b.Fatal(err)
	}
	var n uint64
	for b.Loop() {
		n = s.Perft(4)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkLegal generates the moves of a middle-game position.
func BenchmarkLegal(b *testing.B) {
	s, err := New(nil)
	if err != nil {
		b.Fatal(err)
	}
	bot := game.NewRandomBot(3)
	for range 20 {
		m, err := bot.Choose(b.Context(), s, s.Turn())
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			b.Fatal(err)
		}
	}
	dst := make([]game.Move, 0, 256)
	n := 0
	for b.Loop() {
		dst = s.Legal(s.Turn(), dst[:0])
		n += len(dst)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkPlayout plays whole random games through the public API (Legal
// and Apply, which checks each move), starting from the classic set-up.
func BenchmarkPlayout(b *testing.B) {
	start, err := New(nil)
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRand(1)
	dst := make([]game.Move, 0, 256)
	plies := 0
	for b.Loop() {
		s := *start
		for !s.outcome.Over {
			dst = s.Legal(s.turn, dst[:0])
			if err := s.Apply(dst[rng.IntN(len(dst))]); err != nil {
				b.Fatal(err)
			}
		}
		plies += s.ply
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "moves/s")
}
