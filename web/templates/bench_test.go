package templates

import (
	"testing"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
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
				f := Renderer{}.Frame(p, nil)
				size = len(f.HTML)
				f.Release()
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
}

// BenchmarkUpdate measures what a move costs to send to a spectator: the
// new frame's render and its difference from the previous one, over the
// turns of a random game. "bytes" is the mean update sent, "whole" the
// mean fragment it replaces.
func BenchmarkUpdate(b *testing.B) {
	for _, id := range []string{"amazons", "kalah", "angels", "bishops", "demons"} {
		b.Run(id, func(b *testing.B) {
			pages := viewerPages(&testing.T{}, id, 11, false)
			frames := make([]*frame.Frame, len(pages))
			for i, p := range pages {
				frames[i] = Renderer{}.Frame(p, nil)
			}
			sent, whole := 0, 0
			for i := 1; i < len(frames); i++ {
				sent += len(frame.Delta(frames[i-1].Digest(), frames[i]))
				whole += len(frames[i].HTML)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i = i%(len(pages)-1) + 1
				f := Renderer{}.Frame(pages[i], nil)
				frame.Delta(frames[i-1].Digest(), f)
				f.Release() // as the room does once the update is sent
			}
			b.ReportMetric(float64(sent)/float64(len(frames)-1), "bytes")
			b.ReportMetric(float64(whole)/float64(len(frames)-1), "whole")
		})
	}
}

// BenchmarkBroadcast measures what a room draws for one move: the frames of
// the two players and the spectators with one Shared, over the turns of a
// random game.
func BenchmarkBroadcast(b *testing.B) {
	for _, id := range []string{"amazons", "kalah", "angels", "bishops", "demons"} {
		b.Run(id, func(b *testing.B) {
			spectator := viewerPages(&testing.T{}, id, 11, false)
			var players [2][]*view.Page
			for _, p := range spectator {
				for seat := range players {
					q := *p
					q.Seats[seat].Yours, q.Turn = true, "Your move"
					players[seat] = append(players[seat], &q)
				}
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i = (i + 1) % len(spectator)
				shared := frame.NewShared()
				for _, p := range []*view.Page{players[0][i], players[1][i], spectator[i]} {
					Renderer{}.Frame(p, shared).Release()
				}
				shared.Release()
			}
		})
	}
}
