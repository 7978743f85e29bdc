package play_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/web/webtest"
)

// TestBrowserACorrespondenceChallenge: Ann chooses the correspondence
// clock in the lobby's form, whose days a move then show, and makes an
// open challenge of 7 days a move; she leaves for another page, and the
// challenge stays listed in Bea's lobby (she is away for days, not only
// while her page is open); Bea accepts from her own browser, and the room
// shows its clock in days and hours. The form and the room pass axe.
func TestBrowserACorrespondenceChallenge(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ann := newTab(t, webtest.NewBrowser(t, 1280, 900), "ann")
	form := `form[data-testid=new-room] `
	ann.Run("the lobby's form", chromedp.Navigate(ts.URL+"/"), chromedp.Click(chromedp.CSS(`[data-game-card=kalah]`)),
		chromedp.SetValue(chromedp.CSS(form+`[name=mode]`), "open"))
	require.False(t, webtest.EvalJS[bool](ann.Tab, `document.querySelector("[data-testid=days]").checkVisibility()`),
		"no days a move for a clock of seconds")
	ann.Run("the correspondence clock", chromedp.SetValue(chromedp.CSS(form+`[name=clock]`), string(vocab.CorrespondenceClock)))
	ann.WaitJS("the days a move shown", `document.querySelector("[data-testid=days]").checkVisibility()`)
	require.Equal(t, "3", webtest.EvalJS[string](ann.Tab, `document.querySelector("[data-testid=days]").value`), "3 by default")
	require.Empty(t, ann.AxeBothThemes("the lobby's form with days a move"))
	ann.Run("7 days a move, sent", chromedp.SetValue(chromedp.CSS(form+`[name=days]`), "7"),
		chromedp.Click(chromedp.CSS(form+`button[type=submit]`)), chromedp.WaitVisible(chromedp.CSS(`[data-testid=board]`)))
	ann.Connected()
	loc := ann.Location()
	room := strings.TrimPrefix(loc, ts.URL+"/r/")
	ann.Run("Ann goes away", chromedp.Navigate(ts.URL+"/rules"))

	bea := newTab(t, webtest.NewBrowser(t, 1280, 900), "bea")
	bea.Run("Bea's lobby", chromedp.Navigate(ts.URL+"/"))
	bea.WaitShown("[data-testid=seeks]")
	time.Sleep(time.Second) // the room has heard Ann's page close
	bea.Run("Bea's lobby again", chromedp.Navigate(ts.URL+"/"))
	bea.WaitJSFor(10*time.Second, "the challenge listed while Ann is away", `document.querySelectorAll("[data-testid=seek]").length === 1`)
	require.Contains(t, bea.Text("[data-testid=seek]"), "Correspondence · 7 days")
	bea.Click("[data-action=accept-seek]")
	bea.WaitJSFor(10*time.Second, "seated", `!!document.querySelector(".player.yours")`)
	require.Equal(t, loc, bea.Location())

	bea.WaitJS("the clock in days", `/^7 days 0 h$|^6 days 23 h$/.test(document.querySelector("[data-testid=clock] .time").textContent)`)
	require.Contains(t, bea.Text("[data-testid=clock]"), "First move")
	rec, err := ts.Store.Room(context.Background(), room)
	require.NoError(t, err)
	require.Equal(t, 7, rec.Days)
	require.Equal(t, vocab.CorrespondenceClock, rec.Clock)
	require.WithinDuration(t, time.Now().Add(7*vocab.Day), rec.Due.At, time.Minute, "the store keeps the deadline")
	require.Empty(t, bea.AxeBothThemes("a correspondence room"))
}

// TestBrowserADirectCorrespondenceChallenge: Alice challenges Bob to a
// correspondence game of 5 days a move while he is away. It waits for
// him for 14 days, counted in days on both sides, not two minutes; when
// he comes and accepts, he goes to the game, and Alice's page, which may
// be on something else by then, is not taken there: it says the game
// began and links it.
func TestBrowserADirectCorrespondenceChallenge(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	alice := newTab(t, webtest.NewBrowser(t, 1280, 900), "alice")
	alice.SignUpIn(ts.Node, "alice")
	bob := newTab(t, webtest.NewBrowser(t, 390, 844), "bob")
	bob.SignUpIn(ts.Node, "bob")

	alice.Run("Bob's page", chromedp.Navigate(ts.URL+"/@/bob"))
	alice.Click("[data-action=challenge]")
	alice.WaitShown("form[data-testid=challenge]")
	alice.Run("choose and send", chromedp.SetValue(chromedp.CSS(`form[data-testid=challenge] [name=game]`), "amazons"),
		chromedp.SetValue(chromedp.CSS(`form[data-testid=challenge] [name=clock]`), string(vocab.CorrespondenceClock)),
		chromedp.SetValue(chromedp.CSS(`form[data-testid=challenge] [name=days]`), "5"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=challenge]`)))
	alice.WaitShown("[data-testid=challenge-sent]")
	alice.WaitJS("its time in days", `/^1[34] days \d+ h left$/.test(document.querySelector("[data-testid=challenge-sent] [data-testid=time-left]").textContent)`)

	bob.Run("Bob comes", chromedp.Navigate(ts.URL+"/"))
	bob.WaitJSFor(5*time.Second, "the challenge shown", `!!document.querySelector("[data-testid=challenge-incoming]")`)
	require.Contains(t, bob.Text("[data-testid=challenge-incoming]"), "Correspondence")
	require.Regexp(t, `1[34] days \d+ h left`, bob.Text("[data-testid=challenge-incoming] [data-testid=time-left]"))
	bob.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "correspondence-challenge-phone.png"))
	require.Empty(t, bob.AxeBothThemes("a correspondence challenge on a phone"))
	bob.Click("#site-notices [data-action=accept-challenge]")
	bob.WaitJSFor(5*time.Second, "in the room", `location.pathname.startsWith("/r/") && !!document.querySelector(".player.yours")`)

	alice.WaitJSFor(5*time.Second, "told, with a link", `!!document.querySelector("[data-testid=challenge-sent] [data-testid=challenge-game]")`)
	require.Contains(t, alice.Text("[data-testid=challenge-sent]"), "bob accepted: the game has begun.")
	require.True(t, strings.HasPrefix(alice.Location(), ts.URL+"/@/bob"), "not taken away from what she does: %s", alice.Location())
	alice.Screenshot(filepath.Join(webtest.ScreenshotDir(t), "correspondence-challenge-accepted.png"))
	require.Equal(t, bob.Location(), ts.URL+webtest.EvalJS[string](alice.Tab,
		`document.querySelector("[data-testid=challenge-game]").getAttribute("href")`))
}
