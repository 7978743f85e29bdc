package play_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/realtime"
	"boardroom/realtime/clocktest"
	"boardroom/realtime/match"
	"boardroom/web/webtest"
)

// houseChallenge challenges a house bot from c's browser with no clock,
// never opening the game; it returns the answer and the page.
func (ts *testServer) houseChallenge(t *testing.T, c *http.Client, bot string) (*http.Response, *goquery.Document) {
	t.Helper()
	webtest.Get(t, c, ts.URL+"/") // the browser's token
	return webtest.Post(t, c, ts.URL+"/@/"+bot+"/challenge", url.Values{"game": {"kalah"}, "clock": {"none"}, "rated": {"true"}})
}

// One account holds one house game at a time (four never-opened
// challenges took every game the house may play, for ten minutes, again
// and again): a second is refused, from a player's page or the lobby's
// form, in words that link the game in play; others still play; the game
// over, its player may play the computer again.
func TestOneHouseGameAPlayer(t *testing.T) {
	ts := newHouseServer(t, 4)
	alice := ts.SignedUp(t, "alice")
	resp, _ := ts.houseChallenge(t, alice, "Boardroom-Beginner")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	room := resp.Header.Get("Location")

	resp, doc := ts.houseChallenge(t, alice, "Boardroom-Medium")
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a second house game is refused")
	require.Contains(t, doc.Find("[data-testid=challenge-error]").Text(), "You are playing the computer already")
	require.Equal(t, room, doc.Find("[data-testid=challenge-error] [data-testid=game-in-play]").AttrOr("href", ""), "linked")

	resp, body := ts.Create(t, alice, url.Values{"game": {"amazons"}, "mode": {"computer"}, "level": {"beginner"}, "house": {"true"}})
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "the lobby's form too")
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	require.NoError(t, err)
	require.Contains(t, doc.Find("[data-testid=form-error]").Text(), "You are playing the computer already")
	require.Equal(t, room, doc.Find("[data-testid=form-error] [data-testid=game-in-play]").AttrOr("href", ""))

	bob := ts.SignedUp(t, "bob")
	resp, _ = ts.houseChallenge(t, bob, "Boardroom-Medium")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "another player still plays the computer")

	ts.OpenRoom(t, alice, room).Say(`{"action":"abort"}`)
	require.Eventually(t, func() bool {
		rec, err := ts.Store.Room(context.Background(), strings.TrimPrefix(room, "/r/"))
		return err == nil && rec.Over
	}, 5*time.Second, 20*time.Millisecond)
	resp, _ = ts.houseChallenge(t, alice, "Boardroom-Medium")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "her game over, she may play the computer again")
}

// A house game with no clock that its player never opens is aborted once
// its first move is late, like any rated game, and frees the house's slot.
func TestAnUnopenedHouseGameIsAborted(t *testing.T) {
	clock := clocktest.New()
	ts := newHouseServer(t, 1, func(c *realtime.Config) {
		c.Clock = clock
		c.IdleUnload = 1000 * time.Hour // the computer's first move may take a while under -race: the room stays
	})
	alice, bob := ts.SignedUp(t, "alice"), ts.SignedUp(t, "bob")
	resp, _ := ts.houseChallenge(t, alice, "Boardroom-Beginner")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	room := strings.TrimPrefix(resp.Header.Get("Location"), "/r/")

	resp, doc := ts.houseChallenge(t, bob, "Boardroom-Beginner")
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	require.Contains(t, doc.Find("[data-testid=challenge-error]").Text(), "playing as many rated games as it may", "the house's one game is Alice's")

	require.Eventually(t, func() bool { // the computer may move first: then Alice's wait starts after its move
		clock.Advance(match.FirstMoveWait)
		rec, err := ts.Store.Room(context.Background(), room)
		return err == nil && rec.Over
	}, 10*time.Second, 50*time.Millisecond)
	rec, err := ts.Store.Room(context.Background(), room)
	require.NoError(t, err)
	require.True(t, rec.Aborted)
	require.Contains(t, rec.Reason, "did not make a first move in time")

	resp, _ = ts.houseChallenge(t, bob, "Boardroom-Beginner")
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "the slot is free again")
}
