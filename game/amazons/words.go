package amazons

import "boardroom/game"

// The Amazons in words for people (game.Stepper, game.MoveDescriber,
// game.MoveBoxer).

var (
	_ game.Stepper       = Game{}
	_ game.MoveDescriber = Game{}
	_ game.MoveBoxer     = Game{}
)

var clickSteps = []string{"Choose an amazon", "Now choose where it moves", "Now shoot an arrow"}

// Steps implements game.Stepper: the amazon, where it moves, where it shoots.
func (Game) Steps(game.State) []string { return clickSteps }

// DescribeMove implements game.MoveDescriber: the notation says it all.
func (Game) DescribeMove(game.State, game.Move) string { return "" }

// MoveWords implements game.MoveDescriber.
func (Game) MoveWords(_ game.State, m game.Move) string {
	if m.Len != 3 {
		return ""
	}
	name := func(i int) string { return game.AlgebraicName(m.Cells[i], Size) }
	return "moving the amazon from " + name(0) + " to " + name(1) + " and shooting at " + name(2)
}

// MoveBox implements game.MoveBoxer.
func (Game) MoveBox(game.State) (example, help string) {
	return "d1-d7/g7", "Type the amazon's square, where it moves, then where it shoots: d1-d7/g7."
}
