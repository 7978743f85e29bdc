package accounts

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/emptydb"
	"boardroom/store"
)

func TestNameKey(t *testing.T) {
	tests := []struct {
		name, key string
		refused   bool
	}{
		{"alice", "alice", false},
		{"Alice_B-2", "alice_b-2", false},
		{"abc", "abc", false},
		{strings.Repeat("x", MaxName), strings.Repeat("x", MaxName), false},
		{"", "", true},
		{"ab", "", true},
		{strings.Repeat("x", MaxName+1), "", true},
		{"al ice", "", true},
		{"\u0430lice", "", true}, // a Cyrillic а: a look-alike, refused (names are ASCII)
		{"alice\u200b", "", true},
		{"élodie", "", true},
		{"bob!", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			key, problem := NameKey(tc.name)
			require.Equal(t, tc.key, key)
			require.Equal(t, tc.refused, problem != "", problem)
		})
	}
}

func TestPasswordProblem(t *testing.T) {
	tests := []struct {
		password string
		refused  bool
	}{
		{"", true},
		{"seven77", true},
		{"eight888", false},
		{"ünïcödé ok", false},
		{strings.Repeat("p", MaxPassword), false},
		{strings.Repeat("p", MaxPassword+1), true},
		{strings.Repeat("p", 1<<20), true},
	}
	for _, tc := range tests {
		require.Equal(t, tc.refused, PasswordProblem(tc.password) != "", "%.20q", tc.password)
	}
}

func TestHashAndVerify(t *testing.T) {
	h, err := Hash("correct horse")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$"), h)
	again, err := Hash("correct horse")
	require.NoError(t, err)
	require.NotEqual(t, h, again, "salted")
	require.True(t, Verify(h, "correct horse"))
	require.False(t, Verify(h, "correct hors"))
	require.False(t, Verify(h, ""))
	for _, bad := range []string{"", "$argon2id$", strings.Replace(h, "argon2id", "argon2i", 1), strings.Replace(h, "m=19456", "m=0", 1),
		strings.Replace(h, "m=19456", "m=99999999", 1), h[:len(h)-4]} {
		require.False(t, Verify(bad, "correct horse"), "%q", bad)
	}
}

