package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// pushKeys: the VAPID pair is made once; nodes asking at once, each with a
// pair of its own, all get the one stored.
func pushKeys(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	maker := func(name string, calls *int) func() (string, string, error) {
		return func() (string, string, error) {
			*calls++
			return "public-" + name, "private-" + name, nil
		}
	}
	_, _, err := sub.Store.PushKeys(ctx, func() (string, string, error) { return "", "", fmt.Errorf("no randomness") })
	require.ErrorContains(t, err, "no randomness", "nothing stored, nothing made")

	// A second store on the same data: a second node (SQLite's file is
	// shared by two handles, as by two processes).
	stores := []store.Store{sub.Store, sub.Store}
	if sub.Reopen != nil {
		stores[1] = sub.Reopen(t)
	}
	const askers = 8
	pubs, privs := make([]string, askers), make([]string, askers)
	calls, errs := make([]int, askers), make([]error, askers)
	var wg sync.WaitGroup
	for i := range askers {
		wg.Go(func() {
			pubs[i], privs[i], errs[i] = stores[i%2].PushKeys(ctx, maker(fmt.Sprint(i), &calls[i]))
		})
	}
	wg.Wait()
	for i := range askers {
		require.NoError(t, errs[i])
		require.Equal(t, pubs[0], pubs[i], "every asker has the one public key")
		require.Equal(t, privs[0], privs[i], "and its private key")
	}
	require.Regexp(t, `^public-\d$`, pubs[0])
	require.Equal(t, "private-"+pubs[0][len("public-"):], privs[0], "a pair made together")

	var later int
	pub, priv, err := sub.Store.PushKeys(ctx, maker("later", &later))
	require.NoError(t, err)
	require.Equal(t, []string{pubs[0], privs[0]}, []string{pub, priv}, "kept")
	require.Zero(t, later, "a stored pair is not made again")

	pub, _, err = stores[1].PushKeys(ctx, func() (string, string, error) { return "", "", fmt.Errorf("no randomness") })
	require.NoError(t, err, "a maker that fails is not called when a pair is stored")
	require.Equal(t, pubs[0], pub)
}

// pushSubscriptions: an account's devices, one row an endpoint: added once
// whatever the repeats, moved to the account that subscribed it last,
// removed by their own account only, dropped by anyone, and capped with
// the oldest going.
func pushSubscriptions(t *testing.T, sub Subject) {
	st, ctx := sub.Store, sub.Ctx
	now := time.UnixMilli(1_800_000_000_000)
	alice := &store.User{Name: "Alice", Key: "alice", PasswordHash: "h", Created: now}
	bob := &store.User{Name: "bob", Key: "bob", PasswordHash: "h", Created: now}
	require.NoError(t, st.CreateUser(ctx, alice))
	require.NoError(t, st.CreateUser(ctx, bob))
	device := func(user *store.User, n int, at time.Duration) store.PushSubscription {
		return store.PushSubscription{UserID: user.ID, Endpoint: fmt.Sprintf("https://push.example/%d", n),
			P256dh: fmt.Sprintf("key-%d-%s", n, user.Key), Auth: "auth-" + user.Key, Subscribed: now.Add(at)}
	}
	endpoints := func(user *store.User) []string {
		t.Helper()
		list, err := st.PushSubscriptions(ctx, user.ID)
		require.NoError(t, err)
		var out []string
		for _, s := range list {
			out = append(out, s.Endpoint)
		}
		return out
	}

	steps := []struct {
		name  string
		do    func() error
		err   error
		alice []string
		bob   []string
	}{
		{name: "add", do: func() error { return st.AddPushSubscription(ctx, device(alice, 1, 0)) },
			alice: []string{"https://push.example/1"}},
		{name: "again: one row, its time renewed", do: func() error { return st.AddPushSubscription(ctx, device(alice, 1, time.Minute)) },
			alice: []string{"https://push.example/1"}},
		{name: "a second device, newest first", do: func() error { return st.AddPushSubscription(ctx, device(alice, 2, 30*time.Second)) },
			alice: []string{"https://push.example/1", "https://push.example/2"}},
		{name: "bob's own", do: func() error { return st.AddPushSubscription(ctx, device(bob, 3, 0)) },
			alice: []string{"https://push.example/1", "https://push.example/2"}, bob: []string{"https://push.example/3"}},
		{name: "bob subscribes alice's device: it moves", do: func() error { return st.AddPushSubscription(ctx, device(bob, 2, time.Hour)) },
			alice: []string{"https://push.example/1"}, bob: []string{"https://push.example/2", "https://push.example/3"}},
		{name: "alice cannot remove bob's", do: func() error { return st.RemovePushSubscription(ctx, alice.ID, "https://push.example/3") },
			err: store.ErrNotFound, alice: []string{"https://push.example/1"}, bob: []string{"https://push.example/2", "https://push.example/3"}},
		{name: "bob removes his", do: func() error { return st.RemovePushSubscription(ctx, bob.ID, "https://push.example/3") },
			alice: []string{"https://push.example/1"}, bob: []string{"https://push.example/2"}},
		{name: "removed already", do: func() error { return st.RemovePushSubscription(ctx, bob.ID, "https://push.example/3") },
			err: store.ErrNotFound, alice: []string{"https://push.example/1"}, bob: []string{"https://push.example/2"}},
		{name: "dropped as gone, whoever holds it", do: func() error { return st.DropPushSubscription(ctx, "https://push.example/2") },
			alice: []string{"https://push.example/1"}},
		{name: "dropped twice", do: func() error { return st.DropPushSubscription(ctx, "https://push.example/2") },
			alice: []string{"https://push.example/1"}},
		{name: "no such account", do: func() error {
			return st.AddPushSubscription(ctx, store.PushSubscription{UserID: 999_999, Endpoint: "https://push.example/9", P256dh: "k", Auth: "a", Subscribed: now})
		}, err: store.ErrNotFound, alice: []string{"https://push.example/1"}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			err := s.do()
			if s.err != nil {
				require.ErrorIs(t, err, s.err)
			} else {
				require.NoError(t, err)
			}
			require.Equal(t, s.alice, endpoints(alice))
			require.Equal(t, s.bob, endpoints(bob))
		})
	}

	t.Run("kept whole", func(t *testing.T) {
		list, err := st.PushSubscriptions(ctx, alice.ID)
		require.NoError(t, err)
		require.Equal(t, []store.PushSubscription{device(alice, 1, time.Minute)}, list)
	})

	t.Run("cap: the oldest goes", func(t *testing.T) {
		for n := 10; n < 10+store.MaxPushSubscriptions; n++ {
			require.NoError(t, st.AddPushSubscription(ctx, device(bob, n, time.Duration(n)*time.Hour)))
		}
		require.Len(t, endpoints(bob), store.MaxPushSubscriptions)
		require.NoError(t, st.AddPushSubscription(ctx, device(bob, 99, 99*time.Hour)))
		got := endpoints(bob)
		require.Len(t, got, store.MaxPushSubscriptions)
		require.Equal(t, "https://push.example/99", got[0], "the new one is kept")
		require.NotContains(t, got, "https://push.example/10", "the oldest went")
		require.Contains(t, got, "https://push.example/11")
		require.Equal(t, []string{"https://push.example/1"}, endpoints(alice), "another account's are not counted")
	})
}
