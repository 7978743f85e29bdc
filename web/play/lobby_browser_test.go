package play_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// The lobby's part of issue 23 ("a newcomer's first ten minutes") in
// Chromium: the first screen, the lists' refresh and the dark theme.

// box is an element's place on the page: left, top, right, bottom (CSS
// px, from the top of the page), and whether it is shown.
type box struct {
	L, T, R, B float64
	Shown      bool
}

func (tb *tab) box(sel string) box {
	tb.T.Helper()
	return webtest.EvalJS[box](tb.Tab, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return {};
		const r = e.getBoundingClientRect();
		return {L: r.left, T: r.top + scrollY, R: r.right, B: r.bottom + scrollY, Shown: r.width > 0 && r.height > 0}; })()`, sel))
}

// inSight reports whether an element is shown in the first screen, and
// on top there (not covered) at its centre.
func (tb *tab) inSight(sel string) bool {
	tb.T.Helper()
	return webtest.EvalJS[bool](tb.Tab, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
		const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		return !!at && (at === e || e.contains(at)); })()`, sel))
}

// TestBrowserLobbyFirstScreen: a game against the computer is one click
// from the lobby's first screen on a desktop and a phone, and lands where
// the newcomer can move at once; on a desktop the form's submit is in
// sight too ("Create room" was at y = 1266 in a 900 px window); at 768 px
// the form's fields do not overlap and are of one height (Mode's select
// reached over "Your seat", and was 53 px tall against 36).
func TestBrowserLobbyFirstScreen(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, tc := range []struct {
		name          string
		width, height int
		submitInSight bool
	}{
		{"desktop", 1440, 900, true},
		{"tablet", 768, 1024, false},
		{"phone", 390, 844, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			browser := webtest.NewBrowser(t, tc.width, tc.height)
			me := newTab(t, browser, tc.name)
			me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
			require.True(t, me.inSight("[data-action=play-computer]"), "the one click to the computer, in the first screen")
			if tc.submitInSight {
				require.True(t, me.inSight("form[data-testid=new-room] button[type=submit]"), "the form's submit in sight")
			}
			require.Equal(t, "computer", webtest.EvalJS[string](me.Tab, `document.querySelector("select[name=mode]").value`),
				"the form starts against the computer, not waiting for a friend")

			// The fields of "How to play" side by side: none overlaps another, one height.
			fields := webtest.EvalJS[[]box](me.Tab, `Array.from(document.querySelectorAll(".how .field")).filter(f => f.offsetParent).map(f => {
				const c = f.querySelector("select, input[type=text]"); if (!c) return null;
				const r = c.getBoundingClientRect(); return {L: r.left, T: r.top, R: r.right, B: r.bottom, Shown: true}; }).filter(Boolean)`)
			require.GreaterOrEqual(t, len(fields), 4)
			for i, a := range fields {
				require.InDelta(t, fields[0].B-fields[0].T, a.B-a.T, 2, "field %d's height", i)
				for j, b := range fields[i+1:] {
					overlap := a.L < b.R-1 && b.L < a.R-1 && a.T < b.B-1 && b.T < a.B-1
					require.False(t, overlap, "fields %d and %d overlap: %+v %+v", i, i+1+j, a, b)
				}
			}
		})
	}

	// The click: the chosen game (Kalah) against the computer, on a phone,
	// and the newcomer moves at once.
	browser := webtest.NewBrowser(t, 390, 844)
	me := newTab(t, browser, "newcomer")
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	me.Click("[data-game-card=kalah]")
	me.Click("[data-action=play-computer]")
	me.Connected()
	require.Contains(t, me.Location(), "/r/")
	require.Contains(t, me.Text("#players"), "Computer")
	me.ClickCell(1, 3) // P1 sows house 3 into its store, and moves again
	me.WaitJS("the move made", `document.querySelectorAll("[data-testid=move]").length >= 1`)
}

