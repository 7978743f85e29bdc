// Package director runs Boardroom's events (package tournament holds
// their rules). A Director on every node looks, every second, at the
// events whose time has come; it takes the lease of each it can
// (store.Tournaments.Direct: one node directs an event at a time, and a
// node that stalls or dies is replaced once its lease runs out), starts
// it, pairs its free players in waves and ends it. Every write that moves
// an event on carries the director's epoch, so a replaced director pairs
// nobody; a game's result reaches its event in the write that records it
// on the room (store.SetResult), so a hand-over loses no result and
// counts none twice.
//
// A Swiss event pairs its rounds one after another, a correspondence one
// at set days (swiss.go).
//
// An arena pairs a player again as soon as they are free (a wave every
// look, and at once when told a game ended: Nudge), with a near rank and
// not their last opponent (tournament.PairArena). It stops pairing at its
// end, and finishes when its last game has ended: a game begun before the
// end counts.
package director

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/store"
	"boardroom/tournament"
)

// Rooms is how a director makes rooms: the pairing's write carries
// NewRoomContext's fence, and RunNew runs each room it made
// (realtime.Hub, as for quick pairing).
type Rooms interface {
	NewRoomContext(ctx context.Context) (context.Context, error)
	RunNew(ctx context.Context, rec *store.Room) error
}

// Director directs the events on one node.
type Director struct {
	Store store.Tournaments
	Rooms Rooms
	// Node names this node in the events' leases.
	Node string
	Log  *slog.Logger
	Now  func() time.Time
	// Every is how often it looks (default a second); Lease how long a
	// lease it takes (default 10 s): a dead director's events wait that
	// long at most.
	Every, Lease time.Duration
	// Paired is told of each wave's games, once their rooms run (the
	// players' pages go there); nil: nobody.
	Paired func(ctx context.Context, event string, games []store.TournamentPairing)
	// Games are the games the site's schedule rotates over (schedule.go);
	// nil: no schedule.
	Games func() []game.Game

	scheduled time.Time // when the schedule was last kept
	// held are the leases this director holds, by event, and until when
	// (Step's goroutine alone).
	held      map[string]held
	nudge     chan struct{}
	nudgeOnce sync.Once
}

func (d *Director) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Director) nudges() chan struct{} {
	d.nudgeOnce.Do(func() { d.nudge = make(chan struct{}, 1) })
	return d.nudge
}

// held is a lease a director holds on an event, and until when.
type held struct {
	hold  store.Directing
	until time.Time
}

// Nudge has the director look now: a game of an event ended, or someone
// joined one.
func (d *Director) Nudge() {
	select {
	case d.nudges() <- struct{}{}:
	default:
	}
}

