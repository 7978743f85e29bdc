package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/accounts/passkeytest"
	"boardroom/store"
)

var site = RelyingParty{ID: "localhost", Origin: "http://localhost:8080"}

// register adds a passkey made by key to u's account.
func register(t *testing.T, s *Service, u *store.User, key *passkeytest.Authenticator) {
	t.Helper()
	ctx := context.Background()
	opts, challenge, err := s.BeginRegistration(ctx, site, u)
	require.NoError(t, err)
	body, err := key.Create(opts)
	require.NoError(t, err)
	_, err = s.FinishRegistration(ctx, site, u, challenge, body, "Chrome on Linux")
	require.NoError(t, err)
}

// logIn asks for a log-in's challenge and answers it with key.
func logIn(t *testing.T, s *Service, key *passkeytest.Authenticator) (challenge string, body []byte, err error) {
	t.Helper()
	opts, challenge, err := s.BeginLogin(context.Background(), site)
	require.NoError(t, err)
	body, err = key.Get(opts)
	require.NoError(t, err)
	_, err = s.FinishLogin(context.Background(), site, challenge, body)
	return challenge, body, err
}

// TestPasskeys: a player adds a passkey, which the account lists, and logs
// in with it, the account found by the passkey alone; its sign count and
// last use are kept. Removed, it logs nobody in.
func TestPasskeys(t *testing.T) {
	s, now := newService(t)
	ctx := context.Background()
	u, err := s.SignUp(ctx, "alice", "a long password")
	require.NoError(t, err)
	opts, _, err := s.BeginRegistration(ctx, site, u)
	require.NoError(t, err)
	var creation struct {
		PublicKey struct {
			RP   struct{ ID, Name string }
			User struct {
				Name string
			}
			AuthenticatorSelection struct {
				ResidentKey, UserVerification string
			}
			Timeout int
		}
	}
	require.NoError(t, json.Unmarshal(opts, &creation))
	require.Equal(t, "localhost", creation.PublicKey.RP.ID)
	require.Equal(t, "Boardroom", creation.PublicKey.RP.Name)
	require.Equal(t, "alice", creation.PublicKey.User.Name)
	require.Equal(t, "required", creation.PublicKey.AuthenticatorSelection.ResidentKey, "found with no name typed")
	require.Equal(t, "required", creation.PublicKey.AuthenticatorSelection.UserVerification)
	require.Equal(t, int(ChallengeLife.Milliseconds()), creation.PublicKey.Timeout)

	key := passkeytest.New(site.Origin, site.ID)
	register(t, s, u, key)
	list, err := s.Passkeys(ctx, u)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, key.ID, list[0].ID)
	require.Equal(t, "Chrome on Linux", list[0].Name)
	require.Equal(t, *now, list[0].Created)
	require.True(t, list[0].Used.IsZero())

	*now = now.Add(time.Hour)
	opts, challenge, err := s.BeginLogin(ctx, site)
	require.NoError(t, err)
	body, err := key.Get(opts)
	require.NoError(t, err)
	got, err := s.FinishLogin(ctx, site, challenge, body)
	require.NoError(t, err)
	require.Equal(t, u.ID, got.ID)
	require.Equal(t, "alice", got.Name)
	list, err = s.Passkeys(ctx, u)
	require.NoError(t, err)
	require.Equal(t, key.SignCount, list[0].SignCount)
	require.Equal(t, *now, list[0].Used)

	require.NoError(t, s.RemovePasskey(ctx, u, key.ID))
	_, _, err = logIn(t, s, key)
	require.ErrorIs(t, err, ErrUnknownPasskey, "a removed passkey")
}

// TestPasskeyReplay: an assertion that logged in once is refused when it
// is sent again, to its own challenge (spent) or to a new one (which it
// did not sign), even from a passkey that keeps no sign count, whose
// assertions only the single use of challenges tells apart.
func TestPasskeyReplay(t *testing.T) {
	for _, noCount := range []bool{true, false} {
		t.Run(map[bool]string{true: "a passkey with no count", false: "a passkey with a count"}[noCount], func(t *testing.T) {
			s, _ := newService(t)
			ctx := context.Background()
			u, err := s.SignUp(ctx, "alice", "a long password")
			require.NoError(t, err)
			key := passkeytest.New(site.Origin, site.ID)
			key.NoCount = noCount
			register(t, s, u, key)
			challenge, body, err := logIn(t, s, key)
			require.NoError(t, err, "the first log-in")

			_, err = s.FinishLogin(ctx, site, challenge, body)
			require.ErrorIs(t, err, ErrNoChallenge, "the same answer to the same challenge")
			_, fresh, err := s.BeginLogin(ctx, site)
			require.NoError(t, err)
			_, err = s.FinishLogin(ctx, site, fresh, body)
			require.ErrorIs(t, err, ErrBadPasskey, "the old answer to a new challenge")
			_, _, err = logIn(t, s, key)
			require.NoError(t, err, "the passkey itself logs in again")
		})
	}
}

