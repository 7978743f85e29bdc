package kalah

import (
	"strconv"

	"boardroom/game"
)

// Kalah in words for people (game.Stepper, game.MoveDescriber,
// game.MoveBoxer): what a sowing did, which the notation ("3") does not say.

var (
	_ game.Stepper       = Game{}
	_ game.MoveDescriber = Game{}
	_ game.MoveBoxer     = Game{}
)

// Steps implements game.Stepper: a move is one click.
func (Game) Steps(game.State) []string { return []string{"Choose one of your houses to sow"} }

// DescribeMove implements game.MoveDescriber: an extra turn, or a capture
// and how many seeds it banked.
func (Game) DescribeMove(before game.State, m game.Move) string {
	s, ok := before.(*State)
	if !ok {
		return ""
	}
	house, err := s.check(m)
	if err != nil {
		return ""
	}
	b := s.b
	me := b.turn
	sown := b.dropsInStore(house)
	stored := b.Store(me)
	switch b.Sow(house) {
	case Again:
		if b.Over() {
			return "the last seed lands in the store"
		}
		return "the last seed lands in the store: another turn"
	case Captured:
		return "captured " + seeds(b.Store(me)-stored-sown)
	}
	return ""
}

// dropsInStore counts the seeds that sowing house (1..H) of the seat to
// move drops into its own store on the way.
func (b *Board) dropsInStore(house int) int {
	n := 2*int(b.h) + 2
	me := b.turn
	i, mine, skip := b.houseIndex(me, house), b.storeIndex(me), b.storeIndex(me.Other())
	drops := 0
	for left := int(b.pits[i]); left > 0; {
		if i++; i == n {
			i = 0
		}
		if i == skip {
			continue
		}
		if i == mine {
			drops++
		}
		left--
	}
	return drops
}

// MoveWords implements game.MoveDescriber.
func (Game) MoveWords(s game.State, m game.Move) string {
	if _, house, ok := s.(*State).HouseAt(m.Cells[0]); ok && m.Len == 1 {
		return "sowing house " + strconv.Itoa(house)
	}
	return ""
}

// MoveBox implements game.MoveBoxer.
func (Game) MoveBox(st game.State) (example, help string) {
	return "3", "Type the number of one of your houses, 1 to " + strconv.Itoa(st.(*State).Houses()) + "."
}
