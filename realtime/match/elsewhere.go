package match

import (
	"context"
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/realtime/frame"
)

// Pages elsewhere. A room may have pages it does not write to itself: in a
// cluster, those open on other nodes. Each is a Conn with a Far, which
// names it and says whether its messages can reach the room. After a
// change the room gathers, once, each distinct frame those pages should
// show (Relayed) and hands them to its Steward, which carries them. The
// room knows nothing of nodes, leases or the wire between them.

// Far is a page of the room open where the room does not write.
type Far interface {
	// ID names the page to the Steward.
	ID() string
	// Unheard reports whether the page's messages cannot reach the room
	// now (its node has gone silent), and since when.
	Unheard() (since time.Time, cut bool)
}

// Steward is the outside of a room whose pages may be elsewhere (a room
// run in a cluster): it carries their updates and may end the room.
type Steward interface {
	// Publish carries the frames of one change; with all, the frame most
	// pages show stands for every page elsewhere not listed.
	Publish(u *Relayed, version uint64, all bool)
	// PublishSpectators carries the spectator count.
	PublishSpectators(b []byte)
	// Live is false once the room may run elsewhere (its node's lease
	// ran out): it stops before acting on anything more.
	Live() bool
	// Stopped is called as the room stops: its pages elsewhere look for
	// where it runs next.
	Stopped()
}

// Relayed is the frames of one change for the pages elsewhere.
type Relayed struct {
	Frames []*frame.Frame
	index  map[*frame.Frame]int
	// Pages maps each page's id to its frame in Frames.
	Pages map[string]int
	// Programs are the pages of programs (JSON, programs.go), always
	// listed: the frame most pages show is a page's HTML, never theirs.
	Programs map[string]bool
}

func (u *Relayed) add(c *Conn, f *frame.Frame) {
	if u.index == nil {
		u.index, u.Pages = map[*frame.Frame]int{}, map[string]int{}
	}
	i, ok := u.index[f]
	if !ok {
		i = len(u.Frames)
		u.index[f] = i
		u.Frames = append(u.Frames, f)
	}
	u.Pages[c.far.ID()] = i
}

// addJSON adds a program's page and its messages (programs.go).
func (u *Relayed) addJSON(c *Conn, f *frame.Frame) {
	u.add(c, f)
	if u.Programs == nil {
		u.Programs = map[string]bool{}
	}
	u.Programs[c.far.ID()] = true
}

// publish hands the frames of a change to the steward.
func (r *Room) publish(u *Relayed, all bool) {
	if r.steward != nil && len(u.Frames) > 0 {
		r.steward.Publish(u, r.version, all)
	}
}

// publishSpectators hands the spectator count to the steward.
func (r *Room) publishSpectators(b []byte) {
	if r.steward != nil {
		r.steward.PublishSpectators(b)
	}
}

// Steer makes s the room's steward, its versions starting at version (in
// a cluster they follow the owner's epoch, so that a page's version only
// goes up from one owner to the next). Call it before the room runs.
func (r *Room) Steer(s Steward, version uint64) {
	r.steward, r.version = s, version
}

// Steward is the room's steward (nil for none).
func (r *Room) Steward() Steward { return r.steward }

// StopReason says why a room stopped.
type StopReason int

const (
	StopShutdown StopReason = iota // the server stops, or the room unloads after the others
	StopIdle                       // no page, nothing to do: unloaded (and released)
	StopLost                       // another node owns the room now
	StopHandover                   // this node hands its rooms over
)

// evQuit asks the room to stop of its own accord (Room.quit says why).
type evQuit struct{}

func (evQuit) roomEvent() {}

// Quit stops the room for why, at once: before it handles anything more.
func (r *Room) Quit(why StopReason) {
	select {
	case r.quit <- why:
		go r.sendLater(evQuit{})
	default: // already quitting
	}
}

// evReach says a page's reach may have changed: a player whose clock
// stands still for want of contact may be heard again.
type evReach struct {
	// lost, when set, is the holder of a page elsewhere that went silent
	// at since: the clock of their seat stops if they have no page left.
	lost  Who
	since time.Time
}

func (evReach) roomEvent() {}

// Reached tells the room that pages elsewhere were heard from.
func (r *Room) Reached(ctx context.Context) { r.send(ctx, evReach{}) }

// LostContact tells the room that the pages of holder elsewhere went
// silent at since and were closed: if they have no page left and are to
// move, their clock stops (contactLost).
func (r *Room) LostContact(ctx context.Context, holder Who, since time.Time) {
	r.send(ctx, evReach{lost: holder, since: since})
}

// reach handles evReach.
func (r *Room) reach(ev evReach) {
	for _, p := range r.seats.mine(ev.lost) {
		if !r.holdsPage(p) && r.contactLost(p, ev.since) {
			break
		}
	}
	r.recheckPause()
}

// recheckPause runs again a clock stopped for a player whose page can be
// heard again.
func (r *Room) recheckPause() {
	if p := r.clock.paused; p != nil && r.holdsPage(p.seat) {
		if _, cut := r.unheard(p.seat); !cut {
			r.contactBack(p.seat)
		}
	}
}

// unheard reports whether every page the player of seat p has open is
// elsewhere and cannot be heard, and since when: that player's moves cannot
// reach the room. Without pages, or with a page here, it is false.
func (r *Room) unheard(p game.Player) (since time.Time, ok bool) {
	for c := range r.viewers.of(r.seats.held[p]) {
		if c.far == nil {
			return time.Time{}, false
		}
		at, cut := c.far.Unheard()
		if !cut {
			return time.Time{}, false
		}
		if since.IsZero() || at.Before(since) {
			since = at
		}
	}
	return since, !since.IsZero()
}

// Open opens page c in the room; an error wrapping ErrStopped when the
// room has stopped (the caller looks for it anew).
func (r *Room) Open(ctx context.Context, c *Conn) error {
	taken := make(chan bool, 1)
	if !r.send(ctx, evConnect{c: c, taken: taken}) {
		return r.notSent(ctx)
	}
	select {
	case ok := <-taken:
		if !ok {
			return fmt.Errorf("room %s: %w", r.id, ErrStopped)
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Leave closes page c in the room.
func (r *Room) Leave(ctx context.Context, c *Conn) { r.send(ctx, evDisconnect{c}) }

// Input hands the room a message of page c (or why it could not be read);
// false when the room has stopped.
func (r *Room) Input(ctx context.Context, c *Conn, msg Message, err error) bool {
	return r.send(ctx, evInput{c: c, msg: msg, err: err})
}

// Finished is closed once the room has stopped and closed its pages.
func (r *Room) Finished() <-chan struct{} { return r.finished }
