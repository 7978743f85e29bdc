package kalah

import (
	"context"
	"fmt"
	"math/rand/v2"

	"boardroom/game"
)

// Beginner implements game.BeginnerMaker: the computer player of docs/rules.md's
// Beginner level, repeatable for a seed.
func (Game) Beginner(seed uint64) game.Bot {
	return &Beginner{rng: game.NewRand(seed)}
}

// Beginner prefers a move that captures, else one that gives another turn,
// else any move, choosing at random among the moves of the best kind. A
// capture is any move the capture rule applies to: under empty_capture that
// includes banking a lone last seed opposite an empty house. It is not safe
// for concurrent use: give each seat its own.
type Beginner struct {
	rng *rand.Rand
}

// Choose implements game.Bot.
func (b *Beginner) Choose(ctx context.Context, gs game.State, p game.Player) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	s, ok := gs.(*State)
	if !ok {
		return game.Move{}, fmt.Errorf("kalah: the Beginner cannot play %s", gs.Game().ID())
	}
	if s.b.Over() || s.b.turn != p {
		return game.Move{}, fmt.Errorf("%w: %s has no move", game.ErrNotYourTurn, Game{}.Seats()[p])
	}
	house := b.pick(&s.b)
	return s.move(p, house), nil
}

// pick chooses a house of the seat to move of a board still in play.
func (b *Beginner) pick(board *Board) int {
	// best[k] holds the houses whose move has result k, ranked below.
	var best [3][MaxHouses]int8
	var count [3]int
	mask := board.Movable()
	for house := 1; mask != 0; house, mask = house+1, mask>>1 {
		if mask&1 == 0 {
			continue
		}
		next := *board
		k := rank(next.Sow(house))
		best[k][count[k]] = int8(house)
		count[k]++
	}
	for k := range best {
		if count[k] > 0 {
			return int(best[k][b.rng.IntN(count[k])])
		}
	}
	panic("kalah: the Beginner was asked to move in a finished game")
}

// rank orders the kinds of move, best first.
func rank(r SowResult) int {
	switch r {
	case Captured:
		return 0
	case Again:
		return 1
	}
	return 2
}
