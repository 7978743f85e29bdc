package kalah

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// naiveSow is a slow reference for Board.Sow, written seed by seed over
// (side, pit) pairs instead of the ring: pit H of a side is its store.
func naiveSow(houses [2][]int, stores [2]int, me game.Player, house int, emptyCapture bool) ([2][]int, [2]int, game.Player, SowResult) {
	h := len(houses[0])
	seeds := houses[me][house-1]
	houses[me][house-1] = 0
	side, pit := me, house-1
	for seeds > 0 {
		pit++
		if pit > h {
			side, pit = side.Other(), 0
		}
		if pit == h && side != me {
			continue // the opponent's store
		}
		if pit == h {
			stores[side]++
		} else {
			houses[side][pit]++
		}
		seeds--
	}
	if side == me && pit == h {
		return houses, stores, me, Again
	}
	if side == me && houses[me][pit] == 1 {
		opp := h - 1 - pit
		if houses[me.Other()][opp] > 0 || emptyCapture {
			stores[me] += 1 + houses[me.Other()][opp]
			houses[me][pit], houses[me.Other()][opp] = 0, 0
			return houses, stores, me.Other(), Captured
		}
	}
	return houses, stores, me.Other(), Passed
}

// randomBoard scatters a game's seeds over the pits, sometimes in heaps big
// enough for several laps.
func randomBoard(rng interface{ IntN(int) int }) Board {
	h, seeds := 1+rng.IntN(MaxHouses), 1+rng.IntN(MaxSeeds)
	b := NewBoard(h, seeds, rng.IntN(2) == 0)
	b.pits = [maxPits]int16{}
	total := 2 * h * seeds
	heap := rng.IntN(2*h + 2)
	for range total {
		i := rng.IntN(2*h + 2)
		if rng.IntN(3) == 0 {
			i = heap
		}
		b.pits[i]++
	}
	b.turn = game.Player(rng.IntN(2))
	return b
}

func TestSowMatchesReference(t *testing.T) {
	rng := game.NewRand(7)
	n := 50_000
	if testing.Short() {
		n = 5_000
	}
	for range n {
		b := randomBoard(rng)
		mask := b.Movable()
		if mask == 0 {
			continue
		}
		house := 1 + rng.IntN(b.Houses())
		for mask&(1<<(house-1)) == 0 {
			house = 1 + rng.IntN(b.Houses())
		}
		var houses [2][]int
		var stores [2]int
		for p := range 2 {
			for i := 1; i <= b.Houses(); i++ {
				houses[p] = append(houses[p], b.Seeds(game.Player(p), i))
			}
			stores[p] = b.Store(game.Player(p))
		}
		wantHouses, wantStores, wantTurn, wantRes := naiveSow(houses, stores, b.turn, house, b.emptyCapture)
		before := b
		res := b.Sow(house)
		want := NewBoard(b.Houses(), 1, b.emptyCapture)
		want.turn = wantTurn
		for p := range 2 {
			for i, v := range wantHouses[p] {
				want.pits[want.houseIndex(game.Player(p), i+1)] = int16(v)
			}
			want.pits[want.storeIndex(game.Player(p))] = int16(wantStores[p])
		}
		if res != wantRes || b != want {
			require.Equal(t, wantRes, res, "board %v house %d", before, house)
			require.Equal(t, want, b, "board %v house %d", before, house)
		}
	}
}

func TestKey(t *testing.T) {
	rng := game.NewRand(3)
	seen := map[Key]Board{}
	hashes := map[uint64]bool{}
	for range 20_000 {
		b := randomBoard(rng)
		b.h, b.emptyCapture = MaxHouses, false // one game, so keys must be unique
		k := b.Key()
		if other, ok := seen[k]; ok {
			require.Equal(t, other, b, "two positions share a key")
		}
		seen[k] = b
		hashes[k.Hash()] = true
	}
	require.Len(t, hashes, len(seen), "a 64-bit hash collided on a few thousand positions")

	// Every pit is read back from its 9 bits, the top bit is the turn.
	b := NewBoard(12, 12, false)
	b.pits[0], b.pits[7], b.pits[25] = 288, 511&287, 1
	b.turn = game.Second
	k := b.Key()
	for i := range maxPits {
		bit := i * keyBits
		v := k[bit/64] >> (bit % 64)
		if bit%64+keyBits > 64 {
			v |= k[bit/64+1] << (64 - bit%64)
		}
		require.Equal(t, uint64(b.pits[i]), v&(1<<keyBits-1), "pit %d", i)
	}
	require.NotZero(t, k[3]>>63)

	// HousesKey ignores the stores only.
	a := NewBoard(6, 4, false)
	c := a
	c.pits[6], c.pits[0] = 1, 3
	require.NotEqual(t, a.Key(), c.Key())
	c.pits[0], c.pits[6], c.pits[13] = 4, 5, 7
	require.NotEqual(t, a.Key(), c.Key())
	require.Equal(t, a.HousesKey(), c.HousesKey())
	c.turn = game.Second
	require.NotEqual(t, a.HousesKey(), c.HousesKey())
}

func TestBoardAccessors(t *testing.T) {
	s := picture(t, nil, "P2", 3, `
		| P2 | 6[ 6] | 5[ 0] | 4[ 5] | 3[ 0] | 2[ 4] | 1[ 4] |  0 |
		|  2 | 1[ 5] | 2[ 1] | 3[ 6] | 4[ 5] | 5[ 5] | 6[ 5] | P1 |`)
	b := s.Board()
	require.Equal(t, 6, b.Houses())
	require.Equal(t, 27, b.HouseSeeds(game.First))
	require.Equal(t, 19, b.HouseSeeds(game.Second))
	require.Equal(t, 2, b.Store(game.Second))
	require.Equal(t, uint16(0b101011), b.Movable())
	require.Equal(t, s.Key(), b.Key())
	b.Sow(1)
	require.Equal(t, 4, s.Seeds(game.Second, 1), "the board is a copy")
}
