package lobby

import (
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/emptydb"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// challengeSite is a Site on a fresh store whose clock the test moves.
func challengeSite(t *testing.T) (*Site, *time.Time) {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "c.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	now := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	return &Site{Presence: st, Challenges: st, Rooms: noRooms{}, Node: "a", Log: slog.New(slog.DiscardHandler),
		Now: func() time.Time { return now }}, &now
}

// A second challenge to the same player in the same game, while the first
// waits, is refused with the first; in another game, or once the first
// has expired, it is sent.
func TestAChallengeIsNotSentTwice(t *testing.T) {
	t.Parallel()
	s, now := challengeSite(t)
	ctx := t.Context()
	first, err := s.Challenge(ctx, "alice", "tok", "bob", "kalah", vocab.FastClock, true)
	require.NoError(t, err)
	_, err = s.Challenge(ctx, "alice", "tok", "BOB", "kalah", vocab.SlowClock, false)
	var again AlreadyChallenged
	require.ErrorAs(t, err, &again)
	require.Equal(t, first.ID, again.Pending.ID)
	n, err := s.Challenges.PendingFrom(ctx, "alice", *now)
	require.NoError(t, err)
	require.Equal(t, 1, n, "no second pending challenge")

	_, err = s.Challenge(ctx, "alice", "tok", "bob", "amazons", vocab.FastClock, true)
	require.NoError(t, err, "another game")
	*now = now.Add(ChallengeLife)
	_, err = s.Challenge(ctx, "alice", "tok", "bob", "kalah", vocab.FastClock, true)
	require.NoError(t, err, "the first has expired")
}

// Expired challenges do not count towards MaxChallenges.
func TestExpiredChallengesAreNotCounted(t *testing.T) {
	t.Parallel()
	s, now := challengeSite(t)
	ctx := t.Context()
	for _, to := range []string{"bob", "carol", "dave"} {
		_, err := s.Challenge(ctx, "alice", "tok", to, "kalah", vocab.FastClock, true)
		require.NoError(t, err)
	}
	_, err := s.Challenge(ctx, "alice", "tok", "erin", "kalah", vocab.FastClock, true)
	require.ErrorIs(t, err, ErrTooMany)
	*now = now.Add(ChallengeLife)
	_, err = s.Challenge(ctx, "alice", "tok", "erin", "kalah", vocab.FastClock, true)
	require.NoError(t, err, "the three waiting have expired")
}

// A correspondence challenge carries its days a move into the room its
// acceptance makes; days not offered are refused and send nothing.
func TestACorrespondenceChallenge(t *testing.T) {
	t.Parallel()
	s, now := challengeSite(t)
	ctx := t.Context()
	_, err := s.ChallengeDays(ctx, "alice", "tok", "bob", "kalah", vocab.CorrespondenceClock, 4, false)
	require.ErrorContains(t, err, "days must be one of 1, 2, 3, 5, 7, 14")
	_, err = s.ChallengeDays(ctx, "alice", "tok", "bob", "kalah", vocab.FastClock, 3, false)
	require.ErrorContains(t, err, "days a move are for the correspondence clock")
	n, err := s.Challenges.PendingFrom(ctx, "alice", *now)
	require.NoError(t, err)
	require.Zero(t, n, "nothing sent")

	c, err := s.ChallengeDays(ctx, "alice", "tok", "bob", "kalah", vocab.CorrespondenceClock, 14, false)
	require.NoError(t, err)
	require.Equal(t, 14, c.Days)
	id, err := s.Answer(ctx, &Page{Account: "bob", TokenHash: "tb"}, c.ID, true, "")
	require.NoError(t, err)
	rec, err := s.Challenges.(store.Store).Room(ctx, id)
	require.NoError(t, err)
	require.Equal(t, vocab.CorrespondenceClock, rec.Clock)
	require.Equal(t, 14, rec.Days)
}

// A correspondence challenge waits days for its answer (issue 39: the one
// challenged may not come for days); one on a live clock, two minutes.
// While it waits it is in both players' lists; accepted days after it was
// made, its challenger's pages hear of it; past its life it has expired.
func TestAChallengeWaitsAsLongAsItsClockAsks(t *testing.T) {
	tests := []struct {
		name  string
		clock vocab.Clock
		days  int
		// waited is a time it still waits after; life when it expires.
		waited, life time.Duration
	}{
		{"fast", vocab.FastClock, 0, ChallengeLife - time.Second, ChallengeLife},
		{"correspondence", vocab.CorrespondenceClock, 3, 13 * vocab.Day, 14 * vocab.Day},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, now := challengeSite(t)
			ctx := t.Context()
			made := *now
			c, err := s.ChallengeDays(ctx, "alice", "tok", "bob", "kalah", tc.clock, tc.days, false)
			require.NoError(t, err)
			require.Equal(t, made.Add(tc.life), c.Expires)

			*now = made.Add(tc.waited)
			in, _, err := s.Waiting(ctx, "bob")
			require.NoError(t, err)
			require.Len(t, in, 1, "still waiting for bob")
			_, out, err := s.Waiting(ctx, "alice")
			require.NoError(t, err)
			require.Len(t, out, 1, "and among alice's")
			alice := s.Open("alice", "tok", false)
			defer s.Close(alice)
			s.send(ctx, []*Page{alice}, []string{"alice"})
			require.Len(t, (<-alice.updates).Outgoing, 1)

			_, err = s.Answer(ctx, &Page{Account: "bob", TokenHash: "tb"}, c.ID, true, "")
			require.NoError(t, err)
			s.send(ctx, []*Page{alice}, []string{"alice"})
			u := <-alice.updates
			require.Len(t, u.Accepted, 1, "alice's page hears it was accepted")
			require.Equal(t, store.ChallengeAccepted, u.Accepted[0].Status)

			second, err := s.ChallengeDays(ctx, "alice", "tok", "bob", "amazons", tc.clock, tc.days, false)
			require.NoError(t, err)
			*now = now.Add(tc.life)
			in, _, err = s.Waiting(ctx, "bob")
			require.NoError(t, err)
			require.Empty(t, in, "expired")
			_, err = s.Answer(ctx, &Page{Account: "bob", TokenHash: "tb"}, second.ID, true, "")
			require.ErrorIs(t, err, store.ErrChallengeGone)
		})
	}
}
