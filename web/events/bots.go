package events

import (
	"context"
	"errors"

	"boardroom/store"
	"boardroom/tournament/director"
)

// A bot's program enters an event and leaves it over the site's socket
// (web/play, site.go: {"join":ID}, {"leave":ID}), with its API token
// instead of a session: the server hands that area JoinBot and LeaveBot.
// Their refusals are in words for the program's operator, as the page's
// are for a person.

// noSuchEvent is the refusal of an event id nobody made.
const noSuchEvent = "There is no such event."

// JoinBot enters bot account in event id (or brings it back in, with its
// score), as Join does a person: refused says why not in words (a finished
// event, one closed to bots, no such event); err is a failure to try again.
func (a *Area) JoinBot(ctx context.Context, id, bot string) (refused string, err error) {
	err = director.Join(ctx, a.Store, id, bot, true, a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return noSuchEvent, nil
	case errors.Is(err, director.ErrBotsOnly), errors.Is(err, director.ErrNoBots), errors.Is(err, director.ErrFinished):
		return sentence(err), nil
	case err != nil:
		return "", err
	}
	a.Kit.Log.Info("event joined", "event", id, "bot", bot)
	a.nudge()
	return "", nil
}

// LeaveBot takes bot account out of event id's pairings (it keeps its
// score); refused says why not in words (no such event).
func (a *Area) LeaveBot(ctx context.Context, id, bot string) (refused string, err error) {
	if _, err := a.Store.Tournament(ctx, id); errors.Is(err, store.ErrNotFound) {
		return noSuchEvent, nil
	} else if err != nil {
		return "", err
	}
	if err := a.Store.LeaveTournament(ctx, id, bot); err != nil {
		return "", err
	}
	a.Kit.Log.Info("event left", "event", id, "bot", bot)
	return "", nil
}
