package kalah

import "boardroom/game"

// The web grid is 2 rows of H+2 columns:
//
//	row 0: P2's store (col 0), P2's houses H..1 (cols 1..H), col H+1 unused
//	row 1: col 0 unused, P1's houses 1..H (cols 1..H), P1's store (col H+1)
//
// so each player's houses run left to right from their own point of view,
// as across a real board.

// Rows and Cols are the size of the web grid.
func (s *State) Rows() int { return 2 }

// Cols is the width of the web grid: the houses and a store column each side.
func (s *State) Cols() int { return int(s.b.h) + 2 }

// Houses is the number of houses a side.
func (s *State) Houses() int { return int(s.b.h) }

// Seeds returns the seeds in p's house (1..H); 0 for a house out of range.
func (s *State) Seeds(p game.Player, house int) int { return s.b.Seeds(p, house) }

// Store returns the seeds in p's store.
func (s *State) Store(p game.Player) int { return s.b.Store(p) }

// HouseCell is the grid cell of p's house (1..H): P1's house h is {1,h} and
// P2's is {0,H+1−h}.
func (s *State) HouseCell(p game.Player, house int) game.Cell {
	if p == game.First {
		return game.Cell{Row: 1, Col: int8(house)}
	}
	return game.Cell{Row: 0, Col: s.b.h + 1 - int8(house)}
}

// StoreCell is the grid cell of p's store: P1's {1,H+1}, P2's {0,0}.
func (s *State) StoreCell(p game.Player) game.Cell {
	if p == game.First {
		return game.Cell{Row: 1, Col: s.b.h + 1}
	}
	return game.Cell{Row: 0, Col: 0}
}

// HouseAt tells whose house a grid cell is and its number; ok is false for a
// store, an unused corner or a cell off the grid.
func (s *State) HouseAt(c game.Cell) (p game.Player, house int, ok bool) {
	h := s.b.h
	if c.Col < 1 || c.Col > h {
		return game.NoPlayer, 0, false
	}
	switch c.Row {
	case 0:
		return game.Second, int(h + 1 - c.Col), true
	case 1:
		return game.First, int(c.Col), true
	}
	return game.NoPlayer, 0, false
}

// StoreAt tells whose store a grid cell is; ok is false for any other cell.
func (s *State) StoreAt(c game.Cell) (p game.Player, ok bool) {
	switch c {
	case s.StoreCell(game.First):
		return game.First, true
	case s.StoreCell(game.Second):
		return game.Second, true
	}
	return game.NoPlayer, false
}

// Key returns the compact exact key of the position (see Key); the ply count
// is not part of it.
func (s *State) Key() Key { return s.b.Key() }
