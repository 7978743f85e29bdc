package kalah

import (
	"testing"

	"boardroom/game"
)

// BenchmarkPerft counts perft 9 of the standard game (2,763,490 leaves).
func BenchmarkPerft(b *testing.B) {
	s, err := New(nil)
	if err != nil {
		b.Fatal(err)
	}
	var leaves uint64
	for b.Loop() {
		leaves += s.Perft(9)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkLegal lists the moves of a mid-game position through the API.
func BenchmarkLegal(b *testing.B) {
	s, err := game.Decode("kalah | 5 1 6 5 5 5 0 / 4 4 0 5 0 6 2 / P1 / ply 3")
	if err != nil {
		b.Fatal(err)
	}
	dst := make([]game.Move, 0, MaxHouses)
	for b.Loop() {
		dst = s.Legal(game.First, dst[:0])
	}
}

// BenchmarkPlayout plays random standard games on the compact board.
func BenchmarkPlayout(b *testing.B) {
	rng := game.NewRand(1)
	moves := 0
	for b.Loop() {
		board := NewBoard(6, 4, false)
		for !board.Over() {
			board.Sow(randomHouse(&board, rng.IntN))
			moves++
		}
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkPlayoutAPI plays random standard games through game.State.
func BenchmarkPlayoutAPI(b *testing.B) {
	rng := game.NewRand(1)
	dst := make([]game.Move, 0, MaxHouses)
	moves := 0
	for b.Loop() {
		s, _ := New(nil)
		for !s.Outcome().Over {
			dst = s.Legal(s.Turn(), dst[:0])
			if err := s.Apply(dst[rng.IntN(len(dst))]); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}
