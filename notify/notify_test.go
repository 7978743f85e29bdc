package notify_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/deadline"
	"boardroom/internal/emptydb"
	"boardroom/notify"
	"boardroom/push"
	"boardroom/push/pushtest"
	"boardroom/store"
)

// sent is one device's send, as Config.Sent reports it.
type sent struct {
	endpoint string
	err      error
}

// bench is a store with one account, alice, a local push service that the
// allow-list names, and a notifier that sends there.
type bench struct {
	st    *store.SQLite
	rcv   *pushtest.Receiver
	keys  push.Keys
	n     *notify.Notifier
	sent  chan sent
	alice int64
}

func newBench(t *testing.T, tweak func(*notify.Config)) *bench {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "notify.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	require.NoError(t, st.CreateUser(ctx, &store.User{Name: "alice", Key: "alice", PasswordHash: "h", Created: time.UnixMilli(1)}))
	u, err := st.UserByKey(ctx, "alice")
	require.NoError(t, err)
	b := &bench{st: st, rcv: pushtest.New(t), sent: make(chan sent, 64), alice: u.ID}
	b.keys, err = push.NewKeys()
	require.NoError(t, err)
	cfg := notify.Config{Store: st, Sender: push.NewSender(b.keys, push.Hosts{b.rcv.Host()}, "mailto:ops@boardroom.test", b.rcv.Transport()),
		Sent: func(endpoint string, err error) { b.sent <- sent{endpoint, err} }}
	if tweak != nil {
		tweak(&cfg)
	}
	b.n = notify.New(cfg)
	t.Cleanup(b.n.Close)
	return b
}

// subscribe stores one of the receiver's devices for alice, its endpoint
// changed by endpoint when not nil; it returns the device's id and endpoint.
func (b *bench) subscribe(t *testing.T, endpoint func(string) string) (id, at string) {
	t.Helper()
	id, data := b.rcv.Subscribe()
	var sub push.Subscription
	require.NoError(t, json.Unmarshal(data, &sub))
	if endpoint != nil {
		sub.Endpoint = endpoint(sub.Endpoint)
	}
	require.NoError(t, b.st.AddPushSubscription(context.Background(), store.PushSubscription{UserID: b.alice,
		Endpoint: sub.Endpoint, P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth, Subscribed: time.Now()}))
	return id, sub.Endpoint
}

func (b *bench) endpoints(t *testing.T) []string {
	subs, err := b.st.PushSubscriptions(context.Background(), b.alice)
	require.NoError(t, err)
	var out []string
	for _, s := range subs {
		out = append(out, s.Endpoint)
	}
	return out
}

func (b *bench) nextSent(t *testing.T) sent {
	t.Helper()
	select {
	case s := <-b.sent:
		return s
	case <-time.After(5 * time.Second):
		t.Fatal("nothing was sent")
		return sent{}
	}
}

// TestANoticeReachesEveryDeviceSignedAndEncrypted: the push service checks
// the VAPID signature and decrypts each device's copy, whose JSON is the
// notice the service worker shows.
func TestANoticeReachesEveryDeviceSignedAndEncrypted(t *testing.T) {
	b := newBench(t, nil)
	phone, _ := b.subscribe(t, nil)
	laptop, _ := b.subscribe(t, nil)
	for _, tc := range []struct {
		name string
		tell func()
		want push.Message
	}{
		{"your move", func() { b.n.YourMove(context.Background(), "Alice", "r1", "Amazons", "bob") },
			push.Message{Title: "Your move in Amazons", Body: "bob has moved: it is your turn.", URL: "/r/r1", Tag: "room-r1"}},
		{"time running low", func() { b.n.TimeRunningLow(context.Background(), "alice", "r2", 28*time.Hour+5*time.Minute) },
			push.Message{Title: "Your time is running out", Body: "You have 1 day 4 hours left for your move, or you lose the game on time.",
				URL: "/r/r2", Tag: "room-r2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.tell()
			devices := map[string]bool{}
			for range 2 {
				got, err := b.rcv.Next(5 * time.Second)
				require.NoError(t, err)
				devices[got.Device] = true
				var m push.Message
				require.NoError(t, json.Unmarshal(got.Payload, &m))
				assert.Equal(t, tc.want, m)
				assert.Equal(t, b.keys.Public, got.Key, "signed with the site's VAPID key")
				assert.Equal(t, tc.want.Tag, got.Topic, "a newer notice of the room replaces this one")
			}
			require.Equal(t, map[string]bool{phone: true, laptop: true}, devices)
			require.Empty(t, b.rcv.Refused())
		})
	}
}

