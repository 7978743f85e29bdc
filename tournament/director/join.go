package director

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/rating"
	"boardroom/store"
)

// Refusals of an entry, in words for the player.
var (
	ErrBotsOnly = errors.New("this event is for bots only: an engine championship")
	ErrNoBots   = errors.New("bots may not enter this event")
	ErrFinished = errors.New("this event has finished")
)

// JoinStore is what Join reads and writes.
type JoinStore interface {
	store.Tournaments
	store.Ratings
}

// Join enters account (a bot account's if bot) in event id at now, or
// brings them back in with their score. Their rating in the event's game
// and speed places them among players of equal score.
func Join(ctx context.Context, st JoinStore, id, account string, bot bool, now time.Time) error {
	t, err := st.Tournament(ctx, id)
	if err != nil {
		return err
	}
	switch {
	case t.Status == store.TournamentFinished:
		return ErrFinished
	case t.BotsOnly && !bot:
		return ErrBotsOnly
	case bot && !t.Bots && !t.BotsOnly:
		return ErrNoBots
	}
	ratings, err := st.CurrentRatings(ctx, t.Game, t.Clock, []string{account})
	if err != nil {
		return err
	}
	r := rating.Center
	if have, ok := ratings[account]; ok {
		r = have.Rating
	}
	err = st.JoinTournament(ctx, id, store.Entrant{Account: account, Bot: bot, Rating: int(r + 0.5), Joined: now, Active: true})
	if errors.Is(err, store.ErrGone) {
		return ErrFinished
	}
	if err != nil {
		return fmt.Errorf("join event %s: %w", id, err)
	}
	return nil
}
