package main

import (
	"context"
	"fmt"
	"strings"

	"boardroom/game"
)

// maxOpeningTurns bounds --openings: a match's openings vary its games,
// they are not meant to play them.
const maxOpeningTurns = 20

// openingSeed is the seed of the opening of a match's pair of games (from
// 1), apart from the players' seeds (seed·1,000,003 + 2·game + side), so
// that a level's choices do not follow the random opening's draws.
func openingSeed(seed uint64, pair int) uint64 {
	return (seed*1_000_003 + uint64(pair)) ^ 0x6f70656e696e6773 // "openings"
}

// randomOpening draws k turns of random legal moves from s (which it leaves
// as it is) with seed, for a pair of a match's games to start from. A draw
// that ends the game is drawn again with the next seed, up to a limit.
func randomOpening(s game.State, k int, seed uint64) ([][]game.Move, error) {
	if k == 0 {
		return nil, nil
	}
	for try := range uint64(100) {
		if turns, ok := drawOpening(s.Clone(), k, seed+try*0x9e3779b97f4a7c15); ok {
			return turns, nil
		}
	}
	return nil, fmt.Errorf("match --openings %d: every random opening drawn ended the game", k)
}

// drawOpening plays k random turns on s; ok is false when the game ends
// on the way.
func drawOpening(s game.State, k int, seed uint64) (turns [][]game.Move, ok bool) {
	r := game.NewRandomBot(seed)
	for range k {
		if s.Outcome().Over {
			return nil, false
		}
		var moves []game.Move
		for _, p := range s.ToMove() {
			m, err := r.Choose(context.Background(), s, p)
			if err != nil {
				return nil, false
			}
			moves = append(moves, m)
		}
		if err := s.Apply(moves...); err != nil {
			return nil, false
		}
		turns = append(turns, moves)
	}
	return turns, !s.Outcome().Over
}

// formatOpening writes the opening's turns from start in the game's
// notation, a simultaneous turn as A+B.
func formatOpening(start game.State, turns [][]game.Move) string {
	s := start.Clone()
	words := make([]string, 0, len(turns))
	for _, moves := range turns {
		words = append(words, game.FormatTurn(s, moves))
		if err := s.Apply(moves...); err != nil {
			break
		}
	}
	return strings.Join(words, " ")
}
