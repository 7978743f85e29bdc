package angels

import (
	"testing"

	"boardroom/game"
)

// Perft 5 of the default game: 35 998 056 leaves, counted in bulk at the
// last ply from about 4 million make/unmake nodes.
func BenchmarkPerft(b *testing.B) {
	s := must(b, nil)
	var n uint64
	for b.Loop() {
		n = s.Perft(5)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkLegal(b *testing.B) {
	s := must(b, nil)
	if err := game.PlayTurns(s, "8,9", "1,1"); err != nil {
		b.Fatal(err)
	}
	devil := s.Clone().(*State)
	if err := game.PlayTurns(devil, "7,9"); err != nil {
		b.Fatal(err)
	}
	buf := make([]game.Move, 0, MaxSize*MaxSize)
	moves := 0
	for b.Loop() {
		buf = s.Legal(game.First, buf[:0])
		moves += len(buf)
		buf = devil.Legal(game.Second, buf[:0])
		moves += len(buf)
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkPlayout plays random games of the default size through the API
// (Legal and Apply) from the start.
func BenchmarkPlayout(b *testing.B) {
	rng := game.NewRand(1)
	buf := make([]game.Move, 0, MaxSize*MaxSize)
	plies := 0
	for b.Loop() {
		s := must(b, nil)
		for !s.Outcome().Over {
			buf = s.Legal(s.turn(), buf[:0])
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
		}
		plies += s.Ply()
	}
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "moves/s")
}
