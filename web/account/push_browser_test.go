package account_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/push"
	"boardroom/web/webtest"
)

// fakePushManager stands in for the browser's PushManager, which needs a
// real push service (Google's, for Chromium) that tests do not reach. Its
// subscription is the one the test puts in localStorage "push-next" (a
// local receiver's), kept in "push-sub" across pages as a browser keeps
// it; what subscribe was asked with is kept in "push-key".
const fakePushManager = `(function () {
	function held() { var s = localStorage.getItem("push-sub"); return s ? made(JSON.parse(s)) : null; }
	function made(json) {
		return { endpoint: json.endpoint, toJSON: function () { return json; },
			unsubscribe: function () { localStorage.removeItem("push-sub"); return Promise.resolve(true); } };
	}
	var manager = {
		subscribe: function (opts) {
			var key = new Uint8Array(opts.applicationServerKey);
			localStorage.setItem("push-key", btoa(String.fromCharCode.apply(null, key)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
			var next = localStorage.getItem("push-next");
			if (!next) return Promise.reject(new DOMException("Registration failed - push service not available", "AbortError"));
			localStorage.setItem("push-sub", next);
			return Promise.resolve(held());
		},
		getSubscription: function () { return Promise.resolve(held()); },
	};
	window.PushManager = window.PushManager || function () {};
	Object.defineProperty(ServiceWorkerRegistration.prototype, "pushManager", { configurable: true, get: function () { return manager; } });
})();`

// onEveryPage runs script in each page tb opens from now on.
func onEveryPage(tb *webtest.Tab, script string) {
	tb.Run("script", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		return chromedp.Void{}, err
	})
}

// allowNotifications answers the site's notification permission.
func allowNotifications(tb *webtest.Tab, origin string, setting browser.PermissionSetting) {
	id := chromedp.FromContext(tb.Ctx).BrowserContextID
	tb.Run("notifications "+string(setting), func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: "notifications"}, Setting: setting, Origin: origin, BrowserContextID: id})
		return chromedp.Void{}, err
	})
}

const bellJS = `document.querySelector("[data-action=notify]")`

// bellState is where the bell says this device stands (data-push).
func bellState(tb *webtest.Tab) string {
	return webtest.EvalJS[string](tb, bellJS+`.getAttribute("data-push") || ""`)
}

