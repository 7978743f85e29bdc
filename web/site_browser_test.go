package web

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestBrowserADirectChallenge: Bob, signed in on a phone, reads the lobby;
// Alice opens his page, sees him online, and challenges him; the challenge
// appears on Bob's lobby page; he accepts and both pages go to one room.
// Bob's page with the challenge and Alice's with the form pass axe in
// both themes.
func TestBrowserADirectChallenge(t *testing.T) {
	ts := newTestServer(t)
	bob := newTab(t, newBrowser(t, 390, 844), "bob")
	bob.run("phone", chromedp.EmulateViewport(390, 844))
	bob.signUpIn(ts, "bob")
	bob.run("the lobby", chromedp.Navigate(ts.URL+"/"))

	alice := newTab(t, newBrowser(t, 1280, 900), "alice")
	alice.signUpIn(ts, "alice")
	alice.run("Bob's page", chromedp.Navigate(ts.URL+"/@/bob"))
	alice.waitShown("[data-testid=presence]")
	require.Equal(t, "Online now", alice.text("[data-testid=presence]"))
	alice.click("[data-action=challenge]")
	alice.waitShown("form[data-testid=challenge]")
	failed := alice.axeBothThemes("player page with the challenge form")
	alice.run("choose and send", chromedp.SetValue(chromedp.CSS(`form[data-testid=challenge] [name=game]`), "amazons"),
		chromedp.SetValue(chromedp.CSS(`form[data-testid=challenge] [name=clock]`), "slow"),
		chromedp.Click(chromedp.CSS(`form[data-testid=challenge] [name=rated]`)),
		chromedp.Submit(chromedp.CSS(`form[data-testid=challenge]`)))
	alice.waitShown("[data-testid=challenge-sent]")
	require.Contains(t, alice.text("[data-testid=challenge-sent]"), "Game of the Amazons · Slow · Rated")

	bob.waitJSFor(5*time.Second, "the challenge shown", `!!document.querySelector("[data-testid=challenge-incoming]")`)
	require.Contains(t, bob.text("[data-testid=challenge-incoming]"), "alice challenges you")
	require.True(t, evalJS[bool](bob, `document.documentElement.scrollWidth <= window.innerWidth`), "it fits a phone")
	bob.screenshot(filepath.Join(screenshotDir(t), "challenge-incoming-phone.png"))
	failed = append(failed, bob.axeBothThemes("a page with a challenge")...)
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
	bob.click("[data-action=accept-challenge]")
	for _, tb := range []*tab{bob, alice} {
		tb.waitJSFor(5*time.Second, "in the room", `location.pathname.startsWith("/r/") && !!document.querySelector(".player.yours")`)
	}
	require.Equal(t, alice.location(), bob.location(), "one room")
}
