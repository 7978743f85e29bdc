package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Push keeps what Web Push needs (package push): the site's VAPID key pair
// and the accounts' subscriptions, one a device (a browser's
// PushSubscription). Both engines keep them in the rooms' database, so that
// every node of a cluster signs with one pair and reaches every device.
type Push interface {
	// PushKeys is the site's VAPID key pair (base64url, as package push
	// writes them). The first call stores the pair fresh makes; every
	// later one, on any node, returns the stored pair and calls fresh only
	// when none is stored, so that nodes starting at once agree on one.
	PushKeys(ctx context.Context, fresh func() (public, private string, err error)) (public, private string, err error)
	// AddPushSubscription stores s for its account. Its endpoint names one
	// device: subscribing it again replaces its keys and time, and an
	// endpoint another account held moves to s's account (the device was
	// signed in as another account since). An account keeps the newest
	// MaxPushSubscriptions; the one subscribed longest ago goes beyond.
	AddPushSubscription(ctx context.Context, s PushSubscription) error
	// RemovePushSubscription removes endpoint from userID's subscriptions;
	// ErrNotFound when that account has no such endpoint (another's is
	// left alone).
	RemovePushSubscription(ctx context.Context, userID int64, endpoint string) error
	// PushSubscriptions lists userID's subscriptions, newest first.
	PushSubscriptions(ctx context.Context, userID int64) ([]PushSubscription, error)
	// DropPushSubscription removes endpoint whoever holds it: its push
	// service said it is gone (push.ErrGone). None is no error: another
	// node may have dropped it first.
	DropPushSubscription(ctx context.Context, endpoint string) error
}

// PushSubscription is one device of an account that notifications are sent
// to: its push service's endpoint and the keys its payloads are encrypted
// for (push.Subscription, checked before it is stored).
type PushSubscription struct {
	UserID   int64
	Endpoint string
	P256dh   string
	Auth     string
	// Subscribed is when the device last subscribed.
	Subscribed time.Time
}

// MaxPushSubscriptions is how many devices an account keeps. A device
// whose browser was reset or thrown away never unsubscribes, so an older
// subscription is more likely dead than a new one: the new one is taken
// and the oldest dropped, rather than the new one refused with an error
// the player could do nothing about.
const MaxPushSubscriptions = 10

// pushTables are Web Push's tables, for both engines (schema.go): the one
// key pair (the row whose id is 1) and the subscriptions. The private key
// is kept as the database keeps the sessions: whoever reads the database
// could sign notifications, not read any.
const pushTables = `CREATE TABLE IF NOT EXISTS push_keys (
	id         {int} PRIMARY KEY CHECK (id = 1),
	public     {text} NOT NULL,
	private    {text} NOT NULL,
	created_at {bigint} NOT NULL
);
CREATE TABLE IF NOT EXISTS push_subscriptions (
	endpoint      {text} PRIMARY KEY,
	user_id       {bigint} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	p256dh        {text} NOT NULL,
	auth          {text} NOT NULL,
	subscribed_at {bigint} NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subscriptions_user ON push_subscriptions(user_id, subscribed_at);`

// PushKeys implements Push: read, or insert if absent and read back, so
// that of two nodes inserting at once the second's insert does nothing and
// both read the first's pair.
func (st *base) PushKeys(ctx context.Context, fresh func() (string, string, error)) (public, private string, err error) {
	const read = `SELECT public, private FROM push_keys WHERE id = 1`
	err = st.db.QueryRowContext(ctx, read).Scan(&public, &private)
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return public, private, wrap("push keys", err)
	}
	// Made outside the write: SQLite's one writer commits other callers'
	// writes with this one, which should not wait for a key's making.
	newPublic, newPrivate, err := fresh()
	if err != nil {
		return "", "", fmt.Errorf("store: push keys: %w", err)
	}
	err = st.e.writeTx(ctx, func(tx txn) error {
		if _, err := tx.Exec(`INSERT INTO push_keys (id, public, private, created_at) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING`,
			newPublic, newPrivate, st.stamp()); err != nil {
			return err
		}
		return tx.QueryRow(read).Scan(&public, &private)
	})
	return public, private, wrap("push keys", err)
}

// AddPushSubscription implements Push. On PostgreSQL the account's row is
// locked first, so that two devices subscribing at once cannot both count
// themselves within the cap.
func (st *base) AddPushSubscription(ctx context.Context, s PushSubscription) error {
	err := st.e.writeTx(ctx, func(tx txn) error {
		var id int64
		if err := tx.QueryRow(`SELECT id FROM users WHERE id = $1`+st.e.forUpdate(), s.UserID).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, subscribed_at) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
			subscribed_at = excluded.subscribed_at`,
			s.Endpoint, s.UserID, s.P256dh, s.Auth, s.Subscribed.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.Exec(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint NOT IN (
			SELECT endpoint FROM push_subscriptions WHERE user_id = $2 ORDER BY subscribed_at DESC, endpoint DESC LIMIT $3)`,
			s.UserID, s.UserID, MaxPushSubscriptions)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: add push subscription: no user %d: %w", s.UserID, ErrNotFound)
	}
	return wrap("add push subscription", err)
}

// RemovePushSubscription implements Push.
func (st *base) RemovePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	res, err := st.e.exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2`, endpoint, userID)
	if err != nil {
		return fmt.Errorf("store: remove push subscription: %w", err)
	}
	return affected(res, nil, ErrNotFound)
}

// PushSubscriptions implements Push.
func (st *base) PushSubscriptions(ctx context.Context, userID int64) ([]PushSubscription, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT user_id, endpoint, p256dh, auth, subscribed_at FROM push_subscriptions
		WHERE user_id = $1 ORDER BY subscribed_at DESC, endpoint DESC`, userID)
	return collect(rows, err, "push subscriptions", func(r row) (s PushSubscription, err error) {
		var at int64
		err = r.Scan(&s.UserID, &s.Endpoint, &s.P256dh, &s.Auth, &at)
		s.Subscribed = time.UnixMilli(at)
		return s, err
	})
}

// DropPushSubscription implements Push.
func (st *base) DropPushSubscription(ctx context.Context, endpoint string) error {
	_, err := st.e.exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1`, endpoint)
	return wrap("drop push subscription", err)
}
