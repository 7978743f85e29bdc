package bots_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

func botCount(t *testing.T, ts *webtest.Node) int {
	t.Helper()
	list, err := ts.Store.AllBots(t.Context(), 100)
	require.NoError(t, err)
	return len(list)
}

// TestBotAccounts: a signed-in person makes bots on /account; each
// token is shown once (only its hash is kept) and New token replaces it;
// names are usernames, at most five bots a person; a guest, another
// person or another site changes nothing; nobody logs in as a bot, nor
// uses /account with its token; every page marks the bot BOT.
func TestBotAccounts(t *testing.T) {
	ts := sitetest.New(t)
	alice := ts.SignedUp(t, "alice")
	_, doc := webtest.Get(t, alice, ts.URL+"/account")
	require.Equal(t, 1, doc.Find("form[data-testid=make-bot]").Length(), "the account page offers a bot")
	require.Zero(t, doc.Find("[data-testid=bot-token]").Length())

	resp, doc := webtest.Post(t, alice, ts.URL+"/account/bots", url.Values{"name": {"DeepKalah"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	token := doc.Find("[data-testid=bot-token]").AttrOr("value", "")
	require.True(t, strings.HasPrefix(token, accounts.TokenPrefix), token)
	require.Contains(t, doc.Find("[data-testid=bot-token-box]").Text(), "Copy it now: it is shown only this once.")
	mine, err := ts.Store.BotsOf(t.Context(), 1)
	require.NoError(t, err)
	require.Len(t, mine, 1)
	require.Equal(t, secret.Hash(token), mine[0].TokenHash, "only the token's hash is kept")
	require.NotContains(t, mine[0].TokenHash+mine[0].SeatHash+mine[0].PasswordHash, token)

	resp, doc = webtest.Get(t, alice, ts.URL+"/account")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "DeepKalah", doc.Find("[data-testid=my-bot] a").Text())
	require.Equal(t, 1, doc.Find("[data-testid=my-bot] [data-testid=bot]").Length())
	html, _ := doc.Html()
	require.NotContains(t, html, token, "shown once")

	ts.SignedUp(t, "bob")
	for _, tc := range []struct{ name, bot, want string }{
		{"empty", "", "Choose a name for your bot."},
		{"short", "ab", "A bot's name has at least 3 characters."},
		{"huge", strings.Repeat("x", 3000), "A bot's name has at most 20 characters."},
		{"malformed", "<b>bot</b>", "A bot's name may hold only letters"},
		{"a person's name", "BOB", "That name is taken; choose another."},
		{"a bot's name", "deepkalah", "That name is taken; choose another."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, doc := webtest.Post(t, alice, ts.URL+"/account/bots", url.Values{"name": {tc.bot}})
			require.Equal(t, http.StatusBadRequest, resp.StatusCode)
			require.Contains(t, doc.Find("[data-testid=bot-error]").Text(), tc.want)
			require.Zero(t, doc.Find("[data-testid=bot-token]").Length())
			require.Equal(t, 1, botCount(t, ts))
		})
	}
	resp, _ = webtest.Post(t, alice, ts.URL+"/account/bots", url.Values{"name": {strings.Repeat("x", 8000)}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a form too big to read")

	// Nobody else makes or renews a bot: a guest, another person, another site.
	guest := ts.Browser(t)
	resp, _ = webtest.Post(t, guest, ts.URL+"/account/bots", url.Values{"name": {"guestbot"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Equal(t, "/login?next=%2Faccount", resp.Header.Get("Location"))
	bob := ts.SignedUp(t, "bob2")
	for _, confirm := range []string{"", "yes"} {
		resp, doc = webtest.Post(t, bob, ts.URL+"/account/bots/token", url.Values{"name": {"DeepKalah"}, "confirm": {confirm}})
		require.Equal(t, http.StatusNotFound, resp.StatusCode)
		require.Zero(t, doc.Find("[data-testid=bot-token], [data-testid=bot-replace]").Length())
	}
	for _, path := range []string{"/account/bots", "/account/bots/token"} {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(url.Values{"name": {"DeepKalah"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := alice.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusForbidden, resp.StatusCode, "%s from another site", path)
	}
	require.Equal(t, 1, botCount(t, ts))
	found, err := ts.Store.BotByToken(t.Context(), secret.Hash(token))
	require.NoError(t, err, "the token stands")

	// A new token replaces the old one.
	resp, doc = webtest.Post(t, alice, ts.URL+"/account/bots/token", url.Values{"name": {"deepkalah"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	fresh := doc.Find("[data-testid=bot-token]").AttrOr("value", "")
	require.NotEmpty(t, fresh)
	require.NotEqual(t, token, fresh)
	_, err = ts.Store.BotByToken(t.Context(), secret.Hash(token))
	require.ErrorIs(t, err, store.ErrNotFound, "the old token is revoked")
	again, err := ts.Store.BotByToken(t.Context(), secret.Hash(fresh))
	require.NoError(t, err)
	require.Equal(t, found.SeatHash, again.SeatHash)

	// At most five.
	for _, name := range []string{"bot2", "bot3", "bot4", "bot5"} {
		ts.MakeBot(t, alice, name)
	}
	_, doc = webtest.Get(t, alice, ts.URL+"/account")
	require.Zero(t, doc.Find("form[data-testid=make-bot]").Length())
	require.Equal(t, 1, doc.Find("[data-testid=bots-full]").Length())
	resp, doc = webtest.Post(t, alice, ts.URL+"/account/bots", url.Values{"name": {"bot6"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Equal(t, "You have 5 bots, the most one person may have.", doc.Find("[data-testid=bot-error]").Text())
	require.Equal(t, 5, botCount(t, ts))

	// Nobody logs in as a bot; its token opens no page but its sockets.
	for _, password := range []string{"", "a long password", fresh} {
		resp, _ := webtest.Post(t, ts.Browser(t), ts.URL+"/login", webtest.Account("DeepKalah", password))
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		require.Nil(t, webtest.SessionCookie(resp))
	}
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/account", nil)
	req.Header.Set("Authorization", "Bearer "+fresh)
	resp, err = ts.Browser(t).Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a bot cannot use /account")

	// BOT, everywhere its name shows.
	_, doc = webtest.Get(t, guest, ts.URL+"/@/deepkalah")
	require.Equal(t, 1, doc.Find("[data-testid=bot-owner] [data-testid=bot]").Length())
	require.Equal(t, "/@/alice", doc.Find("[data-testid=bot-owner] a").First().AttrOr("href", ""))
	_, doc = webtest.Get(t, guest, ts.URL+"/@/alice")
	require.Zero(t, doc.Find("[data-testid=bot]").Length(), "a person is no bot")
	_, doc = webtest.Get(t, guest, ts.URL+"/bots")
	rows := doc.Find("[data-testid=bot-row]")
	require.Equal(t, 5, rows.Length())
	deep := doc.Find("[data-testid=bot-row][data-bot=DeepKalah]")
	require.Equal(t, 1, deep.Find("[data-testid=bot]").Length())
	require.Equal(t, "alice", deep.Find("td a").First().Text())
	require.Contains(t, deep.Text(), "No rated games yet")
}

// TestBotTokens: a bad, unknown or replaced token opens neither socket
// (401 before any upgrade) and changes nothing.
func TestBotTokens(t *testing.T) {
	ts := sitetest.New(t)
	alice := ts.SignedUp(t, "alice")
	old := ts.MakeBot(t, alice, "Robo")
	resp, doc := webtest.Post(t, alice, ts.URL+"/account/bots/token", url.Values{"name": {"Robo"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	token := doc.Find("[data-testid=bot-token]").AttrOr("value", "")
	resp, _ = ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"friend"}})
	room := resp.Header.Get("Location")

	for _, tc := range []struct {
		name   string
		header []string
	}{
		{"replaced", []string{"Bearer " + old}},
		{"unknown", []string{"Bearer " + accounts.NewBotToken()}},
		{"not a bot's", []string{"Bearer nope"}},
		{"empty", []string{"Bearer "}},
		{"no scheme", []string{token}},
		{"another scheme", []string{"Basic " + token}},
		{"huge", []string{"Bearer " + accounts.TokenPrefix + strings.Repeat("a", 5000)}},
		{"twice", []string{"Bearer " + token, "Bearer " + token}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/pool/ws?pool=kalah/fast", room + "/ws?format=json"} {
				ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
				_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+path,
					&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": tc.header}})
				cancel()
				require.Error(t, err, path)
				require.Equal(t, http.StatusUnauthorized, resp.StatusCode, path)
				require.Equal(t, `Bearer realm="boardroom"`, resp.Header.Get("WWW-Authenticate"))
			}
			require.Empty(t, ts.WaitingIn(t), "nobody waits")
		})
	}
	rec, err := ts.Store.Room(t.Context(), room[len("/r/"):])
	require.NoError(t, err)
	require.Equal(t, vocab.Free, rec.Seats[1].Kind, "the room is as it was")

	// The token that stands opens the pool's, as the bot.
	ts.BotEnters(t, token, "kalah/fast")
	require.Equal(t, []string{"kalah/fast"}, ts.WaitingIn(t))
}

// TestBotsInPools: a bot meets a person who lets quick pairing give them
// a bot, never one who does not; its seat is its account's, marked BOT,
// and the game is rated; the program plays the seat with its token; a bot
// that has begun its games of the hour is told when it may come back.
func TestBotsInPools(t *testing.T) {
	ts := sitetest.New(t)
	owner := ts.SignedUp(t, "owner")
	token := ts.MakeBot(t, owner, "Robo")
	bot := ts.BotEnters(t, token, "kalah/fast")
	bob := ts.PersonEnters(t, ts.SignedUp(t, "bob"), "kalah/fast", "")
	time.Sleep(700 * time.Millisecond)
	require.Equal(t, []string{"kalah/fast"}, ts.WaitingIn(t), "a person who does not want bots meets none")
	carolBrowser := ts.SignedUp(t, "carol")
	carol := ts.PersonEnters(t, carolBrowser, "kalah/fast", "&bots=1")
	room := bot.Next(10 * time.Second).Room
	require.NotEmpty(t, room, "the bot meets a person who wants bots")
	require.Equal(t, room, carol.Next(10*time.Second).Room)
	require.Equal(t, []string{"kalah/fast"}, ts.WaitingIn(t), "bob waits on")
	bob.WS.Close(websocket.StatusNormalClosure, "")

	rec, err := ts.Store.Room(t.Context(), room[len("/r/"):])
	require.NoError(t, err)
	require.True(t, rec.Rated, "a bot's game is rated")
	seat := 0
	if rec.Seats[1].Account == "Robo" {
		seat = 1
	}
	require.Equal(t, store.Seat{Kind: vocab.Human, TokenHash: rec.Seats[seat].TokenHash, Name: "Robo", Account: "Robo", BotAccount: true}, rec.Seats[seat])
	require.NotEqual(t, secret.Hash(token), rec.Seats[seat].TokenHash, "held by its seat hash, not its token's")
	_, doc := webtest.Get(t, carolBrowser, ts.URL+room)
	card := doc.Find(".player.seat" + strconv.Itoa(seat))
	require.Equal(t, 1, card.Find("[data-testid=bot]").Length(), "the bot's seat card says BOT")
	require.Equal(t, "/@/Robo", card.Find("[data-testid=holder-link]").AttrOr("href", ""))
	require.Zero(t, doc.Find(".player.seat"+strconv.Itoa(1-seat)+" [data-testid=bot]").Length())

	// The program holds the seat with its token.
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+room+"/ws?format=json",
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}})
	require.NoError(t, err)
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	_, b, err := ws.Read(ctx)
	require.NoError(t, err)
	require.Contains(t, string(b), `"you":[`+strconv.Itoa(seat)+`]`)

	// Its games of the hour: one played, 29 more, then no more for now.
	games, err := ts.Store.BotGames(t.Context(), "robo", time.Now().Add(-time.Hour))
	require.NoError(t, err)
	require.Len(t, games, 1)
	for range 29 {
		pairBotGame(t, ts, "Robo")
	}
	p, _, err := ts.DialPool(t, "pool=kalah/fast", http.Header{"Authorization": {"Bearer " + token}})
	require.NoError(t, err)
	m := p.Next(5 * time.Second)
	require.Regexp(t, `^This bot has begun 30 games in the last hour, the most a bot may; it may play again in (59|60) minutes\.$`, m.Error)
	require.InDelta(t, 3600, m.RetryAfter, 5)
	require.Empty(t, ts.WaitingIn(t))
}

// pairBotGame makes a game of the bot account now, as a pairing would.
func pairBotGame(t *testing.T, ts *webtest.Node, bot string) {
	t.Helper()
	ctx, at := t.Context(), time.Now()
	entry := func(player string, isBot bool) store.PoolEntry {
		return store.PoolEntry{ID: secret.Text(8), Pool: "amazons/slow", Player: "@" + player, TokenHash: secret.Text(8),
			Name: player, Account: player, Rating: 1500, Bot: isBot, Since: at, Ready: at, Seen: time.Now()}
	}
	a, b := entry(bot, true), entry("sparring"+secret.Text(4), false)
	require.NoError(t, ts.Store.EnterPool(ctx, a))
	require.NoError(t, ts.Store.EnterPool(ctx, b))
	_, err := ts.Store.PairPool(ctx, "amazons/slow", time.Time{}, func(es []store.PoolEntry) []store.PoolPair {
		r, err := match.PairedRecord("kalah", vocab.FastClock, 0, false,
			[2]store.Seat{{TokenHash: a.TokenHash, Account: bot, BotAccount: true}, {TokenHash: b.TokenHash}}, at)
		require.NoError(t, err)
		return []store.PoolPair{{A: a, B: b, Room: r}}
	})
	require.NoError(t, err)
}

// TestBotsOnTheLadders: a bot's rated games rate it like anyone; the
// leaderboards mark it BOT (and not the person it played), and /bots
// lists its ratings by game and speed, with its owner.
func TestBotsOnTheLadders(t *testing.T) {
	ts := sitetest.New(t)
	owner := ts.SignedUp(t, "owner")
	ts.MakeBot(t, owner, "Robo")
	ts.SignedUp(t, "bob")
	ctx := t.Context()
	for i := range 40 {
		r, err := match.PairedRecord("kalah", vocab.SlowClock, 0, true,
			[2]store.Seat{{TokenHash: "a", Account: "Robo", BotAccount: true}, {TokenHash: "b", Account: "bob"}}, time.Now())
		require.NoError(t, err)
		require.NoError(t, ts.Store.CreateRoom(ctx, r))
		robo := 0
		if r.Seats[1].Account == "Robo" {
			robo = 1
		}
		winner := robo
		if i%3 == 2 {
			winner = 1 - robo
		}
		_, err = ts.Store.SetResult(ctx, r.ID, store.Result{Over: true, Winner: winner, Reason: "more seeds"})
		require.NoError(t, err)
	}
	_, doc := webtest.Get(t, ts.Browser(t), ts.URL+"/players")
	board := doc.Find("[data-testid=leaderboard][data-game=kalah][data-speed=slow] [data-testid=leader]")
	require.Equal(t, 2, board.Length(), "both settled")
	require.Contains(t, board.Eq(0).Text(), "Robo")
	require.Equal(t, 1, board.Eq(0).Find("[data-testid=bot]").Length(), "the bot is marked")
	require.Zero(t, board.Eq(1).Find("[data-testid=bot]").Length(), "the person is not")

	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+"/bots")
	ratings := doc.Find("[data-testid=bot-row][data-bot=Robo] [data-testid=bot-rating]")
	require.Equal(t, 1, ratings.Length())
	require.Equal(t, "kalah", ratings.AttrOr("data-game", ""))
	require.Contains(t, ratings.Text(), "Kalah · Slow")
	require.Contains(t, ratings.Text(), "(40 games)")
}

// TestNewBotTokenAsksFirst: New token asks before it replaces a token (it
// disconnects the running program), on the page itself so that it holds
// without script; only the confirmed form replaces it (issue 42: it killed
// the running bot's token without asking).
func TestNewBotTokenAsksFirst(t *testing.T) {
	ts := sitetest.New(t)
	alice := ts.SignedUp(t, "alice")
	old := ts.MakeBot(t, alice, "Robo")

	resp, doc := webtest.Post(t, alice, ts.URL+"/account/bots/token", url.Values{"name": {"robo"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	question := doc.Find("[data-testid=bot-replace]")
	require.Contains(t, question.Text(), "A new token for Robo?")
	require.Contains(t, question.Text(), "disconnected")
	require.Equal(t, "yes", question.Find("form input[name=confirm]").AttrOr("value", ""))
	require.Equal(t, "Robo", question.Find("form input[name=name]").AttrOr("value", ""))
	require.Equal(t, 1, question.Find("[data-action=confirm-new-token]").Length())
	require.Equal(t, "/account", question.Find("[data-action=cancel-new-token]").AttrOr("href", ""))
	require.Zero(t, doc.Find("[data-testid=bot-token]").Length(), "no new token yet")
	_, err := ts.Store.BotByToken(t.Context(), secret.Hash(old))
	require.NoError(t, err, "the running bot's token stands")

	resp, doc = webtest.Post(t, alice, ts.URL+"/account/bots/token", url.Values{"name": {"Robo"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotEmpty(t, doc.Find("[data-testid=bot-token]").AttrOr("value", ""))
	_, err = ts.Store.BotByToken(t.Context(), secret.Hash(old))
	require.ErrorIs(t, err, store.ErrNotFound, "replaced once confirmed")
}
