package events_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestBrowserAnArena (issue 40): Ann makes a Kalah arena starting now
// through the form; Bea (on a phone) and Cat join from their browsers;
// the director pairs them, and Bea's event page goes to the game by
// itself; the game ends (each moves, then one resigns) and Ann's event
// page, open all along and never reloaded, shows the winner's two points;
// paired again, both go from the finished game to the next by themselves.
// The list, the form and the event's page pass axe in both themes; the
// event's page fits a phone.
func TestBrowserAnArena(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	desktop, phone := webtest.NewBrowser(t, 1280, 900), webtest.NewBrowser(t, 390, 844)
	ann, bea, cat := webtest.NewTab(t, desktop, "ann"), webtest.NewTab(t, phone, "bea"), webtest.NewTab(t, desktop, "cat")
	ann.SignUpIn(n, "Ann")
	bea.SignUpIn(n, "Bea")
	cat.SignUpIn(n, "Cat")
	axe := func(tb *webtest.Tab, page string) {
		t.Helper()
		failed := tb.AxeBothThemes(page)
		require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
	}
	shots := webtest.ScreenshotDir(t)

	ann.Run("the events", chromedp.Navigate(n.URL+"/tournaments"))
	axe(ann, "the events")
	ann.Click("[data-testid=create-event]")
	ann.WaitShown("form[data-testid=tournament-form]")
	axe(ann, "the event form")
	ann.Run("fill the form",
		chromedp.SetValue(chromedp.CSS(`select[name=game]`), "kalah"),
		chromedp.SetValue(chromedp.CSS(`select[name=clock]`), "fast"),
		chromedp.SetValue(chromedp.CSS(`input[name=minutes]`), "10"),
		chromedp.SetValue(chromedp.CSS(`input[name=start]`), "0"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=tournament-form]`)))
	ann.WaitJS("the event's page", `location.pathname.startsWith("/t/")`)
	event := webtest.EvalJS[string](ann, `location.pathname`)
	ann.WaitJS("under way", `document.querySelector("[data-testid=event-status]").dataset.status === "started"`)
	webtest.EvalJS[bool](ann, `window.neverReloaded = true`)
	require.Contains(t, ann.Text("h1"), "Kalah Arena")
	require.Contains(t, ann.Text("[data-testid=event-rules]"), "two wins in a row")

	for _, path := range []string{"/tournaments", "/tournaments/new"} {
		bea.Run(path+" on a phone", chromedp.Navigate(n.URL+path))
		require.True(t, webtest.EvalJS[bool](bea, `document.documentElement.scrollWidth <= innerWidth`), "%s fits a phone", path)
		require.True(t, webtest.EvalJS[bool](bea, `[...document.querySelectorAll(".table-wrap")].every(w => w.scrollWidth <= w.clientWidth)`),
			"%s: its tables fit a phone", path)
		bea.Screenshot(filepath.Join(shots, "events"+strings.ReplaceAll(strings.TrimPrefix(path, "/tournaments"), "/", "-")+"-phone.png"))
	}
	bea.Run("the event", chromedp.Navigate(n.URL+event))
	bea.Click("[data-action=join-tournament]")
	bea.WaitShown("[data-action=leave-tournament]")
	bea.WaitJS("Bea in the standings", `!!document.querySelector("[data-testid=standing][data-player=Bea]")`)
	require.True(t, webtest.EvalJS[bool](bea, `document.documentElement.scrollWidth <= innerWidth`), "the event's page fits a phone")
	bea.Screenshot(filepath.Join(shots, "event-phone.png"))
	axe(bea, "the event's page on a phone")
	ann.WaitJS("Bea on Ann's page, live", `!!document.querySelector("[data-testid=standing][data-player=Bea]")`)

	cat.Run("the event", chromedp.Navigate(n.URL+event))
	cat.Click("[data-action=join-tournament]")
	bea.WaitJS("Bea's page goes to her game by itself", `location.pathname.startsWith("/r/") && !!document.querySelector("[data-testid=board]")`)
	room := bea.Location()
	// Cat's page came back from Join after the pairing, or before it.
	cat.WaitJS("Cat's game", `location.pathname.startsWith("/r/") || !!document.querySelector("[data-testid=tournament-game]")`)
	if !strings.HasPrefix(webtest.EvalJS[string](cat, `location.pathname`), "/r/") {
		require.Equal(t, room, webtest.EvalJS[string](cat, `document.querySelector("[data-testid=tournament-game]").href`))
		cat.Click("[data-testid=tournament-game]")
	}
	cat.WaitJS("Cat in the room", `location.pathname.startsWith("/r/") && !!document.querySelector("[data-testid=board]")`)
	require.Equal(t, room, cat.Location(), "one game")
	require.Equal(t, event, webtest.EvalJS[string](bea, `new URL(document.querySelector("[data-testid=event-link]").href).pathname`),
		"the game links its event")
	bea.WaitShown("[data-action=berserk]")
	require.False(t, webtest.EvalJS[bool](bea, `!!document.querySelector("[data-action=undo], [data-action=load]")`),
		"no takeback or load drawn in an event's game")
	bea.Screenshot(filepath.Join(shots, "arena-game-phone.png"))
	require.True(t, webtest.EvalJS[bool](bea, `document.documentElement.scrollWidth <= innerWidth`), "an arena's game fits a phone")
	axe(bea, "an arena's game on a phone, berserk offered")
	ann.WaitJS("both playing, on Ann's page", `document.querySelectorAll("[data-testid=standing] [data-testid=playing]").length === 2`)

	// Each moves, until a resignation is offered (an abort before).
	players := []*webtest.Tab{bea, cat}
	resigner := (*webtest.Tab)(nil)
	for end := time.Now().Add(30 * time.Second); resigner == nil; {
		require.True(t, time.Now().Before(end), "no resignation offered")
		for _, tb := range players {
			if webtest.EvalJS[bool](tb, `(() => { const b = document.querySelector("[data-action=resign]"); return !!b && b.offsetParent !== null })()`) {
				resigner = tb
				break
			}
			webtest.EvalJS[bool](tb, `(document.querySelector("[data-testid=board] .target:not(.selected)") || document.body).click(), true`)
		}
		time.Sleep(100 * time.Millisecond)
	}
	resigner.Confirm("resign")
	winner := map[*webtest.Tab]string{bea: "Cat", cat: "Bea"}[resigner]
	loser := map[*webtest.Tab]string{bea: "Bea", cat: "Cat"}[resigner]
	ann.WaitJS("the winner's points, live", fmt.Sprintf(
		`!!document.querySelector("[data-testid=standing][data-player=%s][data-score='2']")`, winner))
	require.Equal(t, "0", webtest.EvalJS[string](ann, fmt.Sprintf(
		`document.querySelector("[data-testid=standing][data-player=%s]").dataset.score`, loser)))
	require.True(t, webtest.EvalJS[bool](ann, `window.neverReloaded === true`), "swapped in, not reloaded")
	require.Equal(t, winner, webtest.EvalJS[string](ann, `document.querySelector("[data-testid=standing]").dataset.player`), "first")
	ann.Screenshot(filepath.Join(shots, "event-standings.png"))
	axe(ann, "the event's page with standings")

	// Paired again, each is sent from the finished game's page to the next.
	for _, tb := range players {
		tb.WaitJS("the next game, by itself", fmt.Sprintf(
			`location.pathname.startsWith("/r/") && location.href !== %q && !!document.querySelector("[data-testid=board]")`, room))
	}
	require.Equal(t, bea.Location(), cat.Location(), "their next game")
}

// TestBrowserBigStandings: a 45-player arena's standings come in pages. Zed,
// in it, opens its page on a phone and lands on the page of her own row,
// marked; she turns to the next page by its link, and that page is kept
// live (a newcomer rated above all moves every row down). The pager fits
// the phone and passes axe in both themes.
func TestBrowserBigStandings(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	now := bigArena(t, n)
	zed := webtest.NewTab(t, webtest.NewBrowser(t, 390, 844), "zed")
	zed.SignUpIn(n, "Zed")
	zed.Run("the event", chromedp.Navigate(n.URL+"/t/big"))
	zed.WaitShown("[data-testid=standings-pages]")
	require.Equal(t, "2", zed.Text("[data-testid=standings-pages] [aria-current=page]"), "her own page")
	zed.WaitJS("her row marked", `document.querySelector("tr.me[data-testid=standing]").dataset.player === "Zed"`)
	require.True(t, webtest.EvalJS[bool](zed, `document.documentElement.scrollWidth <= innerWidth`), "the page fits a phone")
	zed.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "event-standings-pages-phone.png"))
	failed := zed.AxeBothThemes("the standings' pages on a phone")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	zed.Click("[data-testid=standings-pages] a[rel=next]")
	zed.WaitJS("the third page", `document.querySelector("[data-testid=standings-pages] [aria-current=page]").textContent === "3"`)
	require.Contains(t, zed.Text("[data-testid=standings-shown]"), "Players 41–45 of 45")
	require.NoError(t, n.Store.JoinTournament(ctx, "big", store.Entrant{Account: "Ace", Rating: 2500, Joined: now, Active: true}))
	zed.WaitJS("the third page, live", `document.querySelector("[data-testid=standings-shown]").textContent.includes("of 46") &&
		document.querySelector("[data-testid=standing]").dataset.player === "p39"`)
}

// TestBrowserThePauseComesWithTheStart (issue 40): Ann, entered in an
// event waiting to start, is offered Withdraw; as it starts, her page
// (never reloaded) says Pause with the points kept, and no longer offers
// to start it early; she pauses, and her row says so, with Resume offered.
func TestBrowserThePauseComesWithTheStart(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	ann := webtest.NewTab(t, webtest.NewBrowser(t, 390, 844), "ann")
	ann.SignUpIn(n, "Ann")
	require.NoError(t, n.Store.CreateTournament(ctx, &store.Tournament{ID: "later", Name: "Later Arena", Kind: store.Arena, Game: "kalah",
		Clock: "fast", Minutes: 30, Creator: "Ann", Starts: time.Now().Add(time.Hour), Created: time.Now()}))
	ann.Run("the event", chromedp.Navigate(n.URL+"/t/later"))
	ann.Click("[data-action=join-tournament]")
	ann.WaitShown("[data-action=leave-tournament]")
	require.Equal(t, "Withdraw", ann.Text("[data-action=leave-tournament]"), "before the start")
	require.Equal(t, 1, webtest.EvalJS[int](ann, `document.querySelectorAll("[data-action=start-tournament]").length`))
	webtest.EvalJS[bool](ann, `window.neverReloaded = true`)

	require.NoError(t, n.Store.StartTournamentNow(ctx, "later", "Ann", time.Now()))
	ann.WaitJS("Pause, as it starts", `document.querySelector("[data-action=leave-tournament]").textContent === "Pause"`)
	require.Contains(t, ann.Text("#leave-hint"), "You keep your points")
	require.Zero(t, webtest.EvalJS[int](ann, `document.querySelectorAll("[data-action=start-tournament]").length`), "started")
	require.True(t, webtest.EvalJS[bool](ann, `window.neverReloaded === true`))

	ann.Click("[data-action=leave-tournament]")
	ann.WaitShown("[data-action=join-tournament]")
	require.Equal(t, "Resume", ann.Text("[data-action=join-tournament]"))
	require.Equal(t, "true", webtest.EvalJS[string](ann, `document.querySelector("[data-testid=standing][data-player=Ann]").dataset.paused`))
	ann.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "event-paused-phone.png"))
	failed := ann.AxeBothThemes("a paused player's event page")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
