// Package signout closes the sockets of sessions that ended. A socket of
// a signed-in page (the site's, a pool's, a room's) or of a bot's program
// is opened with a session, or a bot's API token, which it was checked
// against once; ending the session (log out, log out everywhere) or
// replacing the token must not leave it working. Each node keeps its open
// sockets here by the hash of what opened them and by account; an end is
// carried out here at once and told to the other nodes over the cluster's
// bus, each of which closes its own sockets that match.
package signout

import (
	"encoding/json"
	"log/slog"
	"strings"
	"sync"

	"boardroom/realtime/bus"
	"boardroom/secret"
)

// Code is the close code a socket ended by a sign-out gets: the page
// reloads (a guest's page now), a program stops (its token is no more).
// Untyped, so that this package needs no WebSocket library: the sockets'
// owners close them with their own.
const Code = 4401

// Reason is the close reason said with Code.
const Reason = "signed out"

// subject is where the nodes tell each other of ends.
const subject = "boardroom.signout"

// Bus is how the nodes of a cluster tell each other of ends (the cluster's
// realtime/bus); nil on a node of its own.
type Bus interface {
	Publish(subject string, data []byte) error
	Subscribe(subject string, handle func(*bus.Msg)) (unsubscribe func(), err error)
}

// End is what ended: every session of Account (log out everywhere; a
// bot's account when its token is replaced: it has one token at a time,
// and the new one is shown only once the old one's sockets are closed),
// or the sessions whose hashes are Hashes (a log-out). Names are unique
// among people and bots alike, so an account is never another's.
type End struct {
	Account string   `json:"account,omitempty"`
	Hashes  []string `json:"hashes,omitempty"`
}

// matches reports whether the end closes a socket opened as account with
// hash.
func (e End) matches(account, hash string) bool {
	if e.Account != "" && strings.EqualFold(e.Account, account) {
		return true
	}
	for _, h := range e.Hashes {
		if secret.Equal(h, hash) {
			return true
		}
	}
	return false
}

// Sockets are the sockets open on this node that a sign-out closes.
type Sockets struct {
	bus  Bus
	log  *slog.Logger
	stop func()

	mu   sync.Mutex
	open map[*socket]struct{}
}

type socket struct {
	account, hash string
	close         func()
}

// New keeps the sockets of this node; with b, it hears the ends of the
// other nodes (and tells them its own) until Close.
func New(b Bus, log *slog.Logger) *Sockets {
	s := &Sockets{bus: b, log: log, open: map[*socket]struct{}{}, stop: func() {}}
	if b == nil {
		return s
	}
	stop, err := b.Subscribe(subject, func(m *bus.Msg) {
		var e End
		if json.Unmarshal(m.Data, &e) == nil {
			s.closeMatching(e)
		}
	})
	if err != nil {
		// The other nodes' ends cannot close sockets here: say so loudly.
		log.Error("sign-outs of other nodes not heard: their sockets here stay open", "err", err)
		return s
	}
	s.stop = stop
	return s
}

// Close stops hearing the other nodes.
func (s *Sockets) Close() { s.stop() }

// Track keeps a socket opened as account with hash (the session's, or a
// bot's token's) until the returned function is called; close closes it
// (without waiting), should its session end. A guest's socket (no
// account) is not kept: no sign-out concerns it.
func (s *Sockets) Track(account, hash string, close func()) (untrack func()) {
	if account == "" {
		return func() {}
	}
	k := &socket{account: account, hash: hash, close: close}
	s.mu.Lock()
	s.open[k] = struct{}{}
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		delete(s.open, k)
		s.mu.Unlock()
	}
}

// Opening keeps a socket that is about to be accepted, opened as account
// with hash: its client may act as soon as the handshake is answered (log
// out, replace a bot's token), before the server has the socket in hand,
// and that end must not miss it. Call opened with the socket's close once
// it is open (at once closed when its session ended meanwhile), and
// untrack when it has closed or was never opened.
func (s *Sockets) Opening(account, hash string) (opened func(close func()), untrack func()) {
	var mu sync.Mutex
	var closeNow func()
	ended := false
	untrack = s.Track(account, hash, func() {
		mu.Lock()
		ended = true
		c := closeNow
		mu.Unlock()
		if c != nil {
			c()
		}
	})
	opened = func(close func()) {
		mu.Lock()
		closeNow = close
		e := ended
		mu.Unlock()
		if e {
			close()
		}
	}
	return opened, untrack
}

// Ended closes the sockets of what ended, here at once and on the other
// nodes as soon as they hear of it.
func (s *Sockets) Ended(e End) {
	s.closeMatching(e)
	if s.bus == nil {
		return
	}
	data, _ := json.Marshal(e)
	if err := s.bus.Publish(subject, data); err != nil {
		s.log.Error("sign-out not told to the other nodes: their sockets of it stay open", "err", err, "account", e.Account)
	}
}

// closeMatching closes the sockets here that e ends.
func (s *Sockets) closeMatching(e End) {
	var ending []*socket
	s.mu.Lock()
	for k := range s.open {
		if e.matches(k.account, k.hash) {
			ending = append(ending, k)
			delete(s.open, k)
		}
	}
	s.mu.Unlock()
	for _, k := range ending {
		k.close()
	}
}
