package webtest

import (
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// What a person does on a room's page, and waits to see there, in more
// than one area's tests.

// Confirm clicks a button that asks first, then its confirm button.
func (tb *Tab) Confirm(action string) {
	tb.T.Helper()
	tb.Click("[data-action=" + action + "]")
	tb.WaitJS(action+" asked again", fmt.Sprintf(`!!document.querySelector("[data-action=%s-confirm]") && document.querySelector("[data-action=%s-confirm]").offsetParent !== null`, action, action))
	tb.Click("[data-action=" + action + "-confirm]")
}

// Soon polls a JavaScript expression until it is true or patience runs
// out, and says which.
func (tb *Tab) Soon(expr string, patience time.Duration) bool {
	tb.T.Helper()
	for end := time.Now().Add(patience); ; time.Sleep(50 * time.Millisecond) {
		if EvalJS[bool](tb, expr) {
			return true
		}
		if time.Now().After(end) {
			return false
		}
	}
}

// PlaySomething makes one move of the viewer's (the first cells the page
// marks, click by click, until the move goes out), then waits for the
// opponent's reply; it reports whether a move was made.
func (tb *Tab) PlaySomething() bool {
	tb.T.Helper()
	count := func() int {
		return EvalJS[int](tb, `document.querySelectorAll("[data-testid=move]").length`)
	}
	before := count()
	for range 6 {
		if !tb.Soon(`!!document.querySelector("[data-testid=board] .target")`, 15*time.Second) {
			return false
		}
		EvalJS[bool](tb, `(document.querySelector("[data-testid=board] .target:not(.selected)") || document.body).click(), true`)
		if tb.Soon(fmt.Sprintf(`document.querySelectorAll("[data-testid=move]").length > %d`, before), 2*time.Second) {
			break
		}
	}
	if count() == before {
		return false
	}
	// The reply: the viewer may move again (or the game is over).
	tb.Soon(`!!document.querySelector("[data-testid=board] .target") || !!document.querySelector(".banner.finished")`, 15*time.Second)
	return true
}

// TypeInto clears a field and types text into it, as a person would (the
// page's script hears every key).
func (tb *Tab) TypeInto(sel, text string) {
	tb.T.Helper()
	for range 3 { // an update may redraw the field while it is typed in: then type again
		EvalJS[string](tb, fmt.Sprintf(`document.querySelector(%q).value = ""`, sel))
		tb.Run("type into "+sel, chromedp.SendKeys(chromedp.CSS(sel), text))
		if EvalJS[string](tb, fmt.Sprintf(`document.querySelector(%q).value`, sel)) == text {
			return
		}
	}
	tb.T.Fatalf("%s: could not type %q into %s", tb.Name, text, sel)
}

// Chat writes a chat message and sends it with the form's button.
func (tb *Tab) Chat(text string) {
	tb.T.Helper()
	tb.TypeInto("form[data-testid=chat] input[name=text]", text)
	tb.Click("form[data-testid=chat] button[type=submit]")
}

// WaitChat waits until the page shows n chat lines.
func (tb *Tab) WaitChat(n int) {
	tb.T.Helper()
	tb.WaitJS(fmt.Sprintf("%d chat lines", n), fmt.Sprintf(`document.querySelectorAll("[data-testid=chat-log] [data-testid=chat-line]").length === %d`, n))
}

// OpenMenu opens the header's menu where a phone folds the site's links
// behind it (menu.js), so that a test may follow them as a person would;
// where the Menu button is not shown (a desktop) it does nothing.
func (tb *Tab) OpenMenu() {
	tb.T.Helper()
	EvalJS[bool](tb, `(() => {
		const b = document.querySelector("[data-testid=menu-button]");
		if (b && b.checkVisibility() && b.getAttribute("aria-expanded") !== "true") b.click();
		return true;
	})()`)
}
