package templates

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// A page without script has its targets marked by the server: once a
// bishop is chosen, an enemy piece it may take is marked as a capture, not
// like the pieces one may move (issue 23: one green ring for both); and the
// banner and the announcement say what comes next.
func TestServerMarksCapturesAndSaysTheStep(t *testing.T) {
	p := page(t, "bishops", nil)
	white := p.State.ToMove()[0]
	require.NoError(t, p.State.Apply(p.State.Legal(white, nil)[0])) // it lines up a kill
	black := p.State.ToMove()[0]
	v := game.ViewOf(p.Game)
	var kill game.Move
	for _, m := range p.State.Legal(black, nil) {
		if v.Cell(p.State, m.Cells[1]).Piece != "" {
			kill = m
			break
		}
	}
	require.NotZero(t, kill.Len, "Black may take the bishop that lined up a kill")
	p.Turn, p.Seats[1].Yours, p.Seats[1].ToMove = "Your move", true, true
	p.Selected = []game.Cell{kill.Cells[0]}
	p.Targets = map[game.Cell]bool{}
	for _, m := range p.State.Legal(black, nil) {
		if m.Cells[0] == kill.Cells[0] {
			p.Targets[m.Cells[1]] = true
		}
	}
	p.Step = game.StepAfter(p.State, 1)
	doc := render(t, p)

	to := doc.Find(`[data-cell="` + cellText(kill.Cells[1]) + `"]`)
	require.True(t, to.HasClass("target"))
	require.True(t, to.HasClass("capture"), "an enemy piece to take is a capture")
	require.Regexp(t, `white bishop, can be taken$`, to.AttrOr("aria-label", ""))
	for c := range p.Targets {
		if v.Cell(p.State, c).Piece == "" {
			require.False(t, doc.Find(`[data-cell="`+cellText(c)+`"]`).HasClass("capture"), "an empty square is no capture")
		}
	}
	require.False(t, doc.Find(`[data-cell="`+cellText(kill.Cells[0])+`"]`).HasClass("capture"), "the chosen bishop is no capture")
	require.Equal(t, "Now choose its target", doc.Find("[data-testid=step]").Text())
	require.Contains(t, doc.Find("[data-testid=announce]").Text(), "Your move. Now choose its target.")
}

func cellText(c game.Cell) string { return itoa(int(c.Row)) + "," + itoa(int(c.Col)) }
