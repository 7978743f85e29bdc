package kalah

import (
	"fmt"
	"strconv"

	"boardroom/game"
)

// The board as the pages show it (game.View): a mancala board, P2's houses
// along the top from its house H on the left, P1's along the bottom from
// house 1, P2's store on the left and P1's on the right.

// Board implements game.View.
func (Game) Board(st game.State) game.Board {
	return game.Board{Layout: game.LayoutPits, Rows: 2, Cols: st.(*State).Cols(), Style: "pits",
		Label: "Kalah board", SeatColors: [2]string{"gold", "red"}}
}

// Cell implements game.View. Once the game is over the board shows the
// final count: the seeds left in the houses gathered into their owner's
// store (rules.md: each score is houses plus store), which the stored
// position itself does not do.
func (g Game) Cell(st game.State, at game.Cell) game.CellView {
	s := st.(*State)
	over := s.b.Over()
	if p, house, ok := s.HouseAt(at); ok {
		n := s.Seeds(p, house)
		if over {
			n = 0
		}
		// Concatenated, not formatted: every page drawn asks for every pit.
		return game.CellView{Class: pitClass[p][0], What: seatName[p] + " house " + strconv.Itoa(house) + ", " + seeds(n),
			Count: n, Counted: true, Caption: strconv.Itoa(house)}
	}
	for _, p := range []game.Player{game.First, game.Second} {
		if at == s.StoreCell(p) {
			n := s.Store(p)
			if over {
				n = s.b.Score(p)
			}
			// The store shows its seat's name then its count: its name holds
			// both, in that order (WCAG 2.5.3, label in name).
			return game.CellView{Class: pitClass[p][1], What: seatName[p] + ": " + seeds(n) + " in the store",
				Count: n, Counted: true, Caption: g.Seats()[p]}
		}
	}
	return game.CellView{What: "off the board"}
}

// seeds counts seeds in words ("1 seed", "4 seeds"); the usual counts are
// constants, as every pit of every page drawn asks for one.
func seeds(n int) string {
	if n >= 0 && n < len(seedWords) {
		return seedWords[n]
	}
	return game.Plural(n, "seed", "seeds")
}

var seedWords = func() (w [64]string) {
	for n := range w {
		w[n] = game.Plural(n, "seed", "seeds")
	}
	return w
}()

// seatName is how a pit's label names its seat.
var seatName = [2]string{"P1", "P2"}

// pitClass is the style of each seat's houses and store.
var pitClass = [2][2]string{{"pit house seat0", "pit store seat0"}, {"pit house seat1", "pit store seat1"}}

// Score implements game.View: the stores while the game is played, and
// once it is over the final score as the rules count it (houses plus
// store), which is what decided the result.
func (Game) Score(st game.State) string {
	s := st.(*State)
	if s.b.Over() {
		sc := s.Score()
		return fmt.Sprintf("Final score: P1 %d · P2 %d", sc[0], sc[1])
	}
	return fmt.Sprintf("Stores: P1 %d · P2 %d", s.Store(game.First), s.Store(game.Second))
}

// MoveHint implements game.View, as the original program put it.
func (Game) MoveHint(st game.State) string {
	return fmt.Sprintf("(1-%d) - house number for move", st.(*State).Houses())
}

// RulesAnchor implements game.View.
func (Game) RulesAnchor() string { return "kalah" }

// IllegalMove implements game.Transcript: the original program's line (the
// only legible illegal move in Kalah is an empty house).
func (Game) IllegalMove(string) string { return "House is empty. Move again.\n" }

// GameOver implements game.Transcript, as the original program ended.
func (Game) GameOver(st game.State) string {
	score := st.Score()
	end := "A tie!\n"
	switch st.Outcome().Winner {
	case game.First:
		end = "Player 1 wins!\n"
	case game.Second:
		end = "Player 2 wins!\n"
	}
	return fmt.Sprintf("\tplayer 1:%d\n\tplayer 2:%d\n", score[0], score[1]) + end
}

// Summary implements game.View.
func (Game) Summary() string {
	return "Sow seeds around the pits and capture into your store: the most seeds at the end wins."
}

// Unit implements game.View: what the computer's evaluation counts.
func (Game) Unit() string { return "seeds" }
