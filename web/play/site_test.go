package play_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime"
	"boardroom/realtime/clocktest"
	"boardroom/realtime/match"
	"boardroom/store"
	"boardroom/store/storetest"
	"boardroom/web/webtest"
)

// incoming is the challenges box of a message (none in a message of
// something else: the count of games awaiting a move, a presence).
func incoming(t *testing.T, m webtest.SiteMessage) *goquery.Selection {
	if m.Incoming == nil {
		return &goquery.Selection{}
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(*m.Incoming))
	require.NoError(t, err)
	return doc.Find("[data-testid=challenge-incoming]")
}

// TestDirectChallenges: a player page shows whether its player is online
// and offers another signed-in player a challenge; the one challenged sees
// it on any open page and accepts or declines it; on accept both go to the
// room, the challenger sees a decline too; the bad ones are refused.
func TestDirectChallenges(t *testing.T) {
	ts := newTestServer(t)
	alice, bob := ts.SignedUp(t, "alice"), ts.SignedUp(t, "bob")
	_, doc := webtest.Get(t, alice, ts.URL+"/@/bob")
	require.Equal(t, "Not online", doc.Find("[data-testid=presence]").Text())
	webtest.Get(t, bob, ts.URL+"/") // his browser's token, as any visit gives it
	bobPage := ts.OpenSite(t, bob)
	require.Eventually(t, func() bool {
		_, doc = webtest.Get(t, alice, ts.URL+"/@/bob")
		return doc.Find("[data-testid=presence]").Text() == "Online now"
	}, 5*time.Second, 20*time.Millisecond, "a page of Bob's is open")
	require.Equal(t, 1, doc.Find("[data-action=challenge]").Length())
	require.Equal(t, 1, doc.Find("form[data-testid=challenge] select[name=game] option[value=kalah]").Length())
	_, doc = webtest.Get(t, alice, ts.URL+"/@/alice")
	require.Zero(t, doc.Find("[data-action=challenge]").Length(), "nobody challenges themselves")
	_, doc = webtest.Get(t, ts.Browser(t), ts.URL+"/@/bob")
	require.Zero(t, doc.Find("[data-action=challenge]").Length(), "guests do not challenge")

	webtest.Get(t, alice, ts.URL+"/") // her browser's token, as any visit gives it
	alicePage := ts.OpenSite(t, alice)
	send := func(form url.Values) (*http.Response, *goquery.Document) {
		return webtest.Post(t, alice, ts.URL+"/@/bob/challenge", form)
	}
	resp, doc := send(url.Values{"game": {"kalah"}, "clock": {"fast"}, "rated": {"true"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	sent := doc.Find("[data-testid=challenge-sent]")
	require.Contains(t, sent.Text(), "Kalah · Fast · Rated")
	id := sent.AttrOr("data-challenge", "")
	require.NotEmpty(t, id)

	m := bobPage.Until("the challenge reaches Bob", func(m webtest.SiteMessage) bool { return incoming(t, m).Length() == 1 })
	box := incoming(t, m)
	// The time left is drawn when the box is, a moment after the challenge
	// was made: under load, that moment may take it below 2:00.
	require.Regexp(t, `alice 1500\? challenges you: Kalah · Fast · Rated\. (2:00|1:[0-5]\d) left`, strings.Join(strings.Fields(box.Text()), " "))
	require.Equal(t, 1, box.Find("[data-action=accept-challenge]").Length())
	require.Equal(t, 1, box.Find("[data-action=decline-challenge]:not([data-reason])").Length())
	bobPage.Say(`{"accept":"` + id + `"}`)
	room := bobPage.Until("Bob goes to the game", func(m webtest.SiteMessage) bool { return m.Go != "" }).Go
	require.Equal(t, room, alicePage.Until("Alice goes too", func(m webtest.SiteMessage) bool { return m.Go != "" }).Go)
	_, doc = webtest.Get(t, alice, ts.URL+room)
	require.Equal(t, 1, doc.Find(".player.yours").Length())
	require.Equal(t, 1, doc.Find("[data-testid=rated]").Length())
	_, doc = webtest.Get(t, bob, ts.URL+room)
	require.Equal(t, 1, doc.Find(".player.yours").Length())
	bobPage.Say(`{"accept":"` + id + `"}`)
	require.Equal(t, "That challenge is no longer open.", bobPage.Until("accepted once", func(m webtest.SiteMessage) bool { return m.Error != "" }).Error)
	// A page Alice opens once the game has begun (the lobby, say) is told
	// what became of her challenge, and stays where it is.
	later := ts.OpenSite(t, alice)
	m = later.Until("her challenges", func(m webtest.SiteMessage) bool { return len(m.Outgoing) > 0 })
	require.Empty(t, m.Go, "a page opened after the game began is not sent to it")

	// A decline reaches the challenger.
	_, doc = send(url.Values{"game": {"amazons"}, "clock": {"none"}})
	id = doc.Find("[data-testid=challenge-sent]").AttrOr("data-challenge", "")
	bobPage.Until("the second challenge", func(m webtest.SiteMessage) bool { return incoming(t, m).Length() == 1 })
	bobPage.Say(`{"decline":"` + id + `","reason":"later"}`)
	alicePage.Until("declined, with its reason", func(m webtest.SiteMessage) bool {
		for _, o := range m.Outgoing {
			if o.ID == id && o.Status == "declined" && o.Reason == "Not now" {
				return true
			}
		}
		return false
	})

	// Refusals.
	resp, doc = send(url.Values{"game": {"chess"}, "clock": {"fast"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.NotEmpty(t, doc.Find("[data-testid=challenge-error]").Text())
	resp, doc = webtest.Post(t, alice, ts.URL+"/@/alice/challenge", url.Values{"game": {"kalah"}, "clock": {"fast"}})
	require.Equal(t, "You cannot challenge yourself.", doc.Find("[data-testid=challenge-error]").Text())
	for _, g := range []string{"kalah", "amazons", "angels"} {
		resp, _ = send(url.Values{"game": {g}, "clock": {"slow"}})
		require.Equal(t, http.StatusOK, resp.StatusCode)
	}
	_, doc = send(url.Values{"game": {"bishops"}, "clock": {"slow"}})
	require.Contains(t, doc.Find("[data-testid=challenge-error]").Text(), "3 challenges waiting")
	resp, _ = webtest.Post(t, ts.Browser(t), ts.URL+"/@/bob/challenge", url.Values{"game": {"kalah"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a guest is sent to log in")
	resp, err := ts.Browser(t).Get(ts.URL + "/site/ws")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)

	bobPage.WS.Close(websocket.StatusGoingAway, "")
	require.Eventually(t, func() bool {
		_, doc = webtest.Get(t, alice, ts.URL+"/@/bob")
		return doc.Find("[data-testid=presence]").Text() == "Not online"
	}, 5*time.Second, 20*time.Millisecond, "Bob's page closed")
}

// TestSentChallengesStay: a challenge sent stays on the challenged
// player's page across reloads, with Cancel, and in the header of every
// page of both players (Cancel; Accept and Decline, with the challenger's
// rating), with its time left; a second one in the same game is refused
// in words and makes no second pop-up; the buttons work without script.
func TestSentChallengesStay(t *testing.T) {
	ts := newTestServer(t)
	alice, bob := ts.SignedUp(t, "alice"), ts.SignedUp(t, "bob")
	webtest.Get(t, alice, ts.URL+"/")
	webtest.Get(t, bob, ts.URL+"/")
	_, doc := webtest.Get(t, alice, ts.URL+"/@/bob")
	require.Contains(t, doc.Find("[data-testid=challenge-offline]").Text(), "bob is not online now",
		"said before sending to one offline")
	resp, doc := webtest.Post(t, alice, ts.URL+"/@/bob/challenge", url.Values{"game": {"kalah"}, "clock": {"fast"}, "rated": {"true"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, doc.Find("[data-testid=challenge-sent-offline]").Text(), "bob is not online", "and after")
	id := doc.Find("[data-testid=challenge-sent]").AttrOr("data-challenge", "")
	require.NotEmpty(t, id)

	_, doc = webtest.Get(t, alice, ts.URL+"/@/bob") // a reload
	sent := doc.Find("[data-testid=challenge-sent]")
	require.Equal(t, id, sent.AttrOr("data-challenge", ""), "the reload keeps it")
	require.Equal(t, "/challenges/"+id+"/cancel", sent.Find("[data-action=cancel-challenge]").Closest("form").AttrOr("action", ""))
	require.Regexp(t, `^[12]:\d\d left$`, sent.Find("[data-testid=time-left]").Text())

	_, doc = webtest.Get(t, alice, ts.URL+"/rules") // any page's header
	require.Equal(t, "Challenges (1)", doc.Find("[data-testid=challenges-count]").Text())
	require.Contains(t, doc.Find("[data-testid=challenges-menu] [data-testid=challenge-row]").Text(), "To bob: Kalah · Fast · Rated.")
	require.Equal(t, 1, doc.Find("[data-testid=challenges-menu] [data-action=cancel-challenge]").Length())
	_, doc = webtest.Get(t, bob, ts.URL+"/rules")
	row := doc.Find("[data-testid=challenges-menu] [data-testid=challenge-row]")
	require.Contains(t, strings.Join(strings.Fields(row.Text()), " "), "From alice 1500?: Kalah · Fast · Rated.")
	require.Equal(t, 1, row.Find("[data-action=accept-challenge]").Length())
	require.Equal(t, 1, row.Find("[data-action=decline-challenge]:not([data-reason])").Length())
	_, doc = webtest.Get(t, bob, ts.URL+"/@/bob")
	require.Equal(t, 1, doc.Find("[data-testid=my-challenges] [data-testid=challenge-row]").Length(), "on his own page")

	bobPage := ts.OpenSite(t, bob)
	bobPage.Until("the challenge reaches Bob", func(m webtest.SiteMessage) bool { return incoming(t, m).Length() == 1 })
	resp, doc = webtest.Post(t, alice, ts.URL+"/@/bob/challenge", url.Values{"game": {"kalah"}, "clock": {"slow"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Equal(t, "You have challenged bob to this game already, and that challenge waits for their answer. "+
		"You may cancel it here, or in Challenges at the top of the page.", doc.Find("[data-testid=challenge-error]").Text())
	require.Equal(t, 1, doc.Find("[data-testid=challenge-sent]").Length(), "the waiting one, with its Cancel")
	n, err := ts.Store.PendingFrom(t.Context(), "alice", time.Now())
	require.NoError(t, err)
	require.Equal(t, 1, n, "no second pending challenge")

	resp, _ = webtest.Post(t, alice, ts.URL+"/challenges/"+id+"/cancel", url.Values{})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = webtest.Get(t, alice, ts.URL+"/@/bob")
	require.Zero(t, doc.Find("[data-testid=challenge-sent]").Length())
	require.Zero(t, doc.Find("[data-testid=challenges-count]").Length(), "none waiting: no list")
	bobPage.Until("withdrawn", func(m webtest.SiteMessage) bool { return incoming(t, m).Length() == 0 })
}

// inPlay is the games-in-play rows of a player page.
func inPlay(doc *goquery.Document) *goquery.Selection {
	return doc.Find("[data-testid=games-in-play] [data-testid=game-in-play-row]")
}

// TestGamesInPlayOnThePlayersPage (issue 42, bug 3): a signed-in
// player's games in play are on their own page, from the moment the
// challenge is accepted (nobody has moved yet), each with its opponent,
// clock, rating, whose turn ("Your turn"), moves and a link to play;
// others see them as "Playing now", to watch, but never a private one;
// a game aborted because a first move never came leaves the list.
func TestGamesInPlayOnThePlayersPage(t *testing.T) {
	clock := clocktest.New()
	ts := newTestServer(t, func(c *realtime.Config) { c.Clock = clock; c.IdleUnload = 1000 * time.Hour })
	alice, bob, carol := ts.SignedUp(t, "alice"), ts.SignedUp(t, "bob"), ts.Browser(t)
	_, doc := webtest.Get(t, alice, ts.URL+"/@/alice")
	require.Equal(t, "Your games in play", doc.Find("#games-in-play-title").Text())
	require.Equal(t, "You have no game going on. Start one from the lobby, or challenge a player from their page.",
		doc.Find("[data-testid=no-games-in-play]").Text())
	_, doc = webtest.Get(t, carol, ts.URL+"/@/alice")
	require.Equal(t, "alice has no game to watch just now.", doc.Find("[data-testid=no-games-in-play]").Text())

	webtest.Get(t, alice, ts.URL+"/")
	webtest.Get(t, bob, ts.URL+"/")
	_, doc = webtest.Post(t, alice, ts.URL+"/@/bob/challenge", url.Values{"game": {"kalah"}, "clock": {"none"}, "rated": {"true"}})
	id := doc.Find("[data-testid=challenge-sent]").AttrOr("data-challenge", "")
	require.NotEmpty(t, id)
	resp, _ := webtest.Post(t, bob, ts.URL+"/challenges/"+id+"/accept", url.Values{})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	room := strings.TrimPrefix(resp.Header.Get("Location"), "/r/")
	require.NotEmpty(t, room)
	private := storetestRoom("hidden", "alice", "dave")
	private.Private = true
	require.NoError(t, ts.Store.CreateRoom(t.Context(), private))

	// Who moves first is drawn when the challenge is accepted.
	rec, err := ts.Store.Room(t.Context(), room)
	require.NoError(t, err)
	first, second, firstName, secondName := alice, bob, "alice", "bob"
	if rec.Seats[0].Account != "alice" {
		first, second, firstName, secondName = bob, alice, "bob", "alice"
	}

	text := func(s *goquery.Selection) string { return strings.Join(strings.Fields(s.Text()), " ") }
	_, doc = webtest.Get(t, alice, ts.URL+"/@/alice")
	rows := inPlay(doc)
	require.Equal(t, 2, rows.Length(), "her game, and her private one, on her own page")
	_, doc = webtest.Get(t, first, ts.URL+"/@/"+firstName)
	row := inPlay(doc).Filter("[data-room='" + room + "']")
	require.Equal(t, "Kalah against "+secondName+" Your turn", text(row.Find(".in-play-title")), "nobody has moved: the first mover's turn")
	require.Equal(t, "/@/"+secondName, row.Find(".in-play-title a[href^='/@/']").AttrOr("href", ""), "the opponent linked")
	require.True(t, row.HasClass("your-turn"))
	require.Equal(t, 1, row.Find("[data-testid=turn].mine").Length())
	require.Equal(t, "No clock · Rated · 0 moves · started just now", text(row.Find("[data-testid=in-play-terms]")))
	require.Equal(t, "/r/"+room, row.Find("[data-action=play]").AttrOr("href", ""))
	_, doc = webtest.Get(t, second, ts.URL+"/@/"+secondName)
	row = inPlay(doc).Filter("[data-room='" + room + "']")
	require.Equal(t, "Kalah against "+firstName+" Waiting for "+firstName, text(row.Find(".in-play-title")))
	require.False(t, row.HasClass("your-turn"))

	ts.OpenRoom(t, first, "/r/"+room).Say(`{"cell":"1,1"}`) // the first move: the other's turn
	_, doc = webtest.Get(t, second, ts.URL+"/@/"+secondName)
	row = inPlay(doc).Filter("[data-room='" + room + "']")
	require.Equal(t, "Your turn", row.Find("[data-testid=turn]").Text())
	require.Contains(t, text(row.Find("[data-testid=in-play-terms]")), "· 1 move ·")

	_, doc = webtest.Get(t, carol, ts.URL+"/@/alice")
	require.Equal(t, "Playing now", doc.Find("#games-in-play-title").Text())
	rows = inPlay(doc)
	require.Equal(t, 1, rows.Length(), "a guest sees what the lobby lists: not the private room")
	require.Equal(t, "Kalah against bob "+secondName+" to move", text(rows.Find(".in-play-title")))
	require.Equal(t, "/r/"+room, rows.Find("[data-action=watch]").AttrOr("href", ""), "to watch")
	require.Zero(t, rows.Find("[data-action=play]").Length())

	require.Eventually(t, func() bool { // the second never makes their first move
		clock.Advance(match.FirstMoveWait)
		rec, err := ts.Store.Room(t.Context(), room)
		return err == nil && rec.Over
	}, 10*time.Second, 50*time.Millisecond)
	rec, err = ts.Store.Room(t.Context(), room)
	require.NoError(t, err)
	require.True(t, rec.Aborted, "aborted like any game whose first move never came")
	_, doc = webtest.Get(t, bob, ts.URL+"/@/bob") // Bob's only game was this one
	require.Zero(t, inPlay(doc).Length(), "an aborted game is no longer in play")
	require.Equal(t, "You have no game going on. Start one from the lobby, or challenge a player from their page.",
		doc.Find("[data-testid=no-games-in-play]").Text())
}

// storetestRoom is a Kalah room between two accounts, nobody to move yet.
func storetestRoom(id, first, second string) *store.Room {
	r := storetest.SampleRoom(id)
	r.Seats[0].Account, r.Seats[0].Name = first, first
	r.Seats[1].Account, r.Seats[1].Name = second, second
	return r
}

// TestPresenceOnTheSiteSocket (issue 42): a player page's socket asks to
// watch its player and is told their presence at once, then as they come
// online and go offline; a name too long to be anyone's is not watched.
func TestPresenceOnTheSiteSocket(t *testing.T) {
	ts := newTestServer(t)
	alice, bob := ts.SignedUp(t, "alice"), ts.SignedUp(t, "bob")
	_, doc := webtest.Get(t, bob, ts.URL+"/@/alice")
	require.Equal(t, "alice", doc.Find("[data-testid=presence]").AttrOr("data-presence-of", ""), "what the page watches")
	require.Equal(t, "polite", doc.Find("[data-testid=presence]").AttrOr("aria-live", ""))
	require.False(t, doc.Find("[data-testid=challenge-offline]").Is("[hidden]"), "she is not online: said")
	watcher := ts.OpenSite(t, bob)
	watcher.Say(`{"watch":"` + strings.Repeat("a", 41) + `"}`)
	watcher.Say(`{"watch":"alice"}`)
	presence := func(what string, online bool) {
		t.Helper()
		m := watcher.Until(what, func(m webtest.SiteMessage) bool { return m.Presence != nil })
		require.Equal(t, webtest.SitePresence{Account: "alice", Online: online}, *m.Presence, what)
	}
	presence("her presence now", false)
	page := ts.OpenSite(t, alice)
	presence("she came", true)
	_, doc = webtest.Get(t, bob, ts.URL+"/@/alice")
	require.True(t, doc.Find("[data-testid=challenge-offline]").Is("[hidden]"), "the note is there for the script, hidden while she is online")
	page.WS.Close(websocket.StatusGoingAway, "")
	presence("she left", false)
}