func newService(t testing.TB) (*Service, *time.Time) {
	st, err := store.OpenSQLite(emptydb.Path(t, "a.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	now := time.UnixMilli(1_800_000_000_000)
	return &Service{Store: st, Now: func() time.Time { return now }}, &now
}

func TestSignUpAndLogIn(t *testing.T) {
	s, _ := newService(t)
	ctx := context.Background()
	u, err := s.SignUp(ctx, "Alice", "a long password")
	require.NoError(t, err)
	require.Equal(t, "Alice", u.Name)

	tests := []struct {
		name, user, password string
		field                string // the refused field ("": taken)
	}{
		{"the same name in another case", "ALICE", "another password", "username"},
		{"too long a name", strings.Repeat("b", 21), "a long password", "username"},
		{"a look-alike", "\u0430lice", "a long password", "username"},
		{"the site's own", "Boardroom-Medium", "a long password", "username"},
		{"the site's name", "boardroom", "a long password", "username"},
		{"an empty password", "bob", "", "password"},
		{"a huge password", "bob", strings.Repeat("p", 10000), "password"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.SignUp(ctx, tc.user, tc.password)
			var p *Problem
			require.ErrorAs(t, err, &p)
			require.Equal(t, tc.field, p.Field)
		})
	}

	for _, name := range []string{"Alice", "alice", "ALICE"} {
		got, err := s.LogIn(ctx, name, "a long password")
		require.NoError(t, err, "log-in accepts any case: %s", name)
		require.Equal(t, u.ID, got.ID)
	}
	for _, bad := range [][2]string{{"alice", "wrong password"}, {"nobody", "a long password"}, {"alice", ""}, {"", ""},
		{"alice", strings.Repeat("p", 1<<16)}} {
		_, err := s.LogIn(ctx, bad[0], bad[1])
		require.ErrorIs(t, err, ErrBadLogin, "%q", bad[0])
	}
}

func TestSessions(t *testing.T) {
	s, now := newService(t)
	ctx := context.Background()
	u, err := s.SignUp(ctx, "carol", "a long password")
	require.NoError(t, err)
	phone, err := s.Start(ctx, u, "Phone browser", "192.0.2.7")
	require.NoError(t, err)
	laptop, err := s.Start(ctx, u, "Laptop browser", "192.0.2.8")
	require.NoError(t, err)
	got, err := s.User(ctx, phone)
	require.NoError(t, err)
	require.Equal(t, "carol", got.Name)
	list, err := s.Sessions(ctx, u)
	require.NoError(t, err)
	require.Len(t, list, 2)
	for _, ss := range list {
		require.NotContains(t, []string{phone, laptop}, ss.Hash, "only the token's hash is kept")
	}

	require.NoError(t, s.End(ctx, phone))
	_, err = s.User(ctx, phone)
	require.ErrorIs(t, err, store.ErrNotFound, "logged out")
	_, err = s.User(ctx, laptop)
	require.NoError(t, err, "the other device stays in")

	*now = now.Add(SessionLife + time.Minute)
	_, err = s.User(ctx, laptop)
	require.ErrorIs(t, err, store.ErrNotFound, "a session lasts 30 days")

	*now = now.Add(-SessionLife)
	again, err := s.Start(ctx, u, "Tablet", "192.0.2.9")
	require.NoError(t, err)
	require.NoError(t, s.EndAll(ctx, u))
	for _, token := range []string{laptop, again} {
		_, err = s.User(ctx, token)
		require.ErrorIs(t, err, store.ErrNotFound, "after log out everywhere")
	}
	for _, bad := range []string{"", "x", strings.Repeat("t", 5000)} {
		_, err = s.User(ctx, bad)
		require.ErrorIs(t, err, store.ErrNotFound)
	}
}

// TestChangePassword: the current password is asked first (a wrong one
// changes nothing); the new one is checked as a sign-up's. An account
// with no password (a passkey's alone) sets one without a current one,
// its live session being the proof; a bot's account never gets one.
func TestChangePassword(t *testing.T) {
	s, _ := newService(t)
	ctx := context.Background()
	alice, err := s.SignUp(ctx, "alice", "a long password")
	require.NoError(t, err)

	require.ErrorIs(t, s.ChangePassword(ctx, alice, "a wrong password", "a newer password"), ErrBadLogin)
	var problem *Problem
	require.ErrorAs(t, s.ChangePassword(ctx, alice, "a long password", "short"), &problem)
	require.Equal(t, "new-password", problem.Field)
	_, err = s.LogIn(ctx, "alice", "a long password")
	require.NoError(t, err, "unchanged")

	require.NoError(t, s.ChangePassword(ctx, alice, "a long password", "a newer password"))
	_, err = s.LogIn(ctx, "alice", "a long password")
	require.ErrorIs(t, err, ErrBadLogin)
	_, err = s.LogIn(ctx, "alice", "a newer password")
	require.NoError(t, err)

	keyOnly := &store.User{Name: "Keys", Key: "keys", Created: time.Now()}
	require.NoError(t, s.Store.CreateUser(ctx, keyOnly))
	require.NoError(t, s.ChangePassword(ctx, keyOnly, "", "a first password"), "set with no current one")
	_, err = s.LogIn(ctx, "keys", "a first password")
	require.NoError(t, err)

	bot, _, err := s.CreateBot(ctx, alice, "Robo")
	require.NoError(t, err)
	require.ErrorIs(t, s.ChangePassword(ctx, &bot.User, "", "a bot's password"), ErrIsBot)
	_, err = s.LogIn(ctx, "robo", "a bot's password")
	require.ErrorIs(t, err, ErrBadLogin, "nobody logs in as a bot")
}
