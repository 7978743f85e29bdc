package storetest

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// presence: an account is online while a node says it has a page open,
// on any node, and not after the node stops saying so.
func presence(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	st := sub.Store
	at := time.UnixMilli(1_800_000_000_000)
	require.NoError(t, st.SeeOnline(ctx, "n1", []string{"Alice", "bob"}, at))
	require.NoError(t, st.SeeOnline(ctx, "n2", []string{"alice"}, at))
	online, err := st.Online(ctx, []string{"alice", "Bob", "carol"}, at.Add(-time.Second))
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"alice": true, "Bob": true}, online, "any case, keyed as asked")
	require.NoError(t, st.SeeOnline(ctx, "n1", []string{"alice"}, at.Add(time.Second))) // Bob's page closed
	online, err = st.Online(ctx, []string{"alice", "bob"}, at.Add(-time.Second))
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"alice": true}, online)
	online, err = st.Online(ctx, []string{"alice"}, at.Add(2*time.Second))
	require.NoError(t, err)
	require.Empty(t, online, "not seen since")
}

// playerLists: players found by a part of their name, in any case, those
// whose name begins with it first, LIKE's wildcards only themselves; and
// those online now, by name.
func playerLists(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	st := sub.Store
	ratedPlayers(t, sub, "Malice", "alice", "al_ice", "bob", "Bo%b")
	for _, c := range []struct {
		query string
		limit int
		want  []string
	}{
		{"al", 10, []string{"al_ice", "alice", "Malice"}},
		{"ALI", 10, []string{"alice", "Malice"}},
		{"ali", 1, []string{"alice"}},
		{"l_", 10, []string{"al_ice"}},
		{"%", 10, []string{"Bo%b"}},
		{"o%", 10, []string{"Bo%b"}},
		{`\`, 10, nil},
		{"zed", 10, nil},
	} {
		got, err := st.FindPlayers(ctx, c.query, c.limit)
		require.NoError(t, err)
		require.Equal(t, c.want, got, "query %q", c.query)
	}

	presence := sub.Store
	at := time.UnixMilli(1_800_000_000_000)
	require.NoError(t, presence.SeeOnline(ctx, "n1", []string{"bob", "alice"}, at))
	require.NoError(t, presence.SeeOnline(ctx, "n2", []string{"ALICE", "malice"}, at.Add(-time.Hour)))
	online, err := st.OnlineNames(ctx, at.Add(-time.Second), 10)
	require.NoError(t, err)
	require.Equal(t, []string{"alice", "bob"}, online, "once each, by name, not those gone")
	online, err = st.OnlineNames(ctx, at.Add(-time.Second), 1)
	require.NoError(t, err)
	require.Equal(t, []string{"alice"}, online)
}

// directChallenges: a challenge is answered once, by the one challenged,
// while pending; accepting makes its room in the same write.
func directChallenges(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	st := sub.Store
	now := time.UnixMilli(1_800_000_000_000)
	challenge := func(id, from, to string, at time.Time) store.DirectChallenge {
		c := store.DirectChallenge{ID: id, From: from, To: to, FromToken: "t-" + from, Game: "kalah", Clock: "fast", Rated: true,
			Created: at, Expires: at.Add(2 * time.Minute), Status: store.ChallengePending}
		require.NoError(t, st.CreateChallenge(ctx, c))
		return c
	}
	challenge("c1", "alice", "bob", now)
	challenge("c2", "alice", "carol", now.Add(time.Second))
	challenge("c3", "dave", "bob", now.Add(2*time.Second))
	corr := store.DirectChallenge{ID: "k5", From: "gil", To: "fay", FromToken: "t-gil", Game: "kalah", Clock: "correspondence", Days: 7,
		Created: now, Expires: now.Add(14 * 24 * time.Hour), Status: store.ChallengePending}
	require.NoError(t, st.CreateChallenge(ctx, corr))
	got, err := st.ChallengesOf(ctx, []string{"fay"}, now)
	require.NoError(t, err)
	require.Equal(t, []store.DirectChallenge{corr}, got, "a correspondence challenge keeps its days")
	later := now.Add(5 * 24 * time.Hour)
	got, err = st.ChallengesOf(ctx, []string{"fay", "gil"}, later)
	require.NoError(t, err)
	require.Equal(t, []store.DirectChallenge{corr}, got, "listed while it waits, days after it was made")
	require.NoError(t, st.AnswerChallenge(ctx, "k5", "fay", true, "", SampleRoom("from-k5"), later))
	got, err = st.ChallengesOf(ctx, []string{"gil"}, later.Add(-time.Minute))
	require.NoError(t, err)
	require.Len(t, got, 1, "answered since: listed, for its challenger's pages")
	require.Equal(t, store.ChallengeAccepted, got[0].Status)
	got, err = st.ChallengesOf(ctx, []string{"gil"}, later.Add(time.Second))
	require.NoError(t, err)
	require.Empty(t, got, "answered before: no more")
	n, err := st.PendingFrom(ctx, "alice", now.Add(3*time.Second))
	require.NoError(t, err)
	require.Equal(t, 2, n)
	list, err := st.ChallengesOf(ctx, []string{"bob"}, now)
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, "c1", list[0].ID, "oldest first")
	require.Equal(t, "t-alice", list[0].FromToken)
	require.True(t, list[0].Rated)

	room := SampleRoom("from-c1")
	require.ErrorIs(t, st.AnswerChallenge(ctx, "c1", "carol", true, "", room, now.Add(time.Second)), store.ErrChallengeGone,
		"only the one challenged answers")
	_, err = sub.Store.Room(ctx, "from-c1")
	require.ErrorIs(t, err, store.ErrNotFound)

	var wg sync.WaitGroup
	var mu sync.Mutex
	accepted := 0
	for i := range 4 { // two pages of Bob's accept at once
		wg.Go(func() {
			r := SampleRoom("from-c1-" + string(rune('a'+i)))
			if st.AnswerChallenge(ctx, "c1", "bob", true, "", r, now.Add(time.Second)) == nil {
				mu.Lock()
				accepted++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	require.Equal(t, 1, accepted, "accepted once")
	list, err = st.ChallengesOf(ctx, []string{"alice"}, now)
	require.NoError(t, err)
	require.Equal(t, store.ChallengeAccepted, list[0].Status)
	_, err = sub.Store.Room(ctx, list[0].Room)
	require.NoError(t, err, "its room was made")

	require.NoError(t, st.AnswerChallenge(ctx, "c3", "bob", false, "later", nil, now.Add(time.Minute)))
	require.ErrorIs(t, st.AnswerChallenge(ctx, "c2", "carol", true, "", SampleRoom("late"), now.Add(3*time.Minute)), store.ErrChallengeGone,
		"expired")
	require.ErrorIs(t, st.CancelChallenge(ctx, "c3", "dave", now.Add(time.Minute)), store.ErrChallengeGone, "answered already")
	c4 := challenge("c4", "alice", "erin", now.Add(10*time.Second))
	require.ErrorIs(t, st.CancelChallenge(ctx, c4.ID, "bob", now.Add(time.Minute)), store.ErrChallengeGone, "only its maker cancels it")
	require.NoError(t, st.CancelChallenge(ctx, c4.ID, "alice", now.Add(time.Minute)))
	list, err = st.ChallengesOf(ctx, []string{"erin", "dave"}, now)
	require.NoError(t, err)
	status := map[string]string{}
	for _, c := range list {
		status[c.ID] = c.Status + " " + c.Reason
	}
	require.Equal(t, map[string]string{"c3": store.ChallengeDeclined + " later", "c4": store.ChallengeCancelled + " "}, status,
		"a decline keeps its reason")
	require.True(t, store.DirectChallenge{Status: store.ChallengePending, Expires: now}.Expired(now))
}