// TestBrowserPushBell (issue 39, item 5): a signed-in player's bell
// subscribes this device with the site's key and gives the server the
// subscription, which the account page then lists; pressed again it
// unsubscribes. A browser without Web Push, one that blocked
// notifications, and a subscription the server refuses are each told in
// words. The service worker shows what is pushed (delivered by DevTools),
// the newest of a room only. The PushManager is a stand-in (fakePushManager): full Chromium has
// one, but its subscribe needs Google's push service.
func TestBrowserPushBell(t *testing.T) {
	t.Parallel()
	ts, rcv := pushSite(t, webtest.Options{})
	b := webtest.NewFullBrowser(t, 1280, 900) // the headless shell has no notifications
	me := webtest.NewTab(t, b, "alice")
	me.SignUpIn(ts, "alice")
	me.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.WaitShown("[data-testid=no-push-devices]")
	t.Logf("this Chromium: PushManager %v", webtest.EvalJS[bool](me, `"PushManager" in window`))
	allowNotifications(me, ts.URL, browser.PermissionSettingGranted)
	onEveryPage(me, fakePushManager)
	me.Run("again", chromedp.Navigate(ts.URL+"/account"))
	me.WaitJS("the bell offered", `!`+bellJS+`.hidden && `+bellJS+`.getAttribute("data-push") === "unsubscribed"`)
	require.Equal(t, "false", webtest.EvalJS[string](me, bellJS+`.getAttribute("aria-pressed")`))
	require.Contains(t, webtest.EvalJS[string](me, bellJS+`.getAttribute("aria-label")`), "even with the site closed")

	note := func() string { return me.Text("[data-testid=bell-note]") }
	// The push service refuses (none reached): said, and nothing held; the
	// bell, still off, tries again when pressed.
	me.Click("[data-action=notify]")
	me.WaitJS("told", `document.querySelector("[data-testid=bell-note]").textContent.includes("could not subscribe")`)
	require.Contains(t, note(), "push service not available")
	require.Equal(t, "unsubscribed", bellState(me))

	// The server refuses a push service off its list: said in its words.
	_, tablet := rcv.Subscribe()
	var off push.Subscription
	require.NoError(t, json.Unmarshal(tablet, &off))
	off.Endpoint = "https://push.attacker.example/inbox"
	offJSON, _ := json.Marshal(off)
	webtest.EvalJS[bool](me, `localStorage.setItem("push-next", `+jsString(string(offJSON))+`), true`)
	me.Click("[data-action=notify]")
	me.WaitJS("refused", `document.querySelector("[data-testid=bell-note]").textContent.includes("not a push service this site sends to")`)
	require.Equal(t, "unsubscribed", bellState(me))
	require.False(t, webtest.EvalJS[bool](me, `!!localStorage.getItem("push-sub")`), "the refused subscription taken back")

	// Subscribed with the site's key; the server holds it; the page says so.
	_, phone := rcv.Subscribe()
	webtest.EvalJS[bool](me, `localStorage.setItem("push-next", `+jsString(string(phone))+`), true`)
	me.Click("[data-action=notify]")
	me.WaitJS("subscribed", bellJS+`.getAttribute("data-push") === "subscribed"`)
	require.Equal(t, "true", webtest.EvalJS[string](me, bellJS+`.getAttribute("aria-pressed")`))
	require.Contains(t, note(), "this device is told when it is your move, even with the site closed")
	require.Equal(t, pushKeyOf(t, ts), webtest.EvalJS[string](me, `localStorage.getItem("push-key")`), "subscribed with the site's VAPID key")
	me.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.WaitShown("[data-testid=push-device]")
	me.WaitJS("still subscribed", bellJS+`.getAttribute("data-push") === "subscribed"`)
	require.Contains(t, me.Text("[data-testid=push-device]"), "through "+rcv.Host())
	failed := me.AxeBothThemes("account, a push device")
	workerShows(t, me, ts.URL)

	// The server no longer sends to it (removed from another device): the
	// next page says this device is not subscribed, and the browser's
	// subscription is taken back.
	require.NoError(t, ts.Store.DropPushSubscription(t.Context(), endpointOf(t, phone)))
	me.Run("another page", chromedp.Navigate(ts.URL+"/players"))
	me.WaitJS("taken back", `!localStorage.getItem("push-sub")`) // the bell said unsubscribed before it asked
	require.Equal(t, "unsubscribed", bellState(me))
	me.Click("[data-action=notify]")
	me.WaitJS("subscribed", bellJS+`.getAttribute("data-push") === "subscribed"`)

	// Pressed again: unsubscribed, here and at the server.
	me.Click("[data-action=notify]")
	me.WaitJS("unsubscribed", bellJS+`.getAttribute("data-push") === "unsubscribed"`)
	require.Contains(t, note(), "Notifications off on this device.")
	me.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.WaitShown("[data-testid=no-push-devices]")

	// Subscribed again, then removed on the account page, where this
	// browser's row is marked: the browser is unsubscribed too.
	me.Click("[data-action=notify]")
	me.WaitJS("subscribed", bellJS+`.getAttribute("data-push") === "subscribed"`)
	me.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	me.WaitShown("[data-testid=push-device] [data-testid=this-device]")
	me.Click("[data-action=remove-push-device]")
	me.WaitShown("[data-testid=account-notice]")
	require.Contains(t, me.Text("[data-testid=account-notice]"), "are stopped")
	me.WaitJS("unsubscribed", bellJS+`.getAttribute("data-push") === "unsubscribed"`)
	require.True(t, webtest.EvalJS[bool](me, `!localStorage.getItem("push-sub")`))
	require.True(t, webtest.EvalJS[bool](me, `!!document.querySelector("[data-testid=no-push-devices]")`))

	// Blocked: said, and nothing asked.
	allowNotifications(me, ts.URL, browser.PermissionSettingDenied)
	me.Run("again", chromedp.Navigate(ts.URL+"/account"))
	me.WaitJS("blocked", bellJS+`.getAttribute("data-push") === "denied"`)
	me.Click("[data-action=notify]")
	me.WaitJS("told", `document.querySelector("[data-testid=bell-note]").textContent.includes("blocked")`)

	// A browser without Web Push.
	old := webtest.NewTab(t, b, "no push")
	onEveryPage(old, "delete window.PushManager;")
	old.SignUpIn(ts, "bob")
	old.Run("the account page", chromedp.Navigate(ts.URL+"/account"))
	old.WaitJS("unsupported", `!`+bellJS+`.hidden && `+bellJS+`.getAttribute("data-push") === "unsupported"`)
	old.Click("[data-action=notify]")
	old.WaitJS("told", `document.querySelector("[data-testid=bell-note]").textContent.includes("no Web Push")`)
	failed = append(failed, old.AxeBothThemes("account, no Web Push")...)
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}

