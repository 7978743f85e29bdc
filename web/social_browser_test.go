package web

import (
	"fmt"
	"strings"
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
	for range 3 { // an update may redraw the field while it is typed in: then type again
		evalJS[string](tb, fmt.Sprintf(`document.querySelector(%q).value = ""`, sel))
		tb.run("type into "+sel, chromedp.SendKeys(chromedp.CSS(sel), text))
		if evalJS[string](tb, fmt.Sprintf(`document.querySelector(%q).value`, sel)) == text {
			return
		}
	}
	tb.t.Fatalf("%s: could not type %q into %s", tb.name, text, sel)
}

func TestBrowserNames(t *testing.T) {
	t.Parallel()
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

// say writes a chat message and sends it with the form's button.
func (tb *tab) say(text string) {
	tb.t.Helper()
	tb.typeInto("form[data-testid=chat] input[name=text]", text)
	tb.click("form[data-testid=chat] button[type=submit]")
}

// chatLines lists the page's chat lines as "name|time|text", and whether
// each is shown.
func (tb *tab) chatLines() []string {
	return evalJS[[]string](tb, `Array.from(document.querySelectorAll("[data-testid=chat-log] [data-testid=chat-line]")).map(l =>
		l.querySelector(".chat-name").textContent + "|" + l.querySelector("time").textContent + "|" +
		l.querySelector(".chat-text").textContent + (l.offsetParent === null ? "|hidden" : ""))`)
}

func (tb *tab) waitChat(n int) {
	tb.t.Helper()
	tb.waitJS(fmt.Sprintf("%d chat lines", n), fmt.Sprintf(`document.querySelectorAll("[data-testid=chat-log] [data-testid=chat-line]").length === %d`, n))
}

// watchCSP records the page's Content-Security-Policy violations from now on.
func (tb *tab) watchCSP() {
	evalJS[bool](tb, `window.cspViolations = []; document.addEventListener("securitypolicyviolation",
		e => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI)); true`)
}

func TestBrowserChat(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := newBrowser(t, 1280, 900)
	alice, bob, eve := newTab(t, browser, "alice"), newTab(t, browser, "bob"), newTab(t, browser, "eve")
	alice.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	alice.typeInto(`form[data-testid=new-room] [name=name]`, "Alice")
	room := createRoom(t, ts, alice, map[string]string{"game": "kalah", "mode": "friend"})
	alice.watchCSP()
	bob.open(room)
	bob.typeInto(`form[data-testid=join] input[name=name]`, "Bob")
	bob.click("[data-action=join]")
	alice.waitText(".player.seat1 .holder", "Bob")
	eve.run("open the lobby", chromedp.Navigate(ts.URL+"/"))
	eve.typeInto(`form[data-testid=new-room] [name=name]`, "Eve") // her browser remembers it: her chat name
	eve.open(room)
	require.Equal(t, "No messages yet.", evalJS[string](eve,
		`getComputedStyle(document.querySelector("[data-testid=chat-log]"), "::before").content.replaceAll('"', "")`))

	// Players and spectators write; everyone sees name, time and text.
	alice.say("good luck, Bob")
	for _, tb := range []*tab{alice, bob, eve} {
		tb.waitChat(1)
	}
	line := eve.chatLines()[0]
	require.Regexp(t, `^Alice\|\d\d:\d\d\|good luck, Bob$`, line)
	require.Empty(t, evalJS[string](alice, `document.querySelector("form[data-testid=chat] input[name=text]").value`), "sent, the field is empty")
	eve.say(`<img src=x onerror="document.title='owned'"> go`)
	alice.waitChat(2)
	require.Regexp(t, `^Eve\|\d\d:\d\d\|<img src=x onerror="document.title='owned'"> go$`, alice.chatLines()[1])
	require.Zero(t, evalJS[int](alice, `document.querySelectorAll("[data-testid=chat-log] img").length`), "text, never markup")
	require.True(t, evalJS[bool](alice, `!!document.querySelector("[data-testid=chat-line].spectator")`), "marked as a spectator's")

	// A player hides the spectators' lines; the browser remembers it.
	require.Zero(t, evalJS[int](eve, `document.querySelectorAll("[data-testid=chat-hide-spectators]").length`), "a spectator has no toggle")
	bob.click("[data-testid=chat-hide-spectators]")
	bob.waitChat(2)
	require.Equal(t, []bool{false, true}, lineHidden(bob.chatLines()))
	bob.say("thanks")
	eve.waitChat(3)
	bob.open(room)
	bob.waitChat(3)
	require.True(t, evalJS[bool](bob, `document.querySelector("[data-testid=chat-hide-spectators]").checked`))
	require.Equal(t, []bool{false, true, false}, lineHidden(bob.chatLines()), "players' lines always show")
	require.Equal(t, []bool{false, false, false}, lineHidden(alice.chatLines()), "hidden on Bob's page only")

	// Refusals change nothing and say why: too long, too fast.
	evalJS[bool](eve, `document.querySelector("form[data-testid=chat] input[name=text]").value = "x".repeat(301); true`)
	eve.click("form[data-testid=chat] button[type=submit]")
	eve.waitJS("a refusal", `(document.querySelector("[data-testid=error]")||{}).textContent === "A chat message may be at most 300 characters; it was not sent."`)
	eve.open(room) // a new connection: a full bucket
	evalJS[bool](eve, `(() => {
		const form = document.querySelector("form[data-testid=chat]"), input = form.querySelector("input[name=text]");
		for (let i = 0; i < 8; i++) { input.value = "spam " + i; form.requestSubmit(); }
		return true })()`)
	eve.waitJS("too fast", `((document.querySelector("[data-testid=error]")||{}).textContent||"").includes("too fast")`)
	alice.waitJS("the burst's first five", `document.querySelectorAll("[data-testid=chat-line]").length >= 8`)
	n := len(alice.chatLines())
	require.LessOrEqual(t, n, 9, "no more than the bucket holds (and a second's refill)")

	// The chat is the room's: a reload shows it again; a field being typed
	// in keeps its text when the whole page is redrawn (the game aborted).
	alice.open(room)
	alice.waitChat(n)
	alice.watchCSP()
	alice.typeInto("form[data-testid=chat] input[name=text]", "draft")
	bob.confirm("abort")
	alice.waitText("[data-testid=status]", "Game aborted by P2")
	require.Equal(t, "draft", evalJS[string](alice, `document.querySelector("form[data-testid=chat] input[name=text]").value`))
	require.Empty(t, evalJS[[]string](alice, `window.cspViolations`), "within the page's CSP")
}

// lineHidden says of each chat line whether it is hidden.
func lineHidden(lines []string) []bool {
	out := make([]bool, len(lines))
	for i, l := range lines {
		out[i] = strings.HasSuffix(l, "|hidden")
	}
	return out
}
