package play_test

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// TestBrowserADirectChallenge: Bob, signed in on a phone, reads the lobby;
// Alice opens his page, sees him online, and challenges him; the challenge
// appears on Bob's lobby page; he accepts and both pages go to one room.
// Bob's page with the challenge and Alice's with the form pass axe in
// both themes.
func TestBrowserADirectChallenge(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	bob := newTab(t, webtest.NewBrowser(t, 390, 844), "bob")
	bob.Run("phone", chromedp.EmulateViewport(390, 844))
	bob.SignUpIn(ts.Node, "bob")
	bob.Run("the lobby", chromedp.Navigate(ts.URL+"/"))

	alice := newTab(t, webtest.NewBrowser(t, 1280, 900), "alice")
	alice.SignUpIn(ts.Node, "alice")
	alice.Run("Bob's page", chromedp.Navigate(ts.URL+"/@/bob"))
	alice.WaitShown("[data-testid=presence]")
	require.Equal(t, "Online now", alice.Text("[data-testid=presence]"))
	alice.Click("[data-action=challenge]")
	alice.WaitShown("form[data-testid=challenge]")
	failed := alice.AxeBothThemes("player page with the challenge form")
	alice.Run("choose and send", chromedp.SetValue(chromedp.CSS(`form[data-testid=challenge] [name=game]`), "amazons"),
		chromedp.SetValue(chromedp.CSS(`form[data-testid=challenge] [name=clock]`), "slow"),
		chromedp.Click(chromedp.CSS(`form[data-testid=challenge] [name=rated]`)),
		chromedp.Submit(chromedp.CSS(`form[data-testid=challenge]`)))
	alice.WaitShown("[data-testid=challenge-sent]")
	require.Contains(t, alice.Text("[data-testid=challenge-sent]"), "Game of the Amazons · Slow · Rated")

	bob.WaitJSFor(5*time.Second, "the challenge shown", `!!document.querySelector("[data-testid=challenge-incoming]")`)
	require.Contains(t, bob.Text("[data-testid=challenge-incoming]"), "challenges you: Game of the Amazons · Slow · Rated")
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "it fits a phone")
	bob.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "challenge-incoming-phone.png"))
	failed = append(failed, bob.AxeBothThemes("a page with a challenge")...)
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
	bob.Click("#site-notices [data-action=accept-challenge]")
	for _, tb := range []*tab{bob, alice} {
		tb.WaitJSFor(5*time.Second, "in the room", `location.pathname.startsWith("/r/") && !!document.querySelector(".player.yours")`)
	}
	require.Equal(t, alice.Location(), bob.Location(), "one room")
}

// TestBrowserTwoChallengesInARoomOnAPhone: Bob plays the computer on a
// phone; Alice and Carol challenge him. Both pop-ups show at once on his
// first screen, each with the challenger's rating and time left, and
// none of the room's buttons (Resign among them) is covered: the one
// under each button's centre is that button. The header counts both. The
// room with them and the header's list open passes axe in both themes.
func TestBrowserTwoChallengesInARoomOnAPhone(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	bob := newTab(t, webtest.NewBrowser(t, 390, 844), "bob")
	bob.Run("phone", chromedp.EmulateViewport(390, 844))
	bob.SignUpIn(ts.Node, "bob")
	bob.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "computer", "level": "beginner"})
	bob.ClickCell(1, 1)
	bob.WaitJS("the game is on, Resign offered", `document.querySelectorAll("[data-testid=move]").length >= 2 && !!document.querySelector("[data-action=resign]") && !!document.querySelector("[data-action=resign]").offsetParent`)

	for _, name := range []string{"alice", "carol"} {
		c := ts.SignedUp(t, name)
		webtest.Get(t, c, ts.URL+"/")
		resp, _ := webtest.Post(t, c, ts.URL+"/@/bob/challenge", url.Values{"game": {"amazons"}, "clock": {"fast"}, "rated": {"true"}})
		require.Equal(t, 200, resp.StatusCode)
	}
	bob.WaitJSFor(5*time.Second, "both challenges shown", `document.querySelectorAll("[data-testid=challenge-incoming]").length === 2`)
	require.Contains(t, bob.Text("[data-testid=challenges-count]"), "Challenges (2)")
	require.True(t, webtest.EvalJS[bool](bob.Tab, `[...document.querySelectorAll("[data-testid=challenge-incoming]")].every((b) => {
		const r = b.getBoundingClientRect();
		return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
	})`), "both whole on the first screen")
	require.Equal(t, []string{"1500?", "1500?"}, webtest.EvalJS[[]string](bob.Tab,
		`[...document.querySelectorAll("#site-notices [data-testid=challenger-rating]")].map((e) => e.textContent)`))
	require.Regexp(t, `\d:\d\d left`, bob.Text("#site-notices [data-testid=time-left]"))
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "no sideways scroll")
	bob.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "two-challenges-room-phone.png"))

	covered := webtest.EvalJS[[]string](bob.Tab, `(() => {
		const out = [];
		for (const b of document.querySelectorAll("#main button, #main a.button")) {
			if (!b.offsetParent) continue; // not shown
			b.scrollIntoView({ block: "center" });
			const r = b.getBoundingClientRect();
			const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			if (!at || !(b === at || b.contains(at))) out.push((b.dataset.action || b.textContent.trim()) + " under " + (at ? at.outerHTML.slice(0, 80) : "nothing"));
		}
		scrollTo(0, 0);
		return out;
	})()`)
	require.Empty(t, covered, "the room's controls are not covered")
	require.Greater(t, webtest.EvalJS[int](bob.Tab, `document.querySelectorAll("#main [data-action=resign]").length`), 0)
	bob.Click("[data-testid=challenges-count]") // the header's list, open
	failed := bob.AxeBothThemes("a room with two challenges")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}

