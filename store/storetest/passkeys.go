package storetest

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// passkeys: a user's handle is made once; a passkey is found by its
// credential ID, which is unique, and listed with its user's others; its
// sign count only goes up; a challenge is taken once, by one of many
// takers at once, and never once expired.
func passkeys(t *testing.T, sub Subject) {
	st := sub.Store
	accounts := sub.Store
	ctx := sub.Ctx
	now := time.UnixMilli(1_800_000_000_000)
	alice := &store.User{Name: "Alice", Key: "alice", PasswordHash: "h", Created: now}
	bob := &store.User{Name: "bob", Key: "bob", PasswordHash: "h", Created: now}
	require.NoError(t, accounts.CreateUser(ctx, alice))
	require.NoError(t, accounts.CreateUser(ctx, bob))

	t.Run("handles", func(t *testing.T) {
		h, err := st.PasskeyHandle(ctx, alice.ID, []byte("alice's handle"))
		require.NoError(t, err)
		require.Equal(t, []byte("alice's handle"), h)
		h, err = st.PasskeyHandle(ctx, alice.ID, []byte("another"))
		require.NoError(t, err)
		require.Equal(t, []byte("alice's handle"), h, "made once, then kept")
		u, err := st.UserByPasskeyHandle(ctx, []byte("alice's handle"))
		require.NoError(t, err)
		require.Equal(t, alice.ID, u.ID)
		require.Equal(t, "Alice", u.Name)
		_, err = st.UserByPasskeyHandle(ctx, []byte("another"))
		require.ErrorIs(t, err, store.ErrNotFound)
	})

	t.Run("credentials", func(t *testing.T) {
		key := func(id string, user int64, created time.Time) store.Passkey {
			return store.Passkey{ID: []byte(id), UserID: user, RPID: "example.org", Name: "Chrome on Linux",
				Credential: []byte(`{"publicKey":"` + id + `"}`), SignCount: 1, Created: created}
		}
		require.NoError(t, st.AddPasskey(ctx, key("k2", alice.ID, now.Add(time.Second))))
		require.NoError(t, st.AddPasskey(ctx, key("k1", alice.ID, now)))
		require.NoError(t, st.AddPasskey(ctx, key("kb", bob.ID, now)))
		require.ErrorIs(t, st.AddPasskey(ctx, key("k1", bob.ID, now)), store.ErrTaken, "a credential ID is held once")

		list, err := st.Passkeys(ctx, alice.ID)
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, []byte("k1"), list[0].ID, "oldest first")
		require.Equal(t, key("k1", alice.ID, now), list[0], "kept whole; never used")
		require.True(t, list[0].Used.IsZero())

		got, err := st.PasskeyByID(ctx, []byte("kb"))
		require.NoError(t, err)
		require.Equal(t, bob.ID, got.UserID)
		_, err = st.PasskeyByID(ctx, []byte("nope"))
		require.ErrorIs(t, err, store.ErrNotFound)

		used := now.Add(time.Hour)
		require.NoError(t, st.UsePasskey(ctx, []byte("k1"), 5, []byte(`{"new":1}`), used))
		got, err = st.PasskeyByID(ctx, []byte("k1"))
		require.NoError(t, err)
		require.Equal(t, uint32(5), got.SignCount)
		require.Equal(t, []byte(`{"new":1}`), got.Credential)
		require.Equal(t, used, got.Used)
		for _, count := range []uint32{5, 4, 0} {
			require.ErrorIs(t, st.UsePasskey(ctx, []byte("k1"), count, []byte("x"), used.Add(time.Hour)), store.ErrSignCount,
				"a count that does not go up (%d after 5)", count)
		}
		got, err = st.PasskeyByID(ctx, []byte("k1"))
		require.NoError(t, err)
		require.Equal(t, uint32(5), got.SignCount, "a refused use changes nothing")
		require.Equal(t, used, got.Used)
		require.ErrorIs(t, st.UsePasskey(ctx, []byte("nope"), 9, nil, used), store.ErrNotFound)

		zero := key("k0", bob.ID, now)
		zero.SignCount = 0
		require.NoError(t, st.AddPasskey(ctx, zero))
		require.NoError(t, st.UsePasskey(ctx, []byte("k0"), 0, []byte("a"), used), "a passkey that keeps no count")
		require.NoError(t, st.UsePasskey(ctx, []byte("k0"), 0, []byte("b"), used))

		require.ErrorIs(t, st.DeletePasskey(ctx, bob.ID, []byte("k1")), store.ErrNotFound, "not bob's to remove")
		require.NoError(t, st.DeletePasskey(ctx, alice.ID, []byte("k1")))
		list, err = st.Passkeys(ctx, alice.ID)
		require.NoError(t, err)
		require.Len(t, list, 1)
		require.ErrorIs(t, st.DeletePasskey(ctx, alice.ID, []byte("k1")), store.ErrNotFound)
	})

	t.Run("challenges", func(t *testing.T) {
		put := func(id string, expires time.Time) {
			require.NoError(t, st.PutChallenge(ctx, store.Challenge{ID: id, UserID: alice.ID, Kind: "register",
				Data: []byte(`{"challenge":"` + id + `"}`), Expires: expires}, now))
		}
		put("c1", now.Add(5*time.Minute))
		got, err := st.TakeChallenge(ctx, "c1", now.Add(time.Minute))
		require.NoError(t, err)
		require.Equal(t, store.Challenge{ID: "c1", UserID: alice.ID, Kind: "register", Data: []byte(`{"challenge":"c1"}`),
			Expires: now.Add(5 * time.Minute)}, *got)
		_, err = st.TakeChallenge(ctx, "c1", now.Add(time.Minute))
		require.ErrorIs(t, err, store.ErrNotFound, "taken once")

		put("c2", now.Add(5*time.Minute))
		_, err = st.TakeChallenge(ctx, "c2", now.Add(5*time.Minute))
		require.ErrorIs(t, err, store.ErrNotFound, "expired")
		_, err = st.TakeChallenge(ctx, "c2", now)
		require.ErrorIs(t, err, store.ErrNotFound, "an expired challenge is gone")
		_, err = st.TakeChallenge(ctx, "never", now)
		require.ErrorIs(t, err, store.ErrNotFound)

		put("c3", now.Add(time.Minute))
		require.NoError(t, st.PutChallenge(ctx, store.Challenge{ID: "c4", Kind: "login", Data: []byte("{}"), Expires: now.Add(time.Hour)},
			now.Add(2*time.Minute)))
		_, err = st.TakeChallenge(ctx, "c3", now)
		require.ErrorIs(t, err, store.ErrNotFound, "a challenge expired when another was put is forgotten")

		put("c5", now.Add(5*time.Minute))
		var wg sync.WaitGroup
		var mu sync.Mutex
		taken := 0
		for range 8 {
			wg.Go(func() {
				if _, err := st.TakeChallenge(ctx, "c5", now); err == nil {
					mu.Lock()
					taken++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		require.Equal(t, 1, taken, "of eight takers at once, one has it")
	})
}
