package rooms_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// The players' experience issue, names and chat, through the real pages in
// Chromium: alice creates, bob joins, eve watches.

func TestBrowserNames(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")

	// Before anyone gives a name, the browser makes a guest's.
	alice.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	require.Regexp(t, `^Guest [1-9][0-9]{3}$`, webtest.EvalJS[string](alice.Tab, `document.querySelector("form[data-testid=new-room] [name=name]").value`))
	alice.TypeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
	alice.WaitText(".player.seat0 .holder", "Alice (you)")
	require.Equal(t, "Free seat", alice.Text(".player.seat1 .holder"))

	// Bob's Join asks for a name, filled with the one his browser made.
	bob.Open(room)
	guest := webtest.EvalJS[string](bob.Tab, `document.querySelector("form[data-testid=join] input[name=name]").value`)
	require.Regexp(t, `^Guest [1-9][0-9]{3}$`, guest)
	bob.TypeInto(`form[data-testid=join] input[name=name]`, "<b>Bob</b> <script>")
	bob.Click("[data-action=join]")
	bob.WaitText(".player.seat1 .holder", "<b>Bob</b> <script> (you)")
	alice.WaitText(".player.seat1 .holder", "<b>Bob</b> <script>")
	require.Zero(t, webtest.EvalJS[int](alice.Tab, `document.querySelectorAll(".players b, .players script").length`), "a name is text, never markup")
	require.Equal(t, "<b>Bob</b> <script>", webtest.EvalJS[string](bob.Tab, `localStorage.getItem("name")`), "the browser remembers it")

	// A spectator sees both seats by name and colour.
	eve.Open(room)
	require.Equal(t, "Alice", eve.Text(".player.seat0 .holder"))
	require.Equal(t, "<b>Bob</b> <script>", eve.Text(".player.seat1 .holder"))
	require.True(t, webtest.EvalJS[bool](eve.Tab, `!!document.querySelector(".player.seat1 .dot")`), "and colour")
	require.NotContains(t, eve.Text("#live"), "Opponent")

	// The names stay through a reload, and the lobby remembers Alice's.
	eve.Open(room)
	eve.WaitText(".player.seat1 .holder", "<b>Bob</b> <script>")
	alice.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	require.Equal(t, "Alice", webtest.EvalJS[string](alice.Tab, `document.querySelector("form[data-testid=new-room] [name=name]").value`))
}

// chatLines lists the page's chat lines as "name|time|text", and whether
// each is shown.
func (tb *tab) chatLines() []string {
	return webtest.EvalJS[[]string](tb.Tab, `Array.from(document.querySelectorAll("[data-testid=chat-log] [data-testid=chat-line]")).map(l =>
		l.querySelector(".chat-name").textContent + "|" + l.querySelector("time").textContent + "|" +
		l.querySelector(".chat-text").textContent + (l.offsetParent === null ? "|hidden" : ""))`)
}

// watchCSP records the page's Content-Security-Policy violations from now on.
func (tb *tab) watchCSP() {
	webtest.EvalJS[bool](tb.Tab, `window.cspViolations = []; document.addEventListener("securitypolicyviolation",
		e => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI)); true`)
}

