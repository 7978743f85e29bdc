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
