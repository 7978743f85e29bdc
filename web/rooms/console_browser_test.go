package rooms_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

// consoleLog collects what a tab's pages write to the console, the
// browser's own messages (a Content-Security-Policy violation) included.
type consoleLog struct {
	mu   sync.Mutex
	seen []string
}

// watchConsole starts collecting tb's console messages.
func watchConsole(tb *tab) *consoleLog {
	c := &consoleLog{}
	ctx, cancel := context.WithCancel(tb.Ctx)
	tb.T.Cleanup(cancel)
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			c.mu.Lock()
			c.seen = append(c.seen, m.String()+" ("+m.Source+" "+m.URL+")")
			c.mu.Unlock()
		}
	}()
	return c
}

// all is every message seen so far.
func (c *consoleLog) all() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.seen)
}

// violations are the messages that say the page broke its own policy.
func (c *consoleLog) violations() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, m := range c.seen {
		if strings.Contains(m, "Content Security Policy") {
			out = append(out, m)
		}
	}
	return out
}

// TestBrowserRoomConsoleIsClean: a room page, played, updated over its
// socket, replayed and reloaded, at a phone's size with its own controls
// (zoom, flip, theme, the keyboard) used, writes no Content-Security-Policy
// violation to the console (issue 42: "Applying inline style violates …
// style-src 'self'"): the policy stays strict and nothing sets an inline
// style.
func TestBrowserRoomConsoleIsClean(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 390, 844)
	me := newTab(t, browser, "me")
	console := watchConsole(me)
	me.CreateRoom(ts.Node, map[string]string{"game": "amazons", "mode": "hotseat"})
	webtest.EvalJS[bool](me.Tab, `document.querySelectorAll("[data-action=zoom], [data-action=flip], [data-action=theme]").forEach(b => { if (b.offsetParent) b.click() }), true`)
	me.Run("the board's keys", chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowRight))
	for i, move := range [][3][2]int{{{9, 3}, {5, 3}, {5, 5}}, {{0, 3}, {4, 3}, {4, 5}}} {
		for _, c := range move {
			me.ClickCell(c[0], c[1])
		}
		me.WaitMoves(i + 1)
	}
	me.Confirm("resign")
	me.WaitShown(".live.over")
	me.Click("[data-action=replay-first]")
	me.WaitShown(".replay-pos")
	me.Run("reload the room", chromedp.Reload())
	me.Connected()
	time.Sleep(300 * time.Millisecond) // the console's last messages
	require.Empty(t, console.violations(), "every console message:\n%s", strings.Join(console.all(), "\n"))
}
