package lobby

import (
	"log/slog"
	"sync"

	"boardroom/realtime/bus"
)

// wake is how the lobby's loops are woken before their next tick: someone
// entered a pool, a page opened or closed, a challenge was made. Wakes
// that come while one waits are one.
type wake struct {
	once sync.Once
	ch   chan struct{}
}

// c is the channel a loop waits on.
func (w *wake) c() <-chan struct{} {
	w.once.Do(func() { w.ch = make(chan struct{}, 1) })
	return w.ch
}

// now wakes the loop.
func (w *wake) now() {
	w.c()
	select {
	case w.ch <- struct{}{}:
	default:
	}
}

// Nudges tell the lobbies of the other nodes that something they look for
// changed (a pairing made, a challenge sent or answered), so that they look
// now rather than at their next tick: the cluster's bus (realtime/bus); nil
// on a node of its own. A nudge lost costs only that tick's wait.
type Nudges interface {
	Publish(subject string, data []byte) error
	Subscribe(subject string, handle func(*bus.Msg)) (unsubscribe func(), err error)
}

// The nudges' subjects.
const (
	pairedSubject     = "boardroom.lobby.paired"
	challengesSubject = "boardroom.lobby.challenges"
)

// listen wakes w at each nudge on subject; it returns the function that
// stops listening.
func listen(n Nudges, subject string, w *wake, log *slog.Logger) func() {
	if n == nil {
		return func() {}
	}
	stop, err := n.Subscribe(subject, func(*bus.Msg) { w.now() })
	if err != nil {
		log.Warn("lobby nudges not heard: the other nodes' news comes at each tick", "subject", subject, "err", err)
		return func() {}
	}
	return stop
}

// nudge tells the other nodes (and this one) to look now.
func nudge(n Nudges, subject string, log *slog.Logger) {
	if n == nil {
		return
	}
	if err := n.Publish(subject, nil); err != nil {
		log.Warn("lobby nudge not sent", "subject", subject, "err", err)
	}
}
