package amazons

import (
	"testing"

	"boardroom/game"
)

func BenchmarkPerft(b *testing.B) {
	s, err := New(nil)
	if err != nil {
		b.Fatal(err)
	}
	mid := s.Clone().(*State)
	play(b, mid, "d1-d7/g7", "a7-b6/b2", "g1-g6/c2", "g10-g9/c5")
	st, err := Game{}.Decode(nil, ply20)
	if err != nil {
		b.Fatal(err)
	}
	late := st.(*State)
	for _, bc := range []struct {
		name  string
		s     *State
		depth int
	}{{"opening/2", s, 2}, {"middle/2", mid, 2}, {"ply20/3", late, 3}} {
		b.Run(bc.name, func(b *testing.B) {
			var n uint64
			for b.Loop() {
				n = bc.s.Perft(bc.depth)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

func BenchmarkLegal(b *testing.B) {
	s, err := New(nil)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]game.Move, 0, 4096)
	for b.Loop() {
		buf = s.Legal(White, buf[:0])
	}
	b.ReportMetric(float64(len(buf))*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkPlayout plays whole random games through the State API (Legal,
// then Apply, which checks the move).
func BenchmarkPlayout(b *testing.B) {
	rng := game.NewRand(1)
	buf := make([]game.Move, 0, 4096)
	turns := 0
	for b.Loop() {
		s, _ := New(nil)
		for {
			buf = s.Legal(s.SideToMove(), buf[:0])
			if len(buf) == 0 {
				break
			}
			if err := s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				b.Fatal(err)
			}
			turns++
		}
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkPlayoutFast plays random games through AppendTurns and MakeTurn,
// the path an MCTS would use.
func BenchmarkPlayoutFast(b *testing.B) {
	rng := game.NewRand(1)
	buf := make([]Turn, 0, 4096)
	turns := 0
	for b.Loop() {
		s, _ := New(nil)
		for {
			buf = s.AppendTurns(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.MakeTurn(buf[rng.IntN(len(buf))])
			turns++
		}
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}
