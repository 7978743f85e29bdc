// Package notify sends an account's notifications to its devices by Web
// Push: "your move" in a game played across days when no page of the room
// is open, and the alarm when most of a player's time is used (notices.go).
// It sits between the rooms, which only know that someone should be told
// (match.TurnNotifier, and the deadline keeper's TimeRunningLow), and
// package push, which signs, encrypts and posts one notification.
//
// Nobody who tells waits for a push service: a notice is queued and
// returns at once; a few workers send the queue, each request bounded by a
// timeout, and a full queue drops the newest notice (logged) rather than
// hold a room. A device its push service no longer knows (404, 410) is
// dropped from the store; any other failure is logged and the device kept.
package notify

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"boardroom/push"
	"boardroom/store"
)

// Store is what the notifier reads and writes: who an account is, its
// devices, and dropping a device that is gone.
type Store interface {
	UserByKey(ctx context.Context, key string) (*store.User, error)
	PushSubscriptions(ctx context.Context, userID int64) ([]store.PushSubscription, error)
	DropPushSubscription(ctx context.Context, endpoint string) error
}

// Config is what a Notifier needs; zero numbers have their defaults.
type Config struct {
	Store  Store
	Sender *push.Sender
	Log    *slog.Logger
	// Workers is how many notices are sent at once (default 4): enough
	// that one slow push service does not hold the others' notices up,
	// few enough to bound the connections and goroutines.
	Workers int
	// Queue is how many notices may wait (default 1024); past it a notice
	// is dropped and logged.
	Queue int
	// SendTimeout bounds one device's request, and the store's reads
	// before it (default 5 s).
	SendTimeout time.Duration
	// Sent, for tests and measures, is called after each device's send
	// with its error (nil: sent).
	Sent func(endpoint string, err error)
}

// Notifier queues notices and sends them to the accounts' devices.
type Notifier struct {
	cfg  Config
	jobs chan job
	ctx  context.Context
	stop context.CancelFunc
	wg   sync.WaitGroup
}

// job is one notice for one account.
type job struct {
	account string
	msg     push.Message
}

// New starts a Notifier's workers; Close stops them.
func New(cfg Config) *Notifier {
	if cfg.Workers <= 0 {
		cfg.Workers = 4
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 1024
	}
	if cfg.SendTimeout <= 0 {
		cfg.SendTimeout = 5 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	ctx, stop := context.WithCancel(context.Background())
	n := &Notifier{cfg: cfg, jobs: make(chan job, cfg.Queue), ctx: ctx, stop: stop}
	for range cfg.Workers {
		n.wg.Go(n.work)
	}
	return n
}

// Close stops sending: requests under way are cancelled, and the notices
// still queued are not sent (a notification is a nudge, not a record: the
// game itself is in the store).
func (n *Notifier) Close() {
	n.stop()
	n.wg.Wait()
}

// Notify queues m for every device of account and returns at once; false
// when the queue is full or the notifier closed (the notice is dropped).
func (n *Notifier) Notify(account string, m push.Message) bool {
	if n.ctx.Err() != nil {
		return false
	}
	select {
	case n.jobs <- job{account: account, msg: m}:
		return true
	default:
		n.cfg.Log.Warn("push notice dropped: the queue is full", "account", account, "tag", m.Tag)
		return false
	}
}

func (n *Notifier) work() {
	for {
		select {
		case <-n.ctx.Done():
			return
		case j := <-n.jobs:
			n.send(j)
		}
	}
}

// send sends one notice to each of its account's devices in turn.
func (n *Notifier) send(j job) {
	ctx, cancel := context.WithTimeout(n.ctx, n.cfg.SendTimeout)
	subs, err := n.devices(ctx, j.account)
	cancel()
	if err != nil {
		n.cfg.Log.Warn("push notice not sent: its devices could not be read", "account", j.account, "err", err)
		return
	}
	for _, s := range subs {
		var sub push.Subscription
		sub.Endpoint, sub.Keys.P256dh, sub.Keys.Auth = s.Endpoint, s.P256dh, s.Auth
		ctx, cancel := context.WithTimeout(n.ctx, n.cfg.SendTimeout)
		err := n.cfg.Sender.Send(ctx, sub, j.msg)
		cancel()
		switch {
		case errors.Is(err, push.ErrGone):
			n.drop(s.Endpoint)
		case err != nil && n.ctx.Err() == nil:
			// The endpoint is the device's secret: the error names only
			// its host.
			n.cfg.Log.Warn("push notice not sent", "account", j.account, "tag", j.msg.Tag, "err", err)
		}
		if n.cfg.Sent != nil {
			n.cfg.Sent(s.Endpoint, err)
		}
	}
}

// devices are account's subscriptions; none for an account that is gone.
func (n *Notifier) devices(ctx context.Context, account string) ([]store.PushSubscription, error) {
	u, err := n.cfg.Store.UserByKey(ctx, store.AccountKey(account))
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return n.cfg.Store.PushSubscriptions(ctx, u.ID)
}

// drop removes a device its push service no longer knows.
func (n *Notifier) drop(endpoint string) {
	ctx, cancel := context.WithTimeout(n.ctx, n.cfg.SendTimeout)
	defer cancel()
	if err := n.cfg.Store.DropPushSubscription(ctx, endpoint); err != nil {
		n.cfg.Log.Warn("a gone push subscription not dropped", "err", err)
	}
}
