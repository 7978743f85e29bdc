package ai_test

import (
	"context"
	"testing"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
)

// BenchmarkOpeningSecond searches each game's opening for one second with
// Difficult's algorithm and reports the depth reached and the speed:
//
//	go test ./game/ai -run '^$' -bench OpeningSecond -benchtime 1x
func BenchmarkOpeningSecond(b *testing.B) {
	for _, tc := range []struct{ id, algo string }{
		{"amazons", ai.AlgoAlphaBeta}, {"amazons", ai.AlgoMinimax}, {"amazons", ai.AlgoMCTS},
		{"kalah", ""}, {"angels", ""}, {"bishops", ""}, {"demons", ""},
	} {
		b.Run(tc.id+"/"+tc.algo, func(b *testing.B) {
			s := aitest.NewState(b, tc.id, nil)
			var info ai.Info
			for b.Loop() {
				bot, err := game.PlayersOf(s.Game()).New(ai.LevelDifficult, tc.algo, 1, time.Second)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := bot.Choose(context.Background(), s, s.ToMove()[0]); err != nil {
					b.Fatal(err)
				}
				info = bot.(ai.Infoer).LastInfo()
			}
			b.ReportMetric(float64(info.Depth), "depth")
			b.ReportMetric(float64(info.Nodes)/info.Time.Seconds(), "nodes/s")
			b.Logf("%s", info)
		})
	}
}

// BenchmarkEval measures one static evaluation per game, from a position a
// few random turns in.
func BenchmarkEval(b *testing.B) {
	for _, id := range []string{"amazons", "kalah", "angels", "bishops"} {
		b.Run(id, func(b *testing.B) {
			pos := aitest.Position(b, aitest.RandomPlies(b, aitest.NewState(b, id, nil), 10, 3))
			for b.Loop() {
				pos.Eval()
			}
		})
	}
}
