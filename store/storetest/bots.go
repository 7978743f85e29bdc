package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// bots: a bot is an account with no password that its owner made; its
// name is taken among every account's, an owner may have only so many,
// its token finds it until it is replaced, and quick pairing counts its
// games as it makes them.
func bots(t *testing.T, sub Subject) {
	ctx := sub.Ctx
	st := sub.Store
	accounts := sub.Store
	now := time.UnixMilli(1_800_000_000_000)
	alice := &store.User{Name: "Alice", Key: "alice", PasswordHash: "$argon2id$x", Created: now}
	require.NoError(t, accounts.CreateUser(ctx, alice))
	bob := &store.User{Name: "bob", Key: "bob", PasswordHash: "h", Created: now}
	require.NoError(t, accounts.CreateUser(ctx, bob))

	bot := func(name string, owner *store.User, n int) *store.Bot {
		return &store.Bot{User: store.User{Name: name, Key: lower(name), Created: now.Add(time.Duration(n) * time.Second)},
			OwnerID: owner.ID, TokenHash: "token-" + name, TokenAt: now, SeatHash: "seat-" + name}
	}
	tests := []struct {
		name string
		bot  *store.Bot
		most int
		want error
	}{
		{"first", bot("Deep", alice, 1), 2, nil},
		{"second", bot("shallow", alice, 2), 2, nil},
		{"beyond the most", bot("third", alice, 3), 2, store.ErrTooManyBots},
		{"another owner's", bot("Bobbot", bob, 4), 2, nil},
		{"a person's name", bot("ALICE", bob, 5), 2, store.ErrTaken},
		{"a bot's name", bot("deep", bob, 6), 2, store.ErrTaken},
	}
	for _, tc := range tests {
		err := st.CreateBot(ctx, tc.bot, tc.most)
		if tc.want != nil {
			require.ErrorIs(t, err, tc.want, tc.name)
			continue
		}
		require.NoError(t, err, tc.name)
		require.NotZero(t, tc.bot.ID, tc.name)
	}
	_, err := accounts.UserByKey(ctx, "third")
	require.ErrorIs(t, err, store.ErrNotFound, "a bot refused leaves no account")

	mine, err := st.BotsOf(ctx, alice.ID)
	require.NoError(t, err)
	require.Len(t, mine, 2)
	require.Equal(t, "Deep", mine[0].Name, "oldest first")
	require.Equal(t, "Alice", mine[0].Owner)
	require.Equal(t, alice.ID, mine[0].OwnerID)
	require.Empty(t, mine[0].PasswordHash, "a bot has no password")
	require.Equal(t, "seat-Deep", mine[0].SeatHash)
	require.Equal(t, now, mine[0].TokenAt)

	all, err := st.AllBots(ctx, 10)
	require.NoError(t, err)
	var names []string
	for _, b := range all {
		names = append(names, b.Name)
	}
	require.Equal(t, []string{"Bobbot", "Deep", "shallow"}, names, "by name")
	all, err = st.AllBots(ctx, 1)
	require.NoError(t, err)
	require.Len(t, all, 1)

	got, err := st.BotByToken(ctx, "token-Deep")
	require.NoError(t, err)
	require.Equal(t, "Deep", got.Name)
	u, err := accounts.UserByKey(ctx, "deep")
	require.NoError(t, err, "a bot is an account")
	require.Equal(t, got.ID, u.ID)
	_, err = st.BotByToken(ctx, "nope")
	require.ErrorIs(t, err, store.ErrNotFound)
	got, err = st.BotByKey(ctx, "bobbot")
	require.NoError(t, err)
	require.Equal(t, "bob", got.Owner)
	_, err = st.BotByKey(ctx, "alice")
	require.ErrorIs(t, err, store.ErrNotFound, "a person is not a bot")

	// A new token: the old one no longer finds the bot; only its owner may.
	deep := mine[0]
	require.ErrorIs(t, st.SetBotToken(ctx, bob.ID, deep.ID, "stolen", now), store.ErrNotFound, "not bob's bot")
	require.NoError(t, st.SetBotToken(ctx, alice.ID, deep.ID, "token-Deep-2", now.Add(time.Hour)))
	_, err = st.BotByToken(ctx, "token-Deep")
	require.ErrorIs(t, err, store.ErrNotFound, "the old token is revoked")
	got, err = st.BotByToken(ctx, "token-Deep-2")
	require.NoError(t, err)
	require.Equal(t, now.Add(time.Hour), got.TokenAt)
	require.Equal(t, "seat-Deep", got.SeatHash, "its seats stay its own")

	named, err := st.BotsNamed(ctx, []string{"DEEP", "Alice", "nobody", "Shallow"})
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"DEEP": true, "Shallow": true}, named)

	// Quick pairing records a bot's games as it makes them.
	at := now.Add(2 * time.Hour)
	pools := sub.Store
	entry := func(id, player string, bot bool, since time.Time) store.PoolEntry {
		e := poolEntry(id, "kalah/fast", player, since)
		e.Account, e.Bot = player, bot
		return e
	}
	clock := at
	sub.SetNow(func() time.Time { return clock })
	pair := func(id string, created time.Time, a, b store.PoolEntry) {
		clock = created // the room's creation
		require.NoError(t, pools.EnterPool(ctx, a))
		require.NoError(t, pools.EnterPool(ctx, b))
		_, err := pools.PairPool(ctx, "kalah/fast", time.Time{}, func(entries []store.PoolEntry) []store.PoolPair {
			r := SampleRoom(id)
			r.Seats = [2]store.Seat{{Kind: "human", TokenHash: a.TokenHash, Account: a.Account, BotAccount: a.Bot},
				{Kind: "human", TokenHash: b.TokenHash, Account: b.Account, BotAccount: b.Bot}}
			return []store.PoolPair{{A: entries[0], B: entries[1], Room: r}}
		})
		require.NoError(t, err)
	}
	pair("bg1", at.Add(-25*time.Hour), entry("b1", "Deep", true, at), entry("b2", "shallow", true, at))
	pair("bg2", at.Add(-30*time.Minute), entry("b3", "Deep", true, at), entry("b4", "Alice", false, at))
	pair("bg3", at, entry("b5", "bob", false, at), entry("b6", "DEEP", true, at))
	games, err := st.BotGames(ctx, "deep", at.Add(-time.Hour))
	require.NoError(t, err)
	require.Equal(t, []time.Time{at.Add(-30 * time.Minute), at}, games, "the bot's games in the last hour, oldest first")
	games, err = st.BotGames(ctx, "Deep", time.Time{})
	require.NoError(t, err)
	require.Len(t, games, 2, "a game older than a day is forgotten")
	games, err = st.BotGames(ctx, "alice", time.Time{})
	require.NoError(t, err)
	require.Empty(t, games, "a person's games are not counted")
	games, err = st.BotGames(ctx, "shallow", time.Time{})
	require.NoError(t, err)
	require.Len(t, games, 1)
	room, err := sub.Store.Room(ctx, "bg2")
	require.NoError(t, err)
	require.True(t, room.Seats[0].BotAccount, "a seat says its account is a bot's")
	require.False(t, room.Seats[1].BotAccount)

	houseBots(t, sub, at)
}

