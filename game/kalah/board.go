package kalah

import "boardroom/game"

// Limits of the options; the board arrays are sized for the largest game.
const (
	MinHouses = 1
	MaxHouses = 12
	MinSeeds  = 1
	MaxSeeds  = 12

	// maxPits is the length of the pit ring of the largest board: every house
	// of both sides plus the two stores.
	maxPits = 2*MaxHouses + 2
	// MaxTotal is the most seeds a game can hold (12 houses of 12 seeds a
	// side); it needs 9 bits, so counts are int16.
	MaxTotal = 2 * MaxHouses * MaxSeeds
)

// Board is the compact position: the pits, whose turn it is, and the two
// rules settings that sowing needs. It is a small value (about 56 bytes) with
// no pointers, so a search copies it to make a move (copy-make) and simply
// drops the copy to take the move back.
//
// The pits form one ring in sowing order: P1's houses 1..H at indexes 0..H-1,
// P1's store at H, P2's houses 1..H at H+1..2H, P2's store at 2H+1. The house
// opposite index i (a house of either side) is then 2H−i.
type Board struct {
	pits         [maxPits]int16
	h            int8
	turn         game.Player
	emptyCapture bool
}

// SowResult says what a move's last seed did.
type SowResult uint8

// The outcomes of a sowing.
const (
	// Passed: the last seed landed elsewhere and the turn passes.
	Passed SowResult = iota
	// Again: the last seed landed in the mover's store; the mover moves again.
	Again
	// Captured: the capture rule banked the last seed (and the opposite
	// house's seeds, if any); the turn passes.
	Captured
)

// NewBoard returns the starting board: seeds in every house, empty stores,
// P1 to move.
func NewBoard(houses, seeds int, emptyCapture bool) Board {
	b := Board{h: int8(houses), turn: game.First, emptyCapture: emptyCapture}
	for i := range houses {
		b.pits[i] = int16(seeds)
		b.pits[houses+1+i] = int16(seeds)
	}
	return b
}

// Houses is the number of houses a side.
func (b *Board) Houses() int { return int(b.h) }

// EmptyCapture reports whether the empty_capture rule is on.
func (b *Board) EmptyCapture() bool { return b.emptyCapture }

// Turn is the seat to move (also when the game is over: the one who cannot).
func (b *Board) Turn() game.Player { return b.turn }

// houseIndex is the ring index of p's house (1..H).
func (b *Board) houseIndex(p game.Player, house int) int {
	return int(p)*(int(b.h)+1) + house - 1
}

// storeIndex is the ring index of p's store.
func (b *Board) storeIndex(p game.Player) int {
	return int(p)*(int(b.h)+1) + int(b.h)
}

// Seeds returns the seeds in p's house (1..H); 0 for a house out of range.
func (b *Board) Seeds(p game.Player, house int) int {
	if !p.Valid() || house < 1 || house > int(b.h) {
		return 0
	}
	return int(b.pits[b.houseIndex(p, house)])
}

// Store returns the seeds in p's store.
func (b *Board) Store(p game.Player) int {
	if !p.Valid() {
		return 0
	}
	return int(b.pits[b.storeIndex(p)])
}

// HouseSeeds returns the seeds left in p's houses (not counting the store).
func (b *Board) HouseSeeds(p game.Player) int {
	base := int(p) * (int(b.h) + 1)
	n := 0
	for _, v := range b.pits[base : base+int(b.h)] {
		n += int(v)
	}
	return n
}

// Score is p's seeds in houses plus store: what counts at the end.
func (b *Board) Score(p game.Player) int {
	return b.HouseSeeds(p) + b.Store(p)
}

// Over reports whether the game has ended: the seat to move has no seeds.
func (b *Board) Over() bool {
	base := int(b.turn) * (int(b.h) + 1)
	for _, v := range b.pits[base : base+int(b.h)] {
		if v != 0 {
			return false
		}
	}
	return true
}

// Movable returns a bit mask of the houses the seat to move may sow: bit h−1
// is set when house h holds seeds. It is 0 when the game is over.
func (b *Board) Movable() uint16 {
	base := int(b.turn) * (int(b.h) + 1)
	var mask uint16
	for i, v := range b.pits[base : base+int(b.h)] {
		if v != 0 {
			mask |= 1 << i
		}
	}
	return mask
}

// Sow plays house (1..H) of the seat to move, which the caller has checked is
// in range and non-empty, and hands the turn on unless the move earns another.
func (b *Board) Sow(house int) SowResult {
	h := int(b.h)
	n := 2*h + 2
	me := b.turn
	start := b.houseIndex(me, house)
	myStore := b.storeIndex(me)
	skip := b.storeIndex(me.Other())
	seeds := int(b.pits[start])
	b.pits[start] = 0

	// Whole laps in one go: a lap drops one seed in every pit but the
	// opponent's store, the emptied house included. Keeping 1..n−1 seeds for
	// the loop below leaves the last seed's pit to it.
	if lap := n - 1; seeds > lap {
		q := (seeds - 1) / lap
		for i := range n {
			if i != skip {
				b.pits[i] += int16(q)
			}
		}
		seeds -= q * lap
	}
	i := start
	for seeds > 0 {
		i++
		if i == n {
			i = 0
		}
		if i == skip {
			continue
		}
		b.pits[i]++
		seeds--
	}

	if i == myStore {
		return Again
	}
	res := Passed
	// One seed now means the house was empty before the last seed fell.
	if mine := i - int(me)*(h+1); mine >= 0 && mine < h && b.pits[i] == 1 {
		opp := 2*h - i
		if b.pits[opp] > 0 || b.emptyCapture {
			b.pits[myStore] += 1 + b.pits[opp]
			b.pits[i], b.pits[opp] = 0, 0
			res = Captured
		}
	}
	b.turn = me.Other()
	return res
}
