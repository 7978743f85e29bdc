package play_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/webtest"
)

// The house bots: listed first on /bots as the site's own, always online,
// and a challenge to one is accepted at once, straight into a rated game
// against the computer under its account, while the house has room for
// another game.
func TestHouseBots(t *testing.T) {
	ts := newHouseServer(t, 1)
	alice := ts.SignedUp(t, "alice")
	_, doc := webtest.Get(t, alice, ts.URL+"/bots")
	rows := doc.Find("[data-testid=bot-row]")
	require.Equal(t, 3, rows.Length())
	require.Equal(t, "Boardroom-Beginner", rows.First().AttrOr("data-bot", ""), "the house first, in the levels' order")
	require.Equal(t, "true", rows.First().AttrOr("data-house", ""))
	require.Contains(t, rows.First().Text(), "The site's computer")
	require.Equal(t, "Boardroom-Medium", rows.Eq(1).AttrOr("data-bot", ""), "in the levels' order")
	require.Equal(t, 1, doc.Find("[data-testid=house-note]").Length())

	_, doc = webtest.Get(t, alice, ts.URL+"/@/Boardroom-Medium")
	require.Equal(t, "Computer · Medium", doc.Find("h1").Text(), "the house bot goes by one name: the computer's")
	require.Equal(t, "Computer · Beginner", rows.First().Find("th a").Text())
	require.Contains(t, doc.Find("[data-testid=house-bot]").Text(), "computer at its Medium level")
	require.Equal(t, "Online now", doc.Find("[data-testid=presence]").Text(), "a house bot is always there")
	require.Equal(t, 1, doc.Find("[data-action=challenge]").Length())

	webtest.Get(t, alice, ts.URL+"/") // her browser's token
	resp, _ := webtest.Post(t, alice, ts.URL+"/@/Boardroom-Medium/challenge", url.Values{"game": {"kalah"}, "clock": {"slow"}, "rated": {"true"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "accepted at once: straight to the game")
	room := resp.Header.Get("Location")
	require.True(t, strings.HasPrefix(room, "/r/"), room)
	rec, err := ts.Store.Room(context.Background(), strings.TrimPrefix(room, "/r/"))
	require.NoError(t, err)
	require.True(t, rec.Rated)
	var house store.Seat
	for _, s := range rec.Seats {
		if s.Kind == vocab.ComputerSeat {
			house = s
		}
	}
	require.Equal(t, "Boardroom-Medium", house.Account)
	require.Equal(t, vocab.Medium, house.Level)
	_, doc = webtest.Get(t, alice, ts.URL+room)
	require.Equal(t, 1, doc.Find(".player.yours").Length())
	// Alice's seat links to her page too, and which seat is hers is drawn
	// at random: the house's link is the one of the seat that is not hers.
	houseLink := doc.Find(".player:not(.yours) [data-testid=holder-link]")
	require.Contains(t, houseLink.Text(), "Computer · Medium", "named as every computer seat is")
	require.Equal(t, "/@/Boardroom-Medium", houseLink.AttrOr("href", ""), "its account's page")
	require.Equal(t, 1, doc.Find(".players [data-testid=bot]").Length(), "marked BOT")

	// The one house game allowed is in play: the next challenge is refused
	// in words, and nothing waits.
	bob := ts.SignedUp(t, "bob")
	webtest.Get(t, bob, ts.URL+"/")
	resp, doc = webtest.Post(t, bob, ts.URL+"/@/Boardroom-Difficult/challenge", url.Values{"game": {"kalah"}, "clock": {"slow"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Contains(t, doc.Find("[data-testid=challenge-error]").Text(), "The computer is playing as many rated games as it may just now: try again in a few minutes, or play it unrated")
}

// A bot's program on the site's socket: the bot is online while it is
// open, hears of the challenges to it as data, and accepting one gives it
// the room, where its account holds the seat, marked BOT.
func TestABotAnswersChallenges(t *testing.T) {
	ts := newTestServer(t)
	owner, bob := ts.SignedUp(t, "owner"), ts.SignedUp(t, "bob")
	token := ts.MakeBot(t, owner, "Deep")
	_, doc := webtest.Get(t, bob, ts.URL+"/@/Deep")
	require.Equal(t, "Not online", doc.Find("[data-testid=presence]").Text())
	require.Equal(t, 1, doc.Find("[data-action=challenge]").Length(), "a bot may be challenged")

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/site/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer not-a-token"}}})
	require.Error(t, err)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/site/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}})
	require.NoError(t, err)
	defer ws.CloseNow()
	bot := &webtest.SitePage{T: t, WS: ws}
	require.Eventually(t, func() bool {
		_, doc = webtest.Get(t, bob, ts.URL+"/@/Deep")
		return doc.Find("[data-testid=presence]").Text() == "Online now"
	}, 5*time.Second, 20*time.Millisecond, "the bot's program is there")

	webtest.Get(t, bob, ts.URL+"/")
	_, doc = webtest.Post(t, bob, ts.URL+"/@/Deep/challenge", url.Values{"game": {"kalah"}, "clock": {"fast"}, "rated": {"true"}})
	id := doc.Find("[data-testid=challenge-sent]").AttrOr("data-challenge", "")
	require.NotEmpty(t, id)
	m := bot.Until("the challenge reaches the bot", func(m webtest.SiteMessage) bool { return m.Challenges != nil && len(*m.Challenges) == 1 })
	require.Nil(t, m.Incoming, "a program is told in data, not HTML")
	c := (*m.Challenges)[0]
	require.Equal(t, webtest.SiteChallenge{ID: id, From: "bob", Game: "kalah", Clock: vocab.FastClock, Rated: true}, c)
	bot.Say(`{"accept":"` + id + `"}`)
	room := bot.Until("the bot is given the room", func(m webtest.SiteMessage) bool { return m.Go != "" }).Go
	rec, err := ts.Store.Room(context.Background(), strings.TrimPrefix(room, "/r/"))
	require.NoError(t, err)
	for _, s := range rec.Seats {
		if s.Account == "Deep" {
			require.True(t, s.BotAccount, "the bot's seat is marked")
			require.Equal(t, vocab.Human, s.Kind, "played by its program")
		}
	}
	games, err := ts.Store.BotGames(context.Background(), "Deep", time.Time{})
	require.NoError(t, err)
	require.Len(t, games, 1, "a challenge's game counts towards the bot's hourly games")
}

// The lobby's choice to meet bots says the computer plays too, where it
// does.
func TestTheLobbySaysTheHousePlays(t *testing.T) {
	for _, tc := range []struct {
		games int
		says  bool
	}{{1, true}, {0, false}} {
		ts := newHouseServer(t, tc.games)
		alice := ts.SignedUp(t, "alice")
		_, doc := webtest.Get(t, alice, ts.URL+"/")
		note := doc.Find(".pool-bots small").Text()
		require.Contains(t, note, "rated like anyone")
		require.Equal(t, tc.says, strings.Contains(note, "the computer itself plays you"), note)
	}
}

// The lobby's form offers a signed-in player a rated game against the
// computer: the house bot of the chosen level takes it at once. A guest's
// box does not count, and where the house does not play it is refused.
func TestARatedGameAgainstTheComputerFromTheLobby(t *testing.T) {
	ts := newHouseServer(t, 2)
	alice := ts.SignedUp(t, "alice")
	_, doc := webtest.Get(t, alice, ts.URL+"/")
	require.Equal(t, 1, doc.Find("form[data-testid=new-room] .for-against-computer input[name=house]").Length())
	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+"/")
	require.Zero(t, doc.Find("input[name=house]").Length(), "not for a guest")

	form := url.Values{"game": {"amazons"}, "mode": {"computer"}, "level": {"difficult"}, "clock": {"fast"}, "house": {"true"}}
	resp, body := ts.Create(t, alice, form)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, body)
	rec, err := ts.Store.Room(context.Background(), strings.TrimPrefix(resp.Header.Get("Location"), "/r/"))
	require.NoError(t, err)
	require.True(t, rec.Rated)
	require.Equal(t, vocab.Friend, rec.Mode, "a game between two accounts")
	var accounts []string
	for _, s := range rec.Seats {
		accounts = append(accounts, s.Account)
	}
	require.ElementsMatch(t, []string{"alice", "Boardroom-Difficult"}, accounts)

	guest := ts.Browser(t)
	resp, _ = ts.Create(t, guest, form)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	rec, err = ts.Store.Room(context.Background(), strings.TrimPrefix(resp.Header.Get("Location"), "/r/"))
	require.NoError(t, err)
	require.False(t, rec.Rated, "a guest's box does not count: an ordinary game against the computer")
	require.Equal(t, vocab.Computer, rec.Mode)

	off := newTestServer(t)
	bob := off.SignedUp(t, "bob")
	_, doc = webtest.Get(t, bob, off.URL+"/")
	require.Zero(t, doc.Find("input[name=house]").Length(), "no house, no box")
	resp, body = off.Create(t, bob, form)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Contains(t, body, "Rated games against the computer are not offered here.")
}
