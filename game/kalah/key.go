package kalah

import "boardroom/game"

// Key identifies a position of one game (its houses and emptiness rule are
// taken as fixed): every pit's count in 9 bits, in ring order from bit 0, and
// the seat to move in the top bit. Keys are comparable, so they serve as exact
// map keys; Hash folds one into 64 bits for a transposition table.
//
// A solver that scores positions relative to the stores can drop them with
// HousesKey instead, so that positions which differ only in their stores share
// an entry.
type Key [4]uint64

const (
	keyBits = 9
	turnBit = 255
)

// Key returns the exact key of the position.
func (b *Board) Key() Key {
	return b.key(true)
}

// HousesKey is Key with both stores left out (counted as 0).
func (b *Board) HousesKey() Key {
	return b.key(false)
}

func (b *Board) key(stores bool) Key {
	var k Key
	h := int(b.h)
	for i := range 2*h + 2 {
		v := uint64(b.pits[i])
		if !stores && (i == h || i == 2*h+1) {
			v = 0
		}
		bit := i * keyBits
		k[bit/64] |= v << (bit % 64)
		if spill := bit%64 + keyBits - 64; spill > 0 {
			k[bit/64+1] |= v >> (keyBits - spill)
		}
	}
	if b.turn == game.Second {
		k[turnBit/64] |= 1 << (turnBit % 64)
	}
	return k
}

// Hash mixes the key into 64 well-spread bits (a splitmix64 finaliser per
// word), for indexing a transposition table.
func (k Key) Hash() uint64 {
	var x uint64 = 0x9e3779b97f4a7c15
	for _, w := range k {
		x ^= w
		x ^= x >> 30
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 27
		x *= 0x94d049bb133111eb
		x ^= x >> 31
	}
	return x
}
