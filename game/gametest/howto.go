package gametest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// jargon is what a player's how-to-play page must not say: the rule book's
// words for programmers (ids, decisions, 0-based coordinates, text formats).
var jargon = []string{"id `", "Decided", "0-based", "Text board", "Notation", "(row", "snake_case", "_"}

// checkHowTo checks the how-to-play page of a game that has a View: a
// section for each of game.HowToTitles in order, each with words and a
// diagram whose position the game decodes and whose marks and arrows lie
// on its board.
func checkHowTo(t *testing.T, g game.Game) {
	v, ok := g.(game.View)
	_, draws := g.(interface{ Board(game.State) game.Board })
	require.False(t, draws && !ok, "the game draws a board but is no game.View: a method is missing (HowTo?)")
	if !ok {
		t.Skip("the game has no View, so no how-to-play page")
	}
	sections := v.HowTo()
	titles := make([]string, len(sections))
	for i, s := range sections {
		titles[i] = s.Title
	}
	require.Equal(t, game.HowToTitles[:], titles, "the sections of the how-to-play page")
	for _, s := range sections {
		require.NotEmpty(t, s.Text, "%s: no text", s.Title)
		for _, p := range s.Text {
			require.NotEmpty(t, strings.TrimSpace(p), "%s: an empty paragraph", s.Title)
			for _, w := range jargon {
				require.NotContains(t, p, w, "%s: a word for programmers", s.Title)
			}
		}
		d := s.Diagram
		require.NotEmpty(t, d.Caption, "%s: the diagram has no caption", s.Title)
		require.NotEmpty(t, d.Alt, "%s: the diagram has no text alternative", s.Title)
		st, err := d.State()
		require.NoError(t, err, "%s: the diagram's position", s.Title)
		require.Equal(t, g.ID(), st.Game().ID(), "%s: a position of another game", s.Title)
		board := v.Board(st)
		on := map[game.Cell]bool{}
		for _, c := range board.Cells() {
			on[c] = true
		}
		for _, c := range d.Marks {
			require.True(t, on[c], "%s: mark %v is off the board", s.Title, c)
		}
		for _, a := range d.Arrows {
			require.Equal(t, game.LayoutGrid, board.Layout, "%s: arrows are drawn on grid boards only", s.Title)
			require.True(t, on[a.From] && on[a.To] && a.From != a.To, "%s: arrow %v is off the board", s.Title, a)
		}
	}
}
