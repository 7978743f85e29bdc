package bus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
)

// DialNATS connects to the NATS server at url (nats://HOST:PORT) as node
// name. The connection reconnects by itself for as long as it takes: a node
// cut off from NATS serves the rooms it owns and its pages meanwhile, and
// its rooms' other pages wait for it.
func DialNATS(url, name string, log *slog.Logger) (Bus, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	nc, err := nats.Connect(url,
		nats.Name("boardroom "+name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.PingInterval(2*time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
		nats.ReconnectHandler(func(c *nats.Conn) { log.Info("nats reconnected", "url", c.ConnectedUrlRedacted()) }),
		// A subscription's handler must never wait for a slow one: the
		// pending limits let a burst through, and beyond them NATS drops
		// (a page that missed an update is sent the whole view next time).
		nats.ErrorHandler(func(_ *nats.Conn, s *nats.Subscription, err error) {
			subject := ""
			if s != nil {
				subject = s.Subject
			}
			log.Warn("nats error", "subject", subject, "err", err)
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("bus: connecting to %s: %w", url, err)
	}
	return natsBus{nc}, nil
}

type natsBus struct{ nc *nats.Conn }

func (b natsBus) Publish(subject string, data []byte) error { return b.nc.Publish(subject, data) }

func (b natsBus) Request(ctx context.Context, subject string, data []byte) ([]byte, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultRequestTimeout)
		defer cancel()
	}
	m, err := b.nc.RequestWithContext(ctx, subject, data)
	if errors.Is(err, nats.ErrNoResponders) {
		return nil, ErrNoResponders
	}
	if err != nil {
		return nil, fmt.Errorf("bus: request on %s: %w", subject, err)
	}
	return m.Data, nil
}

func (b natsBus) Subscribe(subject string, handle func(*Msg)) (func(), error) {
	sub, err := b.nc.Subscribe(subject, func(m *nats.Msg) {
		msg := &Msg{Subject: m.Subject, Data: m.Data}
		if m.Reply != "" {
			msg.reply = m.Respond
		}
		handle(msg)
	})
	if err != nil {
		return nil, fmt.Errorf("bus: subscribing to %s: %w", subject, err)
	}
	sub.SetPendingLimits(65536, 256<<20)
	return func() { sub.Unsubscribe() }, nil
}

func (b natsBus) Close() { b.nc.Drain() }

// Connected reports whether a bus made by DialNATS is connected now (a
// readiness check), or a memory bus is not Cut; other buses always are.
func Connected(b Bus) bool {
	switch b := b.(type) {
	case natsBus:
		return b.nc.IsConnected()
	case *memory:
		return !b.isCut()
	}
	return true
}
