package amazonsai

import (
	"fmt"
	"math/rand/v2"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/amazons"
)

// amazonsTree is an Amazons position for the tree search: the engine's
// MakeTurn/UnmakeTurn and the evaluation, without the hash the alpha-beta
// adapter keeps.
type amazonsTree struct {
	s     *amazons.State
	turns []amazons.Turn
	part  partition
}

func newAmazonsTree(gs game.State) (ai.TreePosition, error) {
	s, ok := gs.Clone().(*amazons.State)
	if !ok {
		return nil, fmt.Errorf("amazonsai: MCTS plays Amazons only, not %s", gs.Game().ID())
	}
	return &amazonsTree{s: s}, nil
}

func (t *amazonsTree) Side() game.Player { return t.s.SideToMove() }

func (t *amazonsTree) AllMoves(dst []ai.Move) []ai.Move {
	t.turns = t.s.AppendTurns(t.turns[:0])
	for _, turn := range t.turns {
		dst = append(dst, packTurn(turn))
	}
	return dst
}

func (t *amazonsTree) Make(m ai.Move)   { t.s.MakeTurn(unpackTurn(m)) }
func (t *amazonsTree) Unmake(m ai.Move) { t.s.UnmakeTurn(unpackTurn(m)) }

func (t *amazonsTree) Value(p game.Player) int { return amazonsEval(t.s, p, &t.part) }

func (t *amazonsTree) GameMove(m ai.Move) game.Move { return unpackTurn(m).Move() }
func (t *amazonsTree) Format(m ai.Move) string      { return unpackTurn(m).String() }

// RandomMove picks a random turn cheaply: a random amazon that can move, a
// random destination, a random arrow.
func (t *amazonsTree) RandomMove(rng *rand.Rand) (ai.Move, bool) {
	s := t.s
	occ := s.Occupied()
	amz := s.AmazonSquares(s.SideToMove())
	start := rng.IntN(len(amz))
	for i := range amz {
		from := amz[(start+i)%len(amz)]
		tos := amazons.QueenReach(from, occ)
		if tos.IsEmpty() {
			continue
		}
		to := nthSquare(tos, rng.IntN(tos.Count()))
		vacated := occ
		vacated.Clear(from)
		arrows := amazons.QueenReach(to, vacated)
		return packTurn(amazons.Turn{From: from, To: to, Arrow: nthSquare(arrows, rng.IntN(arrows.Count()))}), true
	}
	return ai.NoMove, false
}

func nthSquare(b amazons.Bitboard, n int) amazons.Square {
	for range n {
		b.Pop()
	}
	return b.First()
}
