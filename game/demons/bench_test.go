package demons

import (
	"context"
	"testing"

	"boardroom/game"
)

// BenchmarkPerft counts perft 3: on the 8x8 board a million MakeTurn /
// UnmakeTurn pairs and 2^30 leaves counted without being played, on 10x10
// 6.25 million pairs.
func BenchmarkPerft(b *testing.B) {
	for _, size := range []string{"8", "10"} {
		b.Run("size="+size, func(b *testing.B) {
			s, _ := New(map[string]string{"size": size})
			for b.Loop() {
				s.Perft(3)
			}
		})
	}
}

func BenchmarkLegal(b *testing.B) {
	s, _ := New(nil)
	buf := make([]game.Move, 0, 72)
	for b.Loop() {
		buf = s.Legal(game.First, buf[:0])
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	s, _ := New(nil)
	n := s.NumChoices()
	i := 0
	for b.Loop() {
		u := s.MakeTurn(i%n, (i*7)%n)
		s.UnmakeTurn(u)
		i++
	}
}

// BenchmarkPlayout plays whole default games (20 turns) through the public
// API with a random bot for each seat.
func BenchmarkPlayout(b *testing.B) {
	ctx := context.Background()
	bots := [2]*game.RandomBot{game.NewRandomBot(1), game.NewRandomBot(2)}
	start, _ := New(nil)
	turn := make([]game.Move, 2)
	for b.Loop() {
		s := *start
		for !s.Over() {
			for p := range turn {
				turn[p], _ = bots[p].Choose(ctx, &s, game.Player(p))
			}
			if err := s.Apply(turn...); err != nil {
				b.Fatal(err)
			}
		}
	}
}
