package bus

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Hub is an in-process message exchange; each Memory bus connected to it
// is one node's connection. A subscription gets its messages on a
// goroutine of its own, one at a time and in order, as NATS delivers them.
type Hub struct {
	mu   sync.Mutex
	subs map[string][]*memSub
}

// NewHub returns an empty exchange.
func NewHub() *Hub { return &Hub{subs: map[string][]*memSub{}} }

// Connect returns a bus on h. Closing it drops its subscriptions, as a
// node's death drops its NATS connection.
func (h *Hub) Connect() Bus { return &memory{hub: h} }

type memSub struct {
	owner   *memory
	subject string
	queue   chan *Msg
	done    chan struct{}
	once    sync.Once
}

func (s *memSub) stop() { s.once.Do(func() { close(s.done) }) }

// deliver queues m for the subscription; a subscription that has fallen
// far behind loses the message, as a slow NATS consumer does.
func (s *memSub) deliver(m *Msg) bool {
	if s.owner.isCut() {
		return false
	}
	select {
	case s.queue <- m:
		return true
	case <-s.done:
		return false
	default:
		return false
	}
}

type memory struct {
	hub    *Hub
	mu     sync.Mutex
	subs   []*memSub
	closed bool
	// cut makes the connection as one whose NATS server is out of reach
	// (Cut): nothing goes out, nothing comes in, until it is mended.
	cut bool
}

// errCut is what a cut connection answers.
var errCut = errors.New("bus: disconnected")

// Cut cuts a bus of a Hub off from the others (cut), or mends it, as a
// node that loses its NATS server and finds it again: meanwhile its
// publications and requests fail and its subscriptions get nothing, and
// Connected reports false. Other buses are left as they are.
func Cut(b Bus, cut bool) {
	if m, ok := b.(*memory); ok {
		m.mu.Lock()
		m.cut = cut
		m.mu.Unlock()
	}
}

func (b *memory) isCut() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cut
}

var errClosed = errors.New("bus: connection closed")

func (b *memory) isClosed() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.closed
}

func (b *memory) targets(subject string) []*memSub {
	b.hub.mu.Lock()
	defer b.hub.mu.Unlock()
	return append([]*memSub(nil), b.hub.subs[subject]...)
}

func (b *memory) Publish(subject string, data []byte) error {
	if b.isClosed() {
		return errClosed
	}
	if b.isCut() {
		return errCut
	}
	for _, s := range b.targets(subject) {
		s.deliver(&Msg{Subject: subject, Data: data})
	}
	return nil
}

func (b *memory) Request(ctx context.Context, subject string, data []byte) ([]byte, error) {
	if b.isClosed() {
		return nil, errClosed
	}
	if b.isCut() {
		return nil, errCut
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultRequestTimeout)
		defer cancel()
	}
	answer := make(chan []byte, 1)
	m := &Msg{Subject: subject, Data: data, reply: func(d []byte) error {
		select {
		case answer <- d:
		default:
		}
		return nil
	}}
	delivered := false
	for _, s := range b.targets(subject) {
		if s.deliver(m) {
			delivered = true
			break // one responder, as a NATS request takes the first answer
		}
	}
	if !delivered {
		return nil, ErrNoResponders
	}
	select {
	case d := <-answer:
		return d, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("bus: request on %s: %w", subject, ctx.Err())
	}
}

func (b *memory) Subscribe(subject string, handle func(*Msg)) (func(), error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, errClosed
	}
	s := &memSub{owner: b, subject: subject, queue: make(chan *Msg, 4096), done: make(chan struct{})}
	b.subs = append(b.subs, s)
	b.hub.mu.Lock()
	b.hub.subs[subject] = append(b.hub.subs[subject], s)
	b.hub.mu.Unlock()
	go func() {
		for {
			select {
			case m := <-s.queue:
				handle(m)
			case <-s.done:
				return
			}
		}
	}()
	return func() { b.unsubscribe(s) }, nil
}

func (b *memory) unsubscribe(s *memSub) {
	s.stop()
	b.hub.mu.Lock()
	defer b.hub.mu.Unlock()
	list := b.hub.subs[s.subject]
	for i, x := range list {
		if x == s {
			b.hub.subs[s.subject] = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(b.hub.subs[s.subject]) == 0 {
		delete(b.hub.subs, s.subject)
	}
}

func (b *memory) Close() {
	b.mu.Lock()
	subs := b.subs
	b.subs, b.closed = nil, true
	b.mu.Unlock()
	for _, s := range subs {
		b.unsubscribe(s)
	}
}