// TestBrowserGamesInPlayAndLivePresence (issue 42): Alice, on her own
// page, sees her game in play with "Your turn" and goes to it; Bob, on
// a phone, reads Alice's page, which says without a reload that she came
// online and that she left. Both player pages, with a game listed, pass
// axe in both themes and fit their screens.
func TestBrowserGamesInPlayAndLivePresence(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	alice := newTab(t, webtest.NewBrowser(t, 1280, 900), "alice")
	alice.SignUpIn(ts.Node, "alice")
	bob := newTab(t, webtest.NewBrowser(t, 390, 844), "bob")
	bob.Run("phone", chromedp.EmulateViewport(390, 844))
	bob.SignUpIn(ts.Node, "bob")
	require.NoError(t, ts.Store.CreateRoom(t.Context(), storetestRoom("inplay1", "alice", "bob")))

	alice.Run("her own page", chromedp.Navigate(ts.URL+"/@/alice"))
	alice.WaitShown("[data-testid=game-in-play-row]")
	require.Equal(t, "Your games in play", alice.Text("#games-in-play-title"))
	require.Equal(t, "Your turn", alice.Text("[data-testid=game-in-play-row] [data-testid=turn].mine"))
	require.True(t, webtest.EvalJS[bool](alice.Tab, `document.querySelector("[data-testid=game-in-play-row] .turn.mine").offsetParent !== null`), "shown")
	failed := alice.AxeBothThemes("her own page with a game in play")
	alice.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "games-in-play-desktop.png"))

	bob.Run("his own page", chromedp.Navigate(ts.URL+"/@/bob"))
	bob.WaitShown("[data-testid=game-in-play-row]")
	require.Equal(t, "Waiting for alice", bob.Text("[data-testid=game-in-play-row] [data-testid=turn]"))
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.documentElement.scrollWidth <= window.innerWidth`), "it fits a phone")
	failed = append(failed, bob.AxeBothThemes("his own page with a game in play, on a phone")...)
	bob.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "games-in-play-phone.png"))
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	alice.Run("leave the site", chromedp.Navigate("about:blank"))
	bob.Run("Alice's page", chromedp.Navigate(ts.URL+"/@/alice"))
	webtest.EvalJS[bool](bob.Tab, `window.notReloaded = true`)
	bob.WaitJSFor(8*time.Second, "she is not online", `document.querySelector("[data-testid=presence]").textContent === "Not online"`)
	alice.Run("back to the site", chromedp.Navigate(ts.URL+"/@/alice"))
	alice.WaitShown("[data-action=play]")
	bob.WaitJSFor(5*time.Second, "she came online", `document.querySelector("[data-testid=presence]").textContent === "Online now"`)
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.querySelector("[data-testid=presence]").classList.contains("online")`))
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.querySelector("[data-testid=challenge-offline]").hidden`), "no note that she is away")
	alice.Click("[data-action=play]")
	alice.WaitJS("in her game", `location.pathname === "/r/inplay1" && !!document.querySelector(".player.yours")`)
	alice.Run("leave the site", chromedp.Navigate("about:blank"))
	bob.WaitJSFor(8*time.Second, "she went offline", `document.querySelector("[data-testid=presence]").textContent === "Not online"`)
	require.False(t, webtest.EvalJS[bool](bob.Tab, `document.querySelector("[data-testid=challenge-offline]").hidden`))
	require.True(t, webtest.EvalJS[bool](bob.Tab, `window.notReloaded === true`), "without a reload")
}
