package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"boardroom/accounts"
	"boardroom/enginetext/fairystockfish"
	"boardroom/game"
	"boardroom/lobby"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// The house bot that an outside program plays: Boardroom-Fairy-Stockfish,
// in the games its variants cover (Amazons), beside the computer's own
// levels, rated like them (docs/accounts.md, "House bots").

// fairyStockfishThink is its time a move: its rating then says what
// Fairy-Stockfish is worth at a second a move.
const fairyStockfishThink = time.Second

// fairyStockfishModes are the values of -fairy-stockfish.
const (
	outsideOff  = "off"
	outsideAuto = "auto" // on where Node and npm are installed
	outsideOn   = "on"
)

// fairyStockfish installs Fairy-Stockfish for the house bot (npm, on first
// start; its process starts with the bot's first game), as mode says: nil
// for off, and for auto where it cannot be had (said in the log).
func fairyStockfish(ctx context.Context, mode string, log *slog.Logger) (*fairystockfish.Player, error) {
	switch mode {
	case outsideOff:
		return nil, nil
	case outsideAuto, outsideOn:
	default:
		return nil, fmt.Errorf("-fairy-stockfish must be %s, %s or %s, got %q", outsideAuto, outsideOn, outsideOff, mode)
	}
	if len(game.UCIGames()) == 0 {
		return nil, nil
	}
	command, err := fairystockfish.Resolve(ctx, fairystockfish.Name)
	switch {
	case err == nil:
		return fairystockfish.NewPlayer(command, fairyStockfishThink), nil
	case mode == outsideAuto:
		level := slog.LevelWarn
		if errors.Is(err, fairystockfish.ErrNoNode) {
			level = slog.LevelInfo
		}
		log.Log(ctx, level, "no Fairy-Stockfish house bot", "err", err)
		return nil, nil
	}
	return nil, fmt.Errorf("-fairy-stockfish on: %w", err)
}

// withOutside adds the outside program's house bot to the house's.
func withOutside(ctx context.Context, house []lobby.HouseBot, player *fairystockfish.Player, st store.Store, log *slog.Logger) []lobby.HouseBot {
	if player == nil {
		return house
	}
	b, err := lobby.OutsideHouseBot(ctx, &accounts.Service{Store: st}, vocab.FairyStockfish.Label(), vocab.FairyStockfish, game.UCIGames())
	if err != nil {
		log.Error("the Fairy-Stockfish house bot was not made", "err", err)
		return house
	}
	return append(house, b)
}
