package match

import (
	"context"
	"errors"
	"strings"
	"time"

	"boardroom/fairplay"
	"boardroom/game"
	"boardroom/rating"
	"boardroom/realtime/vocab"
)

// Rated games. A room is rated when its creator chose so (Spec.Rated): a
// game between two people with accounts, on the game's standard rules. Its
// seats may be taken only by signed-in players, two different ones; the
// result is final (no undo of the last move, no load or new game over it);
// the store rates both players in the transaction that records the result,
// once (store.Store.SetResult), and the room shows what it changed on the
// seat cards. An aborted game is never rated. A rematch is rated as the
// game before it was.

// ratings are the room's ratings: whether it is rated, the seats' ratings
// in its game and speed (the clock), and what its game changed.
type ratings struct {
	rated bool
	// current are the seats' ratings as last read (a seat without an
	// account, or whose holder has no rating yet, has none).
	current [2]*rating.Rating
	// changes is what the game did to them, once rated.
	changes *[2]rating.Change
}

// readRatings reads the seats' ratings in the room's game and speed, shown
// on their cards. A store that cannot answer leaves them unknown: they are
// for show, and the result is rated from the store's own.
func (r *Room) readRatings() {
	names := []string{r.seats.held[0].Account, r.seats.held[1].Account}
	if names[0] == "" && names[1] == "" {
		r.ratings.current = [2]*rating.Rating{}
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	got, err := r.deps.Store.CurrentRatings(ctx, r.g.ID(), r.clock.setting, names)
	if err != nil {
		r.deps.Log.Warn("ratings not read", "room", r.id, "err", err)
		return
	}
	for i, name := range names {
		r.ratings.current[i] = nil
		if rt, ok := got[name]; ok && name != "" {
			r.ratings.current[i] = &rt
		}
	}
}

// rated records what the store's rating of the game changed.
func (r *Room) rated(changes *[2]rating.Change) {
	if changes == nil {
		return
	}
	r.ratings.changes = changes
	for i := range changes {
		after := changes[i].After
		r.ratings.current[i] = &after
	}
	r.deps.Log.Info("game rated", "room", r.id, "game", r.g.ID(), "speed", r.clock.setting,
		"first", changes[0].Delta(), "second", changes[1].Delta())
}

// ratedJoinRefusal says why c may not take a seat of a rated room ("": it
// may).
func (r *Room) ratedJoinRefusal(c *Conn) string {
	if !r.ratings.rated {
		return ""
	}
	if c.who.Account == "" {
		return "This game is rated: log in or sign up to play it."
	}
	for _, s := range r.seats.held {
		if s.Account != "" && strings.EqualFold(s.Account, c.who.Account) {
			return "You hold the other seat: a rated game is between two players."
		}
	}
	for _, s := range r.seats.held {
		if s.Account != "" {
			return r.linkRefusal(s.Account, c.who.Account)
		}
	}
	return ""
}

// linkRefusal says why the accounts a and b may not play each other in
// this rated game ("": they may): a bot and its owner, or two accounts of
// one browser (package fairplay). Asked as a seat is taken or a rematch
// begins, never on a move.
func (r *Room) linkRefusal(a, b string) string {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	// The web server stamps browsers' sightings with the wall clock.
	err := fairplay.Check(ctx, r.deps.Store, a, b, time.Now())
	var refused fairplay.Refused
	switch {
	case err == nil:
		return ""
	case errors.As(err, &refused):
		return refused.Why
	}
	r.deps.Log.Warn("rated players not checked", "room", r.id, "err", err)
	return "This rated game could not be checked just now; try again in a moment."
}

// ratedRefusal says why action may not be carried out in a rated room
// ("": it may). A rated game is the game as played: it cannot be swapped
// for a saved one or started afresh, and its result, once in, is final.
func (r *Room) ratedRefusal(action vocab.Action) string {
	if r.event.id != "" && (action == vocab.Load || action == vocab.NewGame) {
		return "This game is an event's: it cannot be replaced by another. Resign or offer a draw to end it."
	}
	if !r.ratings.rated {
		return ""
	}
	switch {
	case action == vocab.Load || action == vocab.NewGame:
		return "This game is rated: it cannot be replaced by another. Resign or offer a draw to end it."
	case (action == vocab.Undo || action == vocab.Redo) && r.over():
		return "This game is rated: its result is final. Start a rematch instead."
	}
	return ""
}

// seatRating is what seat p's card shows of its rating: the rating
// ("1500?" while provisional) and, once the game is rated, the change
// ("+12", "−8", "±0").
func (r *Room) seatRating(p game.Player) (shown, change string) {
	if r.seats.held[p].Account == "" {
		return "", ""
	}
	if c := r.ratings.changes; c != nil {
		return c[p].After.String(), c[p].Signed()
	}
	if cur := r.ratings.current[p]; cur != nil {
		return cur.String(), ""
	}
	if r.ratings.rated {
		return rating.Defaults().New().String(), "" // a first rated game
	}
	return "", ""
}

// ratable says why a spec cannot make a rated room ("": it can): only a
// game between two people, each on their own page, from the start, on the
// game's standard rules, made by a signed-in player.
func ratable(spec Spec, g game.Game, opts game.Options) string {
	std, err := g.New(nil)
	switch {
	case spec.Mode != vocab.Friend:
		return "only a game against a friend can be rated"
	case spec.Account == "":
		return "log in to play rated games"
	case len(spec.Turns) > 0:
		return "a game started from a record cannot be rated"
	case err != nil || opts.Describe(g.Options()) != std.Options().Describe(g.Options()):
		return "only the standard rules are rated"
	}
	return ""
}
