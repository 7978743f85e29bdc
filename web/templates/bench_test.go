package templates

import (
	"testing"

	"boardroom/game"
)

// BenchmarkFragment measures drawing a room's live fragment, the server's
// main cost under load (every move is drawn for each player and once for
// all spectators).
func BenchmarkFragment(b *testing.B) {
	for _, id := range []string{"amazons", "kalah", "angels", "bishops", "demons"} {
		b.Run(id, func(b *testing.B) {
			t := &testing.T{}
			p := page(t, id, nil)
			p.Targets = map[game.Cell]bool{{Row: 1, Col: 1}: true, {Row: 2, Col: 2}: true}
			var size int
			b.ReportAllocs()
			for b.Loop() {
				size = len(Renderer{}.Fragment(p))
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}
