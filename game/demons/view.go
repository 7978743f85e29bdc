package demons

import (
	"fmt"

	"boardroom/game"
)

// The board as the pages show it (game.View).

// Board implements game.View.
func (Game) Board(st game.State) game.Board {
	s := st.(*State)
	return game.Board{Layout: game.LayoutGrid, Rows: s.Size(), Cols: s.Size(), Style: "checker territory",
		Label: "Angels and Demons board", SeatColors: [2]string{"gold", "red"},
		Files: game.AlgebraicFiles(s.Size()), Ranks: game.AlgebraicRanks(s.Size()),
		Note: fmt.Sprintf("Turn %d of %d", min(s.Turn()+1, s.Turns()), s.Turns())}
}

// Cell implements game.View.
func (Game) Cell(st game.State, at game.Cell) game.CellView {
	s := st.(*State)
	name := game.AlgebraicName(at, s.Size())
	switch s.Owner(at) {
	case game.First:
		return game.CellView{Class: "owner-first", Name: name, What: "held by the Angels", Piece: "halo", PieceClass: "piece halo"}
	case game.Second:
		return game.CellView{Class: "owner-second", Name: name, What: "held by the Demons", Piece: "horns", PieceClass: "piece horns"}
	}
	if IsDark(at) {
		return game.CellView{Name: name, What: "a choice"}
	}
	return game.CellView{Name: name, What: "empty"}
}

// Score implements game.View: the squares each side covers.
func (Game) Score(st game.State) string {
	c := st.(*State).Covered()
	return fmt.Sprintf("Angels %d · Demons %d", c[0], c[1])
}

// MoveHint implements game.View.
func (Game) MoveHint(game.State) string { return "b2 - the dark square you choose" }

// RulesAnchor implements game.View.
func (Game) RulesAnchor() string { return "demons" }

// Summary implements game.View.
func (Game) Summary() string {
	return "Both sides secretly pick a dark square at once and claim its neighbours: cover more of the board to win."
}

// Unit implements game.View: what the computer's evaluation counts.
func (Game) Unit() string { return "squares" }

// Showcase implements game.Showcase: the board starts empty, so the
// lobby's card shows a few turns, each side's squares with their marks.
func (Game) Showcase() game.State {
	s, err := New(nil)
	if err != nil {
		return nil
	}
	for _, turn := range [][2]string{{"c7", "f2"}, {"d4", "e5"}, {"c3", "f6"}} {
		var moves [2]game.Move
		for i, sq := range turn {
			if moves[i], err = s.ParseMove(game.Player(i), sq); err != nil {
				return nil
			}
		}
		if err := s.Apply(moves[0], moves[1]); err != nil {
			return nil
		}
	}
	return s
}
