package ai

import (
	"context"

	"boardroom/game"
)

type mctsBot struct {
	st   settings
	seed uint64
	last Info
}

func newMCTSBot(st settings, seed uint64) *mctsBot { return &mctsBot{st: st, seed: seed} }

func (b *mctsBot) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	return game.Move{}, nil
}

func (b *mctsBot) Report() string { return b.last.String() }