// TestAGoneDeviceIsDropped: a device its push service answers 410 (the
// browser unsubscribed) or 404 (unknown) is dropped; one that failed
// otherwise, or is no longer on the allow-list, is kept.
func TestAGoneDeviceIsDropped(t *testing.T) {
	for _, tc := range []struct {
		name    string
		device  func(b *bench, t *testing.T) string
		dropped bool
	}{
		{"410: unsubscribed", func(b *bench, t *testing.T) string {
			id, at := b.subscribe(t, nil)
			b.rcv.Unsubscribe(id)
			return at
		}, true},
		{"404: unknown to the service", func(b *bench, t *testing.T) string {
			_, at := b.subscribe(t, func(e string) string { return e[:strings.LastIndex(e, "/")] + "/nobody" })
			return at
		}, true},
		{"a host off the allow-list", func(b *bench, t *testing.T) string {
			_, at := b.subscribe(t, func(e string) string { return strings.Replace(e, b.rcv.Host(), "push.example.net", 1) })
			return at
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBench(t, nil)
			at := tc.device(b, t)
			b.n.YourMove(context.Background(), "alice", "r1", "Kalah", "bob")
			s := b.nextSent(t)
			require.Equal(t, at, s.endpoint)
			require.Error(t, s.err)
			if tc.dropped {
				require.ErrorIs(t, s.err, push.ErrGone)
				require.Empty(t, b.endpoints(t))
			} else {
				require.Equal(t, []string{at}, b.endpoints(t))
			}
		})
	}
}

// TestASlowPushServiceHoldsNobody: telling returns at once however slow
// the push service; each send gives up at its timeout, the device kept;
// past the queue's room a notice is dropped, not waited for.
func TestASlowPushServiceHoldsNobody(t *testing.T) {
	b := newBench(t, func(c *notify.Config) { c.Workers, c.Queue, c.SendTimeout = 1, 2, 200*time.Millisecond })
	_, at := b.subscribe(t, nil)
	b.rcv.SetDelay(time.Minute)
	start := time.Now()
	queued := 0
	for range 50 {
		if b.n.Notify("alice", push.Message{Title: "x", URL: "/r/r1", Tag: "room-r1"}) {
			queued++
		}
	}
	require.Less(t, time.Since(start), 100*time.Millisecond, "nobody waits for the push service")
	require.LessOrEqual(t, queued, 3, "one sending and two waiting; the rest dropped")
	s := b.nextSent(t)
	require.ErrorIs(t, s.err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), 2*time.Second)
	require.Equal(t, []string{at}, b.endpoints(t), "a slow device is kept")
}

// TestAnUnknownAccountIsNobodyToTell: a notice for an account that is gone
// sends nothing.
func TestAnUnknownAccountIsNobodyToTell(t *testing.T) {
	b := newBench(t, nil)
	b.subscribe(t, nil)
	b.n.YourMove(context.Background(), "carol", "r1", "Kalah", "bob")
	b.n.YourMove(context.Background(), "alice", "r1", "Kalah", "bob")
	got, err := b.rcv.Next(5 * time.Second)
	require.NoError(t, err)
	require.Contains(t, string(got.Payload), "Kalah", "alice's notice, after carol's went nowhere")
}

func TestRemaining(t *testing.T) {
	for _, tc := range []struct {
		left time.Duration
		want string
	}{
		{3 * 24 * time.Hour, "3 days"},
		{24*time.Hour + time.Hour + 59*time.Minute, "1 day 1 hour"},
		{5*time.Hour + 2*time.Minute, "5 hours 2 minutes"},
		{2 * time.Hour, "2 hours"},
		{time.Minute + 30*time.Second, "1 minute"},
		{20 * time.Second, "less than a minute"},
		{-time.Second, "less than a minute"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			require.Equal(t, tc.want, notify.Remaining(tc.left))
		})
	}
}

// The deadline keeper's alarm is the notifier's (the rooms' YourMove is
// checked where realtime/match gives it to a room: pushed_test.go).
var _ deadline.Alarm = (*notify.Notifier)(nil)