// TestPasskeyRefusals: what is refused, and how it is told.
func TestPasskeyRefusals(t *testing.T) {
	s, now := newService(t)
	ctx := context.Background()
	alice, err := s.SignUp(ctx, "alice", "a long password")
	require.NoError(t, err)
	bob, err := s.SignUp(ctx, "bob", "a long password")
	require.NoError(t, err)
	key := passkeytest.New(site.Origin, site.ID)
	register(t, s, alice, key)

	t.Run("an unknown passkey", func(t *testing.T) {
		stranger := passkeytest.New(site.Origin, site.ID)
		stranger.UserHandle = []byte("an account elsewhere")
		_, _, err := logIn(t, s, stranger)
		require.ErrorIs(t, err, ErrUnknownPasskey)
		stranger.UserHandle = key.UserHandle
		_, _, err = logIn(t, s, stranger)
		require.ErrorIs(t, err, ErrUnknownPasskey, "a passkey not hers with her handle")
	})
	t.Run("another site's page", func(t *testing.T) {
		phished := *key
		phished.Origin = "http://localhost.evil.example"
		_, _, err := logIn(t, s, &phished)
		require.ErrorIs(t, err, ErrBadPasskey)
	})
	t.Run("a challenge that expired", func(t *testing.T) {
		opts, challenge, err := s.BeginLogin(ctx, site)
		require.NoError(t, err)
		body, err := key.Get(opts)
		require.NoError(t, err)
		*now = now.Add(ChallengeLife)
		_, err = s.FinishLogin(ctx, site, challenge, body)
		require.ErrorIs(t, err, ErrNoChallenge)
	})
	t.Run("a cloned passkey", func(t *testing.T) {
		clone := *key
		_, _, err := logIn(t, s, key)
		require.NoError(t, err)
		_, _, err = logIn(t, s, &clone)
		require.ErrorIs(t, err, ErrBadPasskey, "the clone's count is not above the original's last")
	})
	t.Run("a registration's challenge for a log-in", func(t *testing.T) {
		opts, challenge, err := s.BeginRegistration(ctx, site, alice)
		require.NoError(t, err)
		var o struct{ PublicKey struct{ Challenge string } }
		require.NoError(t, json.Unmarshal(opts, &o))
		body, err := key.Sign(o.PublicKey.Challenge)
		require.NoError(t, err)
		_, err = s.FinishLogin(ctx, site, challenge, body)
		require.ErrorIs(t, err, ErrNoChallenge)
	})
	t.Run("another player's registration", func(t *testing.T) {
		opts, challenge, err := s.BeginRegistration(ctx, site, alice)
		require.NoError(t, err)
		body, err := passkeytest.New(site.Origin, site.ID).Create(opts)
		require.NoError(t, err)
		_, err = s.FinishRegistration(ctx, site, bob, challenge, body, "x")
		require.ErrorIs(t, err, ErrNoChallenge)
	})
	t.Run("a passkey added twice", func(t *testing.T) {
		opts, challenge, err := s.BeginRegistration(ctx, site, bob)
		require.NoError(t, err)
		again := *key
		body, err := again.Create(opts)
		require.NoError(t, err)
		_, err = s.FinishRegistration(ctx, site, bob, challenge, body, "x")
		require.ErrorIs(t, err, ErrPasskeyTaken)
	})
	t.Run("an address with no name", func(t *testing.T) {
		_, _, err := s.BeginLogin(ctx, RelyingParty{ID: "127.0.0.1", Origin: "http://127.0.0.1:8080"})
		require.ErrorIs(t, err, ErrBadRelyingParty)
	})
	t.Run("unreadable answers", func(t *testing.T) {
		for _, body := range []string{"", "{}", "null", "[]", `{"id":5}`, `{"id":"AA","type":"public-key","response":"x"}`, "not json"} {
			_, challenge, err := s.BeginLogin(ctx, site)
			require.NoError(t, err)
			_, err = s.FinishLogin(ctx, site, challenge, []byte(body))
			require.ErrorIs(t, err, ErrBadPasskey, "%q", body)
			_, challenge, err = s.BeginRegistration(ctx, site, alice)
			require.NoError(t, err)
			_, err = s.FinishRegistration(ctx, site, alice, challenge, []byte(body), "x")
			require.ErrorIs(t, err, ErrBadPasskey, "%q", body)
		}
	})
}

// FuzzPasskeyAnswers: whatever a browser posts as a passkey's answer, to
// add one or to log in, it is refused with one of the service's errors,
// logs nobody in, and nothing panics.
func FuzzPasskeyAnswers(f *testing.F) {
	s, _ := newService(f)
	ctx := context.Background()
	u, err := s.SignUp(ctx, "alice", "a long password")
	require.NoError(f, err)
	key := passkeytest.New(site.Origin, site.ID)
	opts, challenge, err := s.BeginRegistration(ctx, site, u)
	require.NoError(f, err)
	good, err := key.Create(opts)
	require.NoError(f, err)
	f.Add(good) // an answer to another challenge
	_, err = s.FinishRegistration(ctx, site, u, challenge, good, "x")
	require.NoError(f, err)
	opts, _, err = s.BeginLogin(ctx, site)
	require.NoError(f, err)
	signed, err := key.Get(opts)
	require.NoError(f, err)
	f.Add(signed)
	for _, seed := range []string{"", "{}", "null", `{"id":"AA","type":"public-key","response":{}}`, `{"response":{"userHandle":5}}`, "\xff"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		_, challenge, err := s.BeginLogin(ctx, site)
		require.NoError(t, err)
		got, err := s.FinishLogin(ctx, site, challenge, body)
		require.Nil(t, got)
		require.True(t, errors.Is(err, ErrBadPasskey) || errors.Is(err, ErrUnknownPasskey), "%v", err)
		_, challenge, err = s.BeginRegistration(ctx, site, u)
		require.NoError(t, err)
		_, err = s.FinishRegistration(ctx, site, u, challenge, body, "x")
		require.True(t, errors.Is(err, ErrBadPasskey) || errors.Is(err, ErrPasskeyTaken), "%v", err)
	})
}
