package play_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserAnOpenChallenge: Bea waits in the lobby; Ann makes an open
// challenge; it appears in Bea's lobby without a reload, with Accept; Bea
// accepts and is seated as her page opens the room, and Ann's page, in the
// room, goes into play. The challenge leaves the lobby.
func TestBrowserAnOpenChallenge(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	bea := newTab(t, webtest.NewBrowser(t, 390, 844), "bea")
	bea.Run("the lobby on a phone", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/"))
	bea.WaitShown("[data-testid=seeks]")
	require.Zero(t, webtest.EvalJS[int](bea.Tab, `document.querySelectorAll("[data-testid=seek]").length`))

	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	loc := ann.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "open", "clock": "slow"})
	bea.WaitJSFor(10*time.Second, "the challenge listed", `document.querySelectorAll("[data-testid=seek]").length === 1`)
	require.Contains(t, bea.Text("[data-testid=seek]"), "Kalah")
	require.Contains(t, bea.Text("[data-testid=seek]"), "Slow · Casual")
	require.True(t, webtest.EvalJS[bool](bea.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "the list fits a phone")
	failed := bea.AxeBothThemes("lobby with an open challenge")
	require.Empty(t, failed)

	bea.Click("[data-action=accept-seek]")
	bea.WaitJSFor(10*time.Second, "seated", `!!document.querySelector(".player.yours")`)
	require.Equal(t, loc, bea.Location())
	require.NotContains(t, bea.Location(), "accept", "the address is the room's")
	ann.WaitJS("Ann's page in play", `document.querySelector("[data-testid=turn]").textContent === "Your move"`)
	bea.Run("the lobby again", chromedp.Navigate(ts.URL+"/"))
	bea.WaitShown("[data-testid=seeks]")
	require.Zero(t, webtest.EvalJS[int](bea.Tab, `document.querySelectorAll("[data-testid=seek]").length`), "taken: no longer listed")
}

// TestBrowserALinkDoesNotSeat: a link to a room with ?accept (which
// another site could put anywhere) opens the room with Join, and seats
// nobody without a click (it used to take the seat of a rated game for a
// signed-in visitor, whose abort then counted against them); the lobby's
// own Accept still seats the one who pressed it, at once.
func TestBrowserALinkDoesNotSeat(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	ann.SignUpIn(ts.Node, "ann")
	loc := ann.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "open", "clock": "slow"}, "rated")
	room := strings.TrimPrefix(loc, ts.URL+"/r/")

	bea := newTab(t, webtest.NewBrowser(t, 1280, 900), "bea")
	bea.SignUpIn(ts.Node, "bea")
	bea.Open(loc + "?accept")
	time.Sleep(time.Second) // the page clicked Join as it connected, when it did
	require.False(t, webtest.EvalJS[bool](bea.Tab, `!!document.querySelector(".player.yours")`), "not seated by a link")
	require.True(t, webtest.EvalJS[bool](bea.Tab, `document.querySelector("form[data-testid=join]").checkVisibility()`), "Join is offered")
	rec, err := ts.Store.Room(context.Background(), room)
	require.NoError(t, err)
	require.Empty(t, rec.Seats[1].Account, "the seat is free")

	bea.Run("the lobby", chromedp.Navigate(ts.URL+"/"))
	bea.WaitJSFor(10*time.Second, "the challenge listed", `document.querySelectorAll("[data-testid=seek]").length === 1`)
	bea.Click("[data-action=accept-seek]")
	bea.WaitJSFor(10*time.Second, "seated", `!!document.querySelector(".player.yours")`)
	require.Equal(t, loc, bea.Location())
}

// TestBrowserAGuestLogsInToAcceptARatedChallenge: a guest's lobby offers
// "Log in to accept" on a rated open challenge, and no Accept; logging in
// from it comes back to the challenge's room, where she takes the seat.
func TestBrowserAGuestLogsInToAcceptARatedChallenge(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	ann.SignUpIn(ts.Node, "ann")
	loc := ann.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "open", "clock": "slow"}, "rated")
	ts.SignedUp(t, "bea")
	bea := newTab(t, webtest.NewBrowser(t, 390, 844), "bea")
	bea.Run("the lobby on a phone, as a guest", chromedp.EmulateViewport(390, 844), chromedp.Navigate(ts.URL+"/"))
	bea.WaitJSFor(10*time.Second, "the challenge listed", `document.querySelectorAll("[data-testid=seek]").length === 1`)
	require.Contains(t, bea.Text("[data-testid=seek]"), "Slow · Rated")
	require.False(t, webtest.EvalJS[bool](bea.Tab, `!!document.querySelector("[data-action=accept-seek]").offsetParent`), "no Accept that cannot work")
	require.Empty(t, bea.AxeBothThemes("a guest's lobby with a rated open challenge"))
	bea.Click("[data-action=login-to-accept]")
	bea.Run("log in", chromedp.WaitVisible(chromedp.CSS(`form[data-testid=login]`)),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=username]`), "bea"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=login] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=login]`)))
	bea.WaitJSFor(10*time.Second, "back at the challenge", `location.pathname.startsWith("/r/")`)
	require.Equal(t, loc, bea.Location())
	bea.WaitShown("[data-action=join]")
}