// workerShows has the service worker receive two pushes of one room, as
// its push service would deliver them (DevTools' deliverPushMessage): it
// shows the newer only, as the payload says, its click going to the room.
func workerShows(t *testing.T, tb *webtest.Tab, origin string) {
	regs := make(chan serviceworker.RegistrationID, 16)
	chromedp.Listen(tb.Ctx, func(ev any) {
		if e, ok := ev.(*serviceworker.EventWorkerRegistrationUpdated); ok {
			for _, r := range e.Registrations {
				if !r.IsDeleted && strings.HasPrefix(r.ScopeURL, origin) {
					select {
					case regs <- r.RegistrationID:
					default:
					}
				}
			}
		}
	})
	tb.Run("service workers", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, serviceworker.Enable, cdp.Empty{})
		return chromedp.Void{}, err
	})
	var id serviceworker.RegistrationID
	select {
	case id = <-regs:
	case <-time.After(10 * time.Second):
		t.Fatal("no service worker registered")
	}
	for _, body := range []string{"bob has moved: it is your turn.", "You have 1 day left for your move."} {
		data, _ := json.Marshal(push.Message{Title: "Boardroom", Body: body, URL: "/r/abc", Tag: "room-abc"})
		tb.Run("a push", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, tg, serviceworker.DeliverPushMessage, serviceworker.DeliverPushMessageParams{
				Origin: origin, RegistrationID: id, Data: string(data)})
			return chromedp.Void{}, err
		})
	}
	shown := `navigator.serviceWorker.ready.then(function (r) { return r.getNotifications(); }).then(function (ns) {
		window.shown = ns.map(function (n) { return n.title + " | " + n.body + " | " + n.tag + " | " + n.data.url; });
	}), !!window.shown && window.shown.length === 1 && window.shown[0].includes("1 day")`
	if !tb.Soon(shown, 10*time.Second) {
		t.Fatalf("shown: %v", webtest.EvalJS[[]string](tb, `window.shown || []`))
	}
	require.Equal(t, []string{"Boardroom | You have 1 day left for your move. | room-abc | /r/abc"}, webtest.EvalJS[[]string](tb, `window.shown`))
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pushKeyOf is the site's public key, as GET /push/key gives it.
func pushKeyOf(t *testing.T, ts *webtest.Node) string {
	resp := newVisitor(t, ts, "192.0.2.50").do("GET", "/push/key", "", nil)
	var out struct{ Key string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out.Key
}
