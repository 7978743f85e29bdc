package realtime

import (
	"context"
	"errors"
	"time"

	"boardroom/game"
	"boardroom/realtime/cluster"
	"boardroom/realtime/match"
	"boardroom/store"
)

// The hub in a cluster: its node (package cluster) acquires the rooms it
// loads, runs them under their fences, and links the pages it holds to
// rooms run elsewhere.

// Cluster makes a hub one node of several.
type Cluster = cluster.Config

// DefaultLease is a node's lease on its rooms.
const DefaultLease = cluster.DefaultLease

// Running lists the rooms in memory.
func (h *Hub) Running() []*match.Room {
	h.mu.Lock()
	defer h.mu.Unlock()
	rooms := make([]*match.Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	return rooms
}

// Drain hands this node's rooms over before it stops (cluster.Node.Drain).
// Without a cluster it does nothing.
func (h *Hub) Drain(ctx context.Context) error {
	if h.node == nil {
		return nil
	}
	return h.node.Drain(ctx)
}

// Draining says the node is handing its rooms over.
func (h *Hub) Draining() bool { return h.node != nil && h.node.Draining() }

// ClusterReady says whether this node should be sent requests: it is not
// draining and holds a lease (nil without a cluster).
func (h *Hub) ClusterReady() error {
	if h.node == nil {
		return nil
	}
	return h.node.Ready()
}

// made makes a room with make, given the hub's deps; with a fence, a room
// run in the cluster under it (cluster.Node.Own).
func (h *Hub) made(fence *store.Fence, make func(match.Deps) (*match.Room, error)) (*match.Room, error) {
	if fence == nil {
		return make(h.deps)
	}
	return h.node.Own(*fence, h.deps, make)
}

// joinCluster starts the node's session and keeps its lease; the rooms
// whose owner died are taken in the background (Restore's part in a
// cluster: the other rooms run elsewhere). It reports no room restored:
// they come as the scan takes them.
func (h *Hub) joinCluster(ctx context.Context) (int, error) {
	if err := h.node.Join(ctx); err != nil {
		return 0, err
	}
	h.hearVacations()
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		h.node.Run(h.ctx) // its first scan adopts the orphans, in the background
	}()
	return 0, nil
}

// LivePage is a room page's first render: its game and live fragment.
type LivePage struct {
	Game   game.Game
	RoomID string
	Live   []byte
}

// LivePage renders room id as w sees it now, with share as the room's
// link; in a cluster the room's owner renders it.
func (h *Hub) LivePage(ctx context.Context, id string, w match.Who, share string) (LivePage, error) {
	if h.node == nil {
		p, err := h.Snapshot(ctx, id, w)
		if err != nil {
			return LivePage{}, err
		}
		p.ShareURL = share
		return LivePage{Game: p.Game, RoomID: id, Live: h.deps.Render.Frame(p, nil).HTML}, nil
	}
	wait := 50 * time.Millisecond
	for {
		r, err := h.Room(ctx, id)
		switch {
		case err == nil:
			p, err := r.Snapshot(ctx, w)
			if errors.Is(err, match.ErrStopped) {
				break // it moved: look again
			}
			if err != nil {
				return LivePage{}, err
			}
			p.ShareURL = share
			return LivePage{Game: p.Game, RoomID: id, Live: h.deps.Render.Frame(p, nil).HTML}, nil
		case errors.Is(err, cluster.ErrElsewhere):
			if gameID, live, err := h.node.Snapshot(ctx, id, w, share); err == nil {
				g, err := game.Lookup(gameID)
				if err != nil {
					return LivePage{}, err
				}
				return LivePage{Game: g, RoomID: id, Live: live}, nil
			}
		default:
			return LivePage{}, err
		}
		select {
		case <-ctx.Done():
			return LivePage{}, ctx.Err()
		case <-time.After(wait):
			wait = min(2*wait, h.node.Lease/4)
		}
	}
}

// Exists reports whether room id exists: nil when it does (run here or
// elsewhere), an error wrapping ErrNoRoom when it does not.
func (h *Hub) Exists(ctx context.Context, id string) error {
	_, err := h.Room(ctx, id)
	if errors.Is(err, cluster.ErrElsewhere) {
		return nil
	}
	return err
}
