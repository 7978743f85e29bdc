package templates

import (
	"strconv"
	"strings"

	"boardroom/realtime/view"
)

// forecastLabel is the button that opens the conditional moves' editor,
// with how many lines are stored.
func forecastLabel(f *view.Forecast) string {
	switch n := len(f.Lines); n {
	case 0:
		return "Conditional moves"
	case 1:
		return "Conditional moves: 1 line"
	default:
		return "Conditional moves: " + strconv.Itoa(n) + " lines"
	}
}

// forecastLine is a line's moves as the player reads them: "1 → 4 → 6 → 1".
func forecastLine(line []string) string { return strings.Join(line, " → ") }

// theirMoves says which moves the opponent has now, when few enough to
// list.
func theirMoves(f *view.Forecast) string {
	if len(f.Theirs) == 0 && f.Example == "" {
		return "Their moves are too many to list: write one as the move box does."
	}
	if len(f.Theirs) == 0 {
		return "Their moves are too many to list: write one as the move box does (" + f.Example + ")."
	}
	return "Their moves now: " + strings.Join(f.Theirs, ", ") + "."
}