// houseBots: a house bot owns itself and has no limit of bots; it is paired
// without waiting in the pool, and its games in play are counted until
// their room is over or silent.
func houseBots(t *testing.T, sub Subject, at time.Time) {
	ctx := sub.Ctx
	st := sub.Store
	pools := sub.Store
	house := &store.Bot{User: store.User{Name: "House-Medium", Key: "house-medium", Created: at},
		TokenHash: "token-house", TokenAt: at, SeatHash: "seat-house"}
	require.NoError(t, st.CreateBot(ctx, house, 0), "a house bot has no owner's limit")
	require.True(t, house.House())
	got, err := st.BotByKey(ctx, "house-medium")
	require.NoError(t, err)
	require.True(t, got.House(), "a house bot owns itself")
	require.Equal(t, "House-Medium", got.Owner)
	deep, err := st.BotByKey(ctx, "deep")
	require.NoError(t, err)
	require.False(t, deep.House())

	clock := at
	sub.SetNow(func() time.Time { return clock })
	pair := func(id, player string) {
		e := poolEntry("w-"+id, "kalah/fast", player, at)
		e.Account, e.Bot = player, true
		require.NoError(t, pools.EnterPool(ctx, e))
		h := poolEntry("house-"+id, "kalah/fast", "@house-medium", at)
		h.Account, h.Bot, h.House = "House-Medium", true, true
		pairs, err := pools.PairPool(ctx, "kalah/fast", time.Time{}, func(entries []store.PoolEntry) []store.PoolPair {
			require.Len(t, entries, 1, "a house bot does not wait in the pool")
			r := SampleRoom(id)
			r.Seats = [2]store.Seat{{Kind: "human", TokenHash: e.TokenHash, Account: player, BotAccount: true},
				{Kind: "bot", Level: "medium", Account: h.Account, BotAccount: true}}
			return []store.PoolPair{{A: entries[0], B: h, Room: r}}
		})
		require.NoError(t, err)
		require.Len(t, pairs, 1, "paired with the house bot")
		matched, err := pools.Matched(ctx, []string{e.ID, h.ID})
		require.NoError(t, err)
		require.Equal(t, map[string]string{e.ID: id}, matched, "the wait has its room")
	}
	pair("hg1", "Deep")
	pair("hg2", "shallow")
	inPlay := func(since time.Time) []store.GameInPlay {
		games, err := st.GamesInPlay(ctx, []string{"HOUSE-MEDIUM", "House-Nobody"}, since)
		require.NoError(t, err)
		return games
	}
	require.Equal(t, []store.GameInPlay{{Room: "hg1", Accounts: [2]string{"Deep", "House-Medium"}}, {Room: "hg2", Accounts: [2]string{"shallow", "House-Medium"}}},
		inPlay(at.Add(-10*time.Minute)), "each with its players")
	require.True(t, inPlay(at.Add(-10 * time.Minute))[0].Plays("DEEP"), "any case")
	require.False(t, inPlay(at.Add(-10 * time.Minute))[0].Plays("shallow"))
	require.False(t, inPlay(at.Add(-10 * time.Minute))[0].Plays(""), "no account plays no game")
	require.Empty(t, inPlay(at.Add(time.Minute)), "rooms silent since do not count")
	none, err := st.GamesInPlay(ctx, nil, time.Time{})
	require.NoError(t, err)
	require.Empty(t, none)
	require.NoError(t, ResultErr(sub.Store.SetResult(ctx, "hg1", store.Result{Over: true, Winner: 0, Reason: "done"})))
	require.Len(t, inPlay(at.Add(-10*time.Minute)), 1, "a game over no longer counts")
	games, err := st.BotGames(ctx, "house-medium", time.Time{})
	require.NoError(t, err)
	require.Len(t, games, 2, "the house bot's games are recorded as any bot's")

	// A challenge's game counts as a pairing's does.
	challenges := sub.Store
	c := store.DirectChallenge{ID: "hc1", From: "alice", To: "House-Medium", FromToken: "talice", Game: "kalah", Clock: "fast",
		Rated: true, Created: at, Expires: at.Add(time.Minute), Status: store.ChallengePending}
	require.NoError(t, challenges.CreateChallenge(ctx, c))
	r := SampleRoom("hg3")
	r.Seats = [2]store.Seat{{Kind: "human", TokenHash: "talice", Account: "alice"},
		{Kind: "bot", Level: "medium", Account: "House-Medium", BotAccount: true}}
	require.NoError(t, challenges.AnswerChallenge(ctx, c.ID, c.To, true, "", r, at))
	require.Equal(t, []store.GameInPlay{{Room: "hg2", Accounts: [2]string{"shallow", "House-Medium"}}, {Room: "hg3", Accounts: [2]string{"alice", "House-Medium"}}},
		inPlay(at.Add(-10*time.Minute)), "the challenge's game is in play")
	games, err = st.BotGames(ctx, "house-medium", time.Time{})
	require.NoError(t, err)
	require.Len(t, games, 3)
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
