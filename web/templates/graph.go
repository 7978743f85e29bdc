package templates

import (
	"math"
	"strconv"
	"strings"

	"boardroom/realtime/view"
)

// The evaluation graph is drawn in a fixed 600×120 box (the viewBox in
// room.templ) that CSS stretches.
const graphW, graphH = 600.0, 120.0

// evalPoints scales evaluations to the graph: the largest ordinary value
// fills the height; decided positions (won or lost) are drawn at the edge.
func evalPoints(evals []float64) string {
	scale := 1.0
	for _, e := range evals {
		if a := math.Abs(e); a < 999 && a > scale {
			scale = a
		}
	}
	var b strings.Builder
	for i, e := range evals {
		x := graphW * float64(i) / float64(max(len(evals)-1, 1))
		v := max(-1, min(1, e/scale))
		y := graphH/2 - v*(graphH/2-4)
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatFloat(x, 'f', 1, 64) + "," + strconv.FormatFloat(y, 'f', 1, 64))
	}
	return b.String()
}

func cursorX(p *view.Page) string {
	x := graphW * float64(p.Replay.Ply) / float64(max(len(p.Evals)-1, 1))
	return strconv.FormatFloat(x, 'f', 1, 64)
}