// Run directs until ctx ends.
func (d *Director) Run(ctx context.Context) {
	every := d.Every
	if every <= 0 {
		every = time.Second
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if err := d.Step(ctx); err != nil && ctx.Err() == nil {
			d.Log.Warn("events not directed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-d.nudges():
		}
	}
}

// Step looks once at every event whose time has come, and moves on those
// this node directs.
func (d *Director) Step(ctx context.Context) error {
	now := d.now()
	d.keepSchedule(ctx, now)
	events, err := d.Store.TournamentsToDirect(ctx, now)
	if err != nil {
		return err
	}
	lease := d.Lease
	if lease <= 0 {
		lease = 10 * time.Second
	}
	if d.held == nil {
		d.held = map[string]held{}
	}
	live := map[string]bool{}
	for _, t := range events {
		live[t.ID] = true
		h, ok := d.held[t.ID]
		if !ok || !now.Before(h.until.Add(-lease/2)) { // renewed when half of it is left: a write every few looks
			hold, err := d.Store.Direct(ctx, t.ID, d.Node, now, lease)
			if errors.Is(err, store.ErrDirected) {
				delete(d.held, t.ID)
				continue // another node's
			}
			if err != nil {
				d.Log.Warn("event not taken", "event", t.ID, "err", err)
				continue
			}
			h = held{hold: hold, until: now.Add(lease)}
			d.held[t.ID] = h
		}
		err := d.direct(ctx, t, h.hold, now)
		if errors.Is(err, store.ErrDirected) {
			delete(d.held, t.ID) // taken over: its writes are fenced out
		} else if err != nil {
			d.Log.Warn("event not moved on", "event", t.ID, "err", err)
		}
	}
	for id := range d.held {
		if !live[id] {
			delete(d.held, id) // finished
		}
	}
	return nil
}

// direct moves event t on under hold.
func (d *Director) direct(ctx context.Context, t store.Tournament, hold store.Directing, now time.Time) error {
	if t.Status == store.TournamentCreated {
		ends := now.Add(time.Duration(t.Minutes) * time.Minute)
		if err := d.Store.StartTournament(ctx, t.ID, hold, now, ends); err != nil {
			return err
		}
		d.Log.Info("event started", "event", t.ID, "kind", t.Kind, "game", t.Game)
		t.Status, t.Started, t.Ends = store.TournamentStarted, now, ends
	}
	if t.Kind == store.Swiss {
		return d.directSwiss(ctx, t, hold, now)
	}
	if now.Before(t.Ends) {
		return d.pairArena(ctx, t, hold, now)
	}
	games, err := d.Store.TournamentGames(ctx, t.ID)
	if err != nil {
		return err
	}
	for _, g := range games {
		if g.Result == store.GamePlaying {
			return nil // it finishes with its last game
		}
	}
	return d.finish(ctx, t, hold, now, len(games))
}

// pairArena pairs the free players of arena t in one wave, and runs the
// rooms it made. A look that finds fewer than two players free writes
// nothing: most looks at a running arena find everyone playing.
func (d *Director) pairArena(ctx context.Context, t store.Tournament, hold store.Directing, now time.Time) error {
	entrants, err := d.Store.Entrants(ctx, t.ID)
	if err != nil {
		return err
	}
	games, err := d.Store.TournamentGames(ctx, t.ID)
	if err != nil {
		return err
	}
	if len(free(ArenaStandings(entrants, games))) < 2 {
		return nil
	}
	fctx, err := d.Rooms.NewRoomContext(ctx)
	if err != nil {
		return err
	}
	made, err := d.Store.PairTournament(fctx, t.ID, hold, func(entrants []store.Entrant, games []store.TournamentGame) []store.TournamentPairing {
		return d.arenaWave(t, entrants, games, now)
	})
	if err != nil {
		return err
	}
	d.ran(ctx, t, made)
	return nil
}

// ran runs the rooms of a wave or round of event t, and tells the players.
func (d *Director) ran(ctx context.Context, t store.Tournament, made []store.TournamentPairing) {
	var games []store.TournamentPairing
	for _, p := range made {
		if p.Room == nil {
			continue // a bye
		}
		if err := d.Rooms.RunNew(ctx, p.Room); err != nil {
			d.Log.Warn("event's room not started here", "event", t.ID, "room", p.Room.ID, "err", err) // it runs where it is opened
		}
		games = append(games, p)
	}
	if len(made) == 0 {
		return
	}
	d.Log.Info("event paired", "event", t.ID, "games", len(games), "byes", len(made)-len(games))
	if d.Paired != nil && len(games) > 0 {
		d.Paired(ctx, t.ID, games)
	}
}

// free are the players of standings who are in and have no game going on.
func free(standings []Standing) []Standing {
	return slices.DeleteFunc(standings, func(s Standing) bool { return !s.Active || s.Playing })
}

// arenaWave pairs the active players of arena t who have no game going on.
func (d *Director) arenaWave(t store.Tournament, entrants []store.Entrant, games []store.TournamentGame, now time.Time) []store.TournamentPairing {
	bots := map[string]bool{}
	for _, e := range entrants {
		bots[e.Account] = e.Bot
	}
	last := lastOpponents(games)
	var waiting []tournament.Waiting
	for _, s := range free(ArenaStandings(entrants, games)) {
		waiting = append(waiting, tournament.Waiting{Player: s.Account, Rank: s.Rank, Last: last[s.Account]})
	}
	var out []store.TournamentPairing
	for _, p := range tournament.PairArena(waiting) {
		seats := [2]store.Seat{{Account: p[0], BotAccount: bots[p[0]]}, {Account: p[1], BotAccount: bots[p[1]]}}
		rec, err := match.PairedRecord(t.Game, t.Clock, t.Days, t.Rated, seats, now)
		if err != nil {
			d.Log.Warn("event's game not made", "event", t.ID, "players", p, "err", err)
			continue
		}
		out = append(out, store.TournamentPairing{Room: rec, Seats: [2]string{rec.Seats[0].Account, rec.Seats[1].Account}})
	}
	return out
}
