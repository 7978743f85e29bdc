package realtime

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/realtime/match"
	"boardroom/store"
)

// A room not in memory is loaded on demand: by a page's socket, by a
// request, by the orphan scan. Callers asking for the same room at once
// share one load. In a cluster a load acquires the room's lease, and only
// the acquire that takes the room from its dead owner learns how long that
// owner had been silent, which the room's clock needs to resume where it
// stood; a second load racing the first would acquire the room again as
// its owner, learn nothing, and might win the race to run it.

// loading is a load in progress, which every caller waits for.
type loading struct {
	done chan struct{} // closed when room and err are set
	room *match.Room
	err  error
}

// loadTimeout bounds a load: an acquire and two reads.
const loadTimeout = 10 * time.Second

// Room returns the running room with this id, loading it from the store if
// it is not in memory. The load is the hub's, not the caller's: a caller
// that gives up (a page closed) leaves it to finish for the others.
func (h *Hub) Room(ctx context.Context, id string) (*match.Room, error) {
	h.mu.Lock()
	if r, ok := h.rooms[id]; ok {
		h.mu.Unlock()
		return r, nil
	}
	l, ok := h.loads[id]
	if !ok {
		l = &loading{done: make(chan struct{})}
		h.loads[id] = l
		go h.loadFor(l, id)
	}
	h.mu.Unlock()
	select {
	case <-l.done:
		return l.room, l.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// loadFor runs load for the callers waiting on l.
func (h *Hub) loadFor(l *loading, id string) {
	ctx, cancel := context.WithTimeout(h.ctx, loadTimeout)
	defer cancel()
	l.room, l.err = h.load(ctx, id)
	h.mu.Lock()
	delete(h.loads, id)
	h.mu.Unlock()
	close(l.done)
}

// load takes room id (in a cluster) and starts it from the store.
func (h *Hub) load(ctx context.Context, id string) (*match.Room, error) {
	var fence *store.Fence
	var ranUntil time.Time // when a dead owner was last known to run it
	if h.node != nil {
		f, silence, err := h.node.Acquire(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, fmt.Errorf("%w: %q", ErrNoRoom, id)
		}
		if err != nil {
			return nil, err
		}
		fence = &f
		if silence > 0 {
			ranUntil = h.deps.Clock.Now().Add(-silence)
		}
	}
	rec, err := h.deps.Store.Room(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %q", ErrNoRoom, id)
	}
	if err != nil {
		return nil, err
	}
	chat, err := h.deps.Store.Chat(ctx, id, match.ChatShown)
	if err != nil {
		return nil, err
	}
	return h.start(rec, chat, fence, ranUntil)
}

// start makes and runs the room of a stored record with its chat, unless
// another caller got there first. ranUntil, when not zero, is when the
// room's dead owner was last known to run it.
func (h *Hub) start(rec *store.Room, chat []store.ChatMessage, fence *store.Fence, ranUntil time.Time) (*match.Room, error) {
	h.mu.Lock()
	r, ok := h.rooms[rec.ID]
	h.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err := h.made(fence, func(d match.Deps) (*match.Room, error) { return match.Load(rec, chat, ranUntil, d) })
	if err != nil {
		return nil, fmt.Errorf("room %s: %w", rec.ID, err)
	}
	return h.launch(r)
}