// TestBrowserListsRefreshKeepsFocus: the lists' refresh keeps the
// keyboard's focus where it was (it fell to the page's body) and the
// page's scroll, announces nothing, and fetches and replaces nothing while
// the lists have not changed (they are fetched when the site's socket says
// they changed; they were polled every 4 s).
func TestBrowserListsRefreshKeepsFocus(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	alice := ts.Browser(t)
	resp, _ := ts.Create(t, alice, url.Values{"game": {"kalah"}, "mode": {"hotseat"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	id := strings.TrimPrefix(loc, "/r/")

	browser := webtest.NewBrowser(t, 1280, 700)
	me := newTab(t, browser, "keyboard")
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	link := fmt.Sprintf(`#watch a[data-room=%q]`, id)
	me.WaitShown(link)
	require.Empty(t, webtest.EvalJS[[]string](me.Tab, `Array.from(document.querySelectorAll("#watch [aria-live], #watch [role=status], #watch [role=alert]")).map(e => e.outerHTML)`),
		"the lists announce nothing")
	// Tab to the room, as a person would, from the last field before the lists.
	me.Run("focus the last field", chromedp.Focus(chromedp.CSS("form[data-testid=new-room] button[type=submit]")))
	for range 10 {
		if webtest.EvalJS[bool](me.Tab, `!!document.activeElement.closest("#watch")`) {
			break
		}
		me.Run("tab", chromedp.KeyEvent("\t"))
	}
	require.Equal(t, id, webtest.EvalJS[string](me.Tab, `document.activeElement.dataset.room || document.activeElement.tagName`), "tabbed to the room")
	webtest.EvalJS[bool](me.Tab, `(() => { window.scrollTo(0, 120); window.listsShown = document.querySelector("#watch"); window.fetches = 0;
		document.body.addEventListener("htmx:afterRequest", () => window.fetches++); return true; })()`)
	scrollY := webtest.EvalJS[float64](me.Tab, `scrollY`)

	time.Sleep(2 * time.Second) // eight of the server's checks
	require.Zero(t, webtest.EvalJS[int](me.Tab, `window.fetches`), "nothing changed, nothing fetched")
	require.True(t, webtest.EvalJS[bool](me.Tab, `document.querySelector("#watch") === window.listsShown`), "nothing changed, nothing replaced")

	// A move changes the lists: they are replaced, the focus stays on the room.
	ws, _, err := ts.DialRoom(t, alice, loc, ts.URL)
	require.NoError(t, err)
	defer ws.CloseNow()
	webtest.ReadFragment(t, ws)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(`{"cell":"1,1"}`)))
	webtest.ReadFragment(t, ws)
	me.WaitJSFor(20*time.Second, "the lists refreshed with the move", fmt.Sprintf(`(document.querySelector(%q)||{}).textContent.includes("1 move")`, link))
	require.False(t, webtest.EvalJS[bool](me.Tab, `document.querySelector("#watch") === window.listsShown`), "replaced")
	require.Equal(t, id, webtest.EvalJS[string](me.Tab, `document.activeElement.dataset.room || document.activeElement.tagName`), "the focus stays on the room")
	require.InDelta(t, scrollY, webtest.EvalJS[float64](me.Tab, `scrollY`), 1, "and the page where it was")
}

// TestBrowserLightBoardsInTheDarkTheme: the Angels & Devils board (and its
// card in the lobby) no longer glare white in the dark theme, and stay as
// they were in the light one.
func TestBrowserLightBoardsInTheDarkTheme(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	// The lightness (0–255) of a free square's colour, and the card picture's filter.
	square := `(() => { const c = getComputedStyle(document.querySelector("[data-testid=board].lattice [data-cell='5,5']")).backgroundColor
		.match(/\d+/g).map(Number); return (c[0] + c[1] + c[2]) / 3; })()`
	card := `getComputedStyle(document.querySelector("[data-game-card=angels] img")).filter`
	room := me.CreateRoom(ts.Node, map[string]string{"game": "angels", "mode": "hotseat"})
	require.Greater(t, webtest.EvalJS[float64](me.Tab, square), 230.0, "light theme: the board as it was")
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	require.Equal(t, "none", webtest.EvalJS[string](me.Tab, card))

	me.Run("system dark", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return chromedp.Void{}, err
	})
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	require.Contains(t, webtest.EvalJS[string](me.Tab, card), "brightness", "the card's picture dimmed")
	me.Open(room)
	require.Less(t, webtest.EvalJS[float64](me.Tab, square), 110.0, "dark theme: the board is dark too")
}
