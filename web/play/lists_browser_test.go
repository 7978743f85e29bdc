package play_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserListsArePushed: two lobbies, a guest's on a phone and a
// signed-in player's, see an open challenge appear and, once it is taken,
// leave, without polling: the pages fetch the lists when the site's socket
// says they changed (their fallback poll is a minute). It took 4.75 s when
// pages polled every 4 s a list cached for 3.
func TestBrowserListsArePushed(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	guest := newTab(t, webtest.NewBrowser(t, 390, 844), "guest")
	guest.Run("a guest's lobby", chromedp.Navigate(ts.URL+"/"))
	bea := newTab(t, webtest.NewBrowser(t, 1280, 900), "bea")
	bea.SignUpIn(ts.Node, "bea")
	bea.Run("Bea's lobby", chromedp.Navigate(ts.URL+"/"))
	lobbies := []*tab{guest, bea}
	for _, l := range lobbies {
		l.WaitShown("[data-testid=seeks]")
		l.WaitJS("the lists watched", `document.getElementById("watch").dataset.version !== ""`)
	}
	seeks := `document.querySelectorAll("[data-testid=seek]").length`
	require.Zero(t, webtest.EvalJS[int](guest.Tab, seeks))

	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	made := time.Now() // from the form's post, through the room's page loading
	loc := ann.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "open", "clock": "slow"})
	for _, l := range lobbies {
		l.WaitJSFor(3*time.Second, "the challenge listed", seeks+` === 1`)
	}
	listed := time.Since(made)

	cy := newTab(t, webtest.NewBrowser(t, 1280, 900), "cy")
	cy.Run("Cy takes the seat", chromedp.Navigate(loc))
	cy.Click("[data-action=join]")
	cy.WaitJS("seated", `!!document.querySelector(".player.yours")`)
	taken := time.Now()
	for _, l := range lobbies {
		l.WaitJSFor(3*time.Second, "the challenge gone", seeks+` === 0`)
		l.WaitJSFor(3*time.Second, "the game live", `document.querySelectorAll("#watch [data-testid=live-rooms] a[data-room]").length >= 1`)
	}
	t.Logf("an open challenge reached two lobbies within %v of its form being sent, and left them %v after its seat was taken", listed.Round(10*time.Millisecond), time.Since(taken).Round(10*time.Millisecond))
}