func TestBrowserChat(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
	alice.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.TypeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	room := alice.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "friend"})
	alice.watchCSP()
	bob.Open(room)
	bob.TypeInto(`form[data-testid=join] input[name=name]`, "Bob")
	bob.Click("[data-action=join]")
	alice.WaitText(".player.seat1 .holder", "Bob")
	eve.Run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	eve.TypeInto(`form[data-testid=new-room] [name=name]`, "Eve") // her browser remembers it: her chat name
	eve.Open(room)
	require.Equal(t, "No messages yet.", webtest.EvalJS[string](eve.Tab,
		`getComputedStyle(document.querySelector("[data-testid=chat-log]"), "::before").content.replaceAll('"', "")`))

	// Players and spectators write; everyone sees name, time and text.
	alice.Chat("good luck, Bob")
	for _, tb := range []*tab{alice, bob, eve} {
		tb.WaitChat(1)
	}
	line := eve.chatLines()[0]
	require.Regexp(t, `^Alice\|\d\d:\d\d\|good luck, Bob$`, line)
	require.Empty(t, webtest.EvalJS[string](alice.Tab, `document.querySelector("form[data-testid=chat] input[name=text]").value`), "sent, the field is empty")
	eve.Chat(`<img src=x onerror="document.title='owned'"> go`)
	alice.WaitChat(2)
	require.Regexp(t, `^Eve\|\d\d:\d\d\|<img src=x onerror="document.title='owned'"> go$`, alice.chatLines()[1])
	require.Zero(t, webtest.EvalJS[int](alice.Tab, `document.querySelectorAll("[data-testid=chat-log] img").length`), "text, never markup")
	require.True(t, webtest.EvalJS[bool](alice.Tab, `!!document.querySelector("[data-testid=chat-line].spectator")`), "marked as a spectator's")

	// A player hides the spectators' lines; the browser remembers it.
	require.Zero(t, webtest.EvalJS[int](eve.Tab, `document.querySelectorAll("[data-testid=chat-hide-spectators]").length`), "a spectator has no toggle")
	bob.Click("[data-testid=chat-hide-spectators]")
	bob.WaitChat(2)
	require.Equal(t, []bool{false, true}, lineHidden(bob.chatLines()))
	bob.Chat("thanks")
	eve.WaitChat(3)
	bob.Open(room)
	bob.WaitChat(3)
	require.True(t, webtest.EvalJS[bool](bob.Tab, `document.querySelector("[data-testid=chat-hide-spectators]").checked`))
	require.Equal(t, []bool{false, true, false}, lineHidden(bob.chatLines()), "players' lines always show")
	require.Equal(t, []bool{false, false, false}, lineHidden(alice.chatLines()), "hidden on Bob's page only")

	// Refusals change nothing and say why: too long, too fast.
	webtest.EvalJS[bool](eve.Tab, `document.querySelector("form[data-testid=chat] input[name=text]").value = "x".repeat(301); true`)
	eve.Click("form[data-testid=chat] button[type=submit]")
	eve.WaitJS("a refusal", `(document.querySelector("[data-testid=error]")||{}).textContent === "A chat message may be at most 300 characters; it was not sent."`)
	eve.Open(room) // a new connection: a full bucket
	webtest.EvalJS[bool](eve.Tab, `(() => {
		const form = document.querySelector("form[data-testid=chat]"), input = form.querySelector("input[name=text]");
		for (let i = 0; i < 8; i++) { input.value = "spam " + i; form.requestSubmit(); }
		return true })()`)
	eve.WaitJS("too fast", `((document.querySelector("[data-testid=error]")||{}).textContent||"").includes("too fast")`)
	alice.WaitJS("the burst's first five", `document.querySelectorAll("[data-testid=chat-line]").length >= 8`)
	n := len(alice.chatLines())
	require.LessOrEqual(t, n, 9, "no more than the bucket holds (and a second's refill)")

	// The chat is the room's: a reload shows it again; a field being typed
	// in keeps its text when the whole page is redrawn (the game aborted).
	alice.Open(room)
	alice.WaitChat(n)
	alice.watchCSP()
	alice.TypeInto("form[data-testid=chat] input[name=text]", "draft")
	bob.Confirm("abort")
	alice.WaitText("[data-testid=status]", "Game aborted by P2")
	require.Equal(t, "draft", webtest.EvalJS[string](alice.Tab, `document.querySelector("form[data-testid=chat] input[name=text]").value`))
	require.Empty(t, webtest.EvalJS[[]string](alice.Tab, `window.cspViolations`), "within the page's CSP")
}

// lineHidden says of each chat line whether it is hidden.
func lineHidden(lines []string) []bool {
	out := make([]bool, len(lines))
	for i, l := range lines {
		out[i] = strings.HasSuffix(l, "|hidden")
	}
	return out
}
