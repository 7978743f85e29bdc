// Package deadline keeps the deadlines of correspondence games: a game of
// days a move must end on time even while nobody has its room open and
// no node runs it. The store keeps each correspondence room's deadline
// (store.Deadlines, written with each turn); a Keeper, on every node,
// looks every Interval for the rooms past theirs and loads each through
// the node's rooms (Load), whose clock, resuming by the wall clock, finds
// the time run out and ends the game as if it had run out live: the
// result, the rating and the record are the room's own.
//
// Across nodes each game ends once: loading a room acquires its lease
// (store.Leases), so only one node runs it, and only its fenced writes
// count; a node whose load finds the room owned leaves it to the owner,
// whose own timer ends it. The keeper also raises the alarm once when a
// mover has used 80% of their time (Alarm): store.ClaimAlarm lets exactly
// one node's claim win. Both survive restarts, since both are in the store.
//
// A player on vacation (package vacation) is not hurried: their rooms write
// deadlines and alarms past their vacation, and the store moves the
// deadlines of the rooms they are to move in to the moment a vacation
// starts or stops, so that the keeper loads those rooms and each writes its
// deadline anew. An alarm of a mover away now (a room that had not heard
// of the vacation) is not raised: the room is loaded instead, to write it
// again past the vacation.
package deadline

import (
	"context"
	"errors"
	"log/slog"
	mrand "math/rand/v2"
	"time"

	"boardroom/store"
	"boardroom/vacation"
)

// Store is what a keeper reads and writes: the rooms' deadlines, and the
// movers' vacations.
type Store interface {
	store.Deadlines
	AccountVacations(ctx context.Context, accounts []string, since time.Time) (map[string][]vacation.Span, error)
}

// Alarm is told that a correspondence mover's time runs low: they have
// used 80% of it, and have left to move in room. It is called once per
// turn and account, by one node, from the keeper's goroutine: an
// implementation that takes long (a push service) should not hold it up
// beyond its context.
type Alarm interface {
	TimeRunningLow(ctx context.Context, account string, room string, left time.Duration)
}

// NoAlarm raises no alarm: the default.
type NoAlarm struct{}

// TimeRunningLow implements Alarm.
func (NoAlarm) TimeRunningLow(context.Context, string, string, time.Duration) {}

// DefaultInterval is how often a keeper looks for deadlines passed: a game
// of days a move ends within this of its deadline when nobody runs it.
const DefaultInterval = 30 * time.Second

// batch bounds the rooms one look handles; the rest wait for the next.
const batch = 100

// Keeper ends the correspondence games whose deadline passed and raises
// the alarms due.
type Keeper struct {
	Store Store
	// Load runs room id on this node (loading it from the store if no page
	// has it open): realtime.Hub.Room. An error wrapping store.ErrOwned
	// says another node runs it.
	Load func(ctx context.Context, id string) error
	// Alarm is raised at 80% of a mover's time (nil: NoAlarm).
	Alarm Alarm
	// Now is the rooms' clock (nil: time.Now).
	Now func() time.Time
	// Interval is the time between looks (0: DefaultInterval), each a
	// random time within a quarter of it either side, so that the nodes
	// started together do not look together.
	Interval time.Duration
	Log      *slog.Logger
}

// Run looks every Interval until ctx ends.
func (k *Keeper) Run(ctx context.Context) {
	every := k.Interval
	if every <= 0 {
		every = DefaultInterval
	}
	for {
		wait := every*3/4 + time.Duration(mrand.Int64N(int64(every/2)+1))
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return
		}
		if _, _, err := k.Scan(ctx); err != nil && ctx.Err() == nil {
			k.log().Warn("keeping the correspondence deadlines", "err", err)
		}
	}
}

// Scan looks once: it loads each room past its deadline (ended: those
// this node loaded or found running here; the room itself ends the game)
// and raises each alarm due that this node claims (alarmed).
func (k *Keeper) Scan(ctx context.Context) (ended, alarmed int, err error) {
	now := k.now()
	overdue, err := k.Store.Overdue(ctx, now, batch)
	if err != nil {
		return 0, 0, err
	}
	for _, d := range overdue {
		switch err := k.Load(ctx, d.ID); {
		case err == nil:
			ended++
		case errors.Is(err, store.ErrOwned):
			// Its owner runs it: its own timer ends the game.
		case ctx.Err() != nil:
			return ended, alarmed, ctx.Err()
		default:
			k.log().Warn("a room past its deadline not loaded", "room", d.ID, "err", err)
		}
	}
	alarms, err := k.Store.Alarms(ctx, now, batch)
	if err != nil {
		return ended, alarmed, err
	}
	away, err := k.away(ctx, alarms, now)
	if err != nil {
		return ended, alarmed, err
	}
	for _, d := range alarms {
		if away[d.ID] {
			k.reload(ctx, d.ID)
			continue
		}
		won, err := k.Store.ClaimAlarm(ctx, d)
		if err != nil {
			return ended, alarmed, err
		}
		if !won {
			continue // another node raised it, or a move came first
		}
		alarmed++
		for _, account := range d.Movers {
			k.alarm().TimeRunningLow(ctx, account, d.ID, max(d.At.Sub(now), 0))
		}
	}
	return ended, alarmed, nil
}

// away says which of the rooms due have a mover on vacation at now.
func (k *Keeper) away(ctx context.Context, due []store.DueRoom, now time.Time) (map[string]bool, error) {
	var movers []string
	for _, d := range due {
		movers = append(movers, d.Movers...)
	}
	if len(movers) == 0 {
		return nil, nil
	}
	spans, err := k.Store.AccountVacations(ctx, movers, now)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, d := range due {
		for _, m := range d.Movers {
			if _, ok := vacation.Away(spans[m], now); ok {
				out[d.ID] = true
			}
		}
	}
	return out, nil
}

// reload loads room id, whose mover is away, so that it writes its
// deadline and alarm past the vacation (a room run elsewhere is its
// owner's, which reads the vacations before its clock ends the game).
func (k *Keeper) reload(ctx context.Context, id string) {
	if err := k.Load(ctx, id); err != nil && !errors.Is(err, store.ErrOwned) && ctx.Err() == nil {
		k.log().Warn("a room whose mover is on vacation not loaded", "room", id, "err", err)
	}
}

func (k *Keeper) now() time.Time {
	if k.Now == nil {
		return time.Now()
	}
	return k.Now()
}

func (k *Keeper) alarm() Alarm {
	if k.Alarm == nil {
		return NoAlarm{}
	}
	return k.Alarm
}

func (k *Keeper) log() *slog.Logger {
	if k.Log == nil {
		return slog.Default()
	}
	return k.Log
}
