package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// The players' experience issue, names and chat, through the real pages in
// Chromium: alice creates, bob joins, eve watches.

// typeInto clears a field and types text into it, as a person would (the
// page's script hears every key).
func (tb *tab) typeInto(sel, text string) {
	tb.t.Helper()
	evalJS[string](tb, fmt.Sprintf(`document.querySelector(%q).value = ""`, sel))
	tb.run("type into "+sel, chromedp.SendKeys(chromedp.CSS(sel), text))
}

func TestBrowserNames(t *testing.T) {
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")

	// Before anyone gives a name, the browser makes a guest's.
	alice.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	require.Regexp(t, `^Guest [1-9][0-9]{3}$`, evalJS[string](alice, `document.querySelector("form[data-testid=new-room] [name=name]").value`))
	alice.typeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend"})
	alice.waitText(".player.seat0 .holder", "Alice (you)")
	require.Equal(t, "Free seat", alice.text(".player.seat1 .holder"))

	// Bob's Join asks for a name, filled with the one his browser made.
	bob.open(room)
	guest := evalJS[string](bob, `document.querySelector("form[data-testid=join] input[name=name]").value`)
	require.Regexp(t, `^Guest [1-9][0-9]{3}$`, guest)
	bob.typeInto(`form[data-testid=join] input[name=name]`, "<b>Bob</b> <script>")
	bob.click("[data-action=join]")
	bob.waitText(".player.seat1 .holder", "<b>Bob</b> <script> (you)")
	alice.waitText(".player.seat1 .holder", "<b>Bob</b> <script>")
	require.Zero(t, evalJS[int](alice, `document.querySelectorAll(".players b, .players script").length`), "a name is text, never markup")
	require.Equal(t, "<b>Bob</b> <script>", evalJS[string](bob, `localStorage.getItem("name")`), "the browser remembers it")

	// A spectator sees both seats by name and colour.
	eve.open(room)
	require.Equal(t, "Alice", eve.text(".player.seat0 .holder"))
	require.Equal(t, "<b>Bob</b> <script>", eve.text(".player.seat1 .holder"))
	require.True(t, evalJS[bool](eve, `!!document.querySelector(".player.seat1 .dot")`), "and colour")
	require.NotContains(t, eve.text("#live"), "Opponent")

	// The names stay through a reload, and the lobby remembers Alice's.
	eve.open(room)
	eve.waitText(".player.seat1 .holder", "<b>Bob</b> <script>")
	alice.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	require.Equal(t, "Alice", evalJS[string](alice, `document.querySelector("form[data-testid=new-room] [name=name]").value`))
}
