package bishops

import "boardroom/game"

// Mad Bishops in words for people (game.Stepper, game.MoveDescriber,
// game.MoveBoxer).

var (
	_ game.Stepper       = Game{}
	_ game.MoveDescriber = Game{}
	_ game.MoveBoxer     = Game{}
)

var clickSteps = []string{"Choose a bishop", "Now choose its target"}

// Steps implements game.Stepper: the bishop, then the square it goes to or
// the piece it takes.
func (Game) Steps(game.State) []string { return clickSteps }

// DescribeMove implements game.MoveDescriber: a kill says so.
func (Game) DescribeMove(before game.State, m game.Move) string {
	s, ok := before.(*State)
	if !ok || m.Len != 2 {
		return ""
	}
	if victim := s.At(m.Cells[1]); victim != game.NoPlayer && victim != s.At(m.Cells[0]) {
		return "took the " + pieceName[victim] + " on " + game.AlgebraicName(m.Cells[1], Size)
	}
	return ""
}

var pieceName = [2]string{"white bishop", "black bishop"}

// MoveWords implements game.MoveDescriber.
func (Game) MoveWords(st game.State, m game.Move) string {
	s, ok := st.(*State)
	if !ok || m.Len != 2 {
		return ""
	}
	from, to := game.AlgebraicName(m.Cells[0], Size), game.AlgebraicName(m.Cells[1], Size)
	if victim := s.At(m.Cells[1]); victim != game.NoPlayer && victim != s.At(m.Cells[0]) {
		return "taking the " + pieceName[victim] + " on " + to + " with the bishop from " + from
	}
	return "moving the bishop from " + from + " to " + to
}

// MoveBox implements game.MoveBoxer.
func (Game) MoveBox(game.State) (example, help string) {
	return "c3-e5", "Type a bishop's square and its target: c3-e5 to move there, c3xf6 to take."
}
