package templates

import (
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/view"
)

// The conditional moves' card: its button opens the editor it controls;
// each line has a Delete named after it; the form shows while the
// opponent is to move, the opponent's moves when few; what the forecast
// played is said.
func TestForecastCard(t *testing.T) {
	tests := []struct {
		name      string
		f         *view.Forecast
		label     string
		lines     []string
		form      bool
		theirs    string
		said      string
		dropNames []string
	}{
		{name: "none", f: nil},
		{name: "waiting, no lines", f: &view.Forecast{Editable: true, Max: 10, MaxMoves: 10, Theirs: []string{"1", "2"}},
			label: "Conditional moves", form: true, theirs: "Their moves now: 1, 2."},
		{name: "two lines", f: &view.Forecast{Editable: true, Max: 10, MaxMoves: 10, Lines: [][]string{{"1", "4"}, {"2", "5", "6", "1"}}, Example: "d1-d7/g7"},
			label: "Conditional moves: 2 lines", lines: []string{"1 → 4", "2 → 5 → 6 → 1"}, form: true,
			theirs:    "Their moves are too many to list: write one as the move box does (d1-d7/g7).",
			dropNames: []string{"Delete line 1: 1 → 4", "Delete line 2: 2 → 5 → 6 → 1"}},
		{name: "full", f: &view.Forecast{Editable: true, Max: 1, MaxMoves: 10, Lines: [][]string{{"1", "4"}}},
			label: "Conditional moves: 1 line", lines: []string{"1 → 4"}, form: false,
			theirs: "Their moves are too many to list: write one as the move box does.", dropNames: []string{"Delete line 1: 1 → 4"}},
		{name: "what it played, on one's move", f: &view.Forecast{Said: "Your forecast answered 1 with 4."},
			label: "Conditional moves", said: "Your forecast answered 1 with 4."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := page(t, "kalah", nil)
			p.Forecast, p.Forecasts = tc.f, true
			doc := render(t, p)
			card := doc.Find("#forecast [data-testid=forecast]")
			if tc.f == nil {
				assert.Zero(t, card.Length())
				assert.Equal(t, 1, doc.Find("#forecast").Length(), "the part is there, empty")
				p.Forecasts = false
				assert.Zero(t, render(t, p).Find("#forecast").Length(), "a room that takes none has no part")
				return
			}
			require.Equal(t, 1, card.Length())
			btn := card.Find("[data-action=forecast]")
			assert.Equal(t, tc.label, btn.Text())
			assert.Equal(t, "forecast-editor", btn.AttrOr("aria-controls", ""))
			_, hidden := card.Find("#forecast-editor").Attr("hidden")
			assert.True(t, hidden, "closed until the button opens it")
			var lines, names []string
			card.Find("[data-testid=forecast-line]").Each(func(_ int, li *goquery.Selection) {
				lines = append(lines, li.Find(".forecast-moves").Text())
				names = append(names, li.Find("[data-forecast-drop]").AttrOr("aria-label", ""))
			})
			assert.Equal(t, tc.lines, lines)
			assert.Equal(t, tc.dropNames, names)
			assert.Equal(t, len(tc.lines) > 0, card.Find(`[data-forecast-drop="0"]`).Length() == 1, "Delete all with lines")
			assert.Equal(t, tc.form, card.Find("form#forecast-form label[for=forecast-text]").Length() == 1)
			assert.Equal(t, tc.theirs, card.Find("#forecast-theirs").Text())
			assert.Equal(t, tc.said, card.Find("[data-testid=forecast-said]").Text())
		})
	}
}
