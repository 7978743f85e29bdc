package match

import (
	"fmt"

	"boardroom/game"
	"boardroom/store"
)

// Position is the position a stored room has reached: its game started
// with its options and its turns played.
func Position(g game.Game, rec *store.Room) (game.State, error) {
	st, err := g.New(rec.Options)
	if err != nil {
		return nil, err
	}
	for i, t := range rec.Turns {
		moves, err := game.ParseTurn(st, t.Notation)
		if err == nil {
			err = st.Apply(moves...)
		}
		if err != nil {
			return nil, fmt.Errorf("stored turn %d (%s): %w", i+1, t.Notation, err)
		}
	}
	return st, nil
}
