package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// incoming is the challenges box of a message.
func incoming(t *testing.T, m webtest.SiteMessage) *goquery.Selection {
	if m.Incoming == nil {
		return nil
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
	require.Contains(t, strings.Join(strings.Fields(box.Text()), " "), "alice 1500? challenges you: Kalah · Fast · Rated. 2:00 left")
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
