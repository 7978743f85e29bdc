package account_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// addVirtualPasskeys gives the tab a platform authenticator (Chromium's
// virtual one, through the DevTools protocol) that keeps resident passkeys
// and verifies its user at once, as a phone's fingerprint would.
func addVirtualPasskeys(tb *webtest.Tab) webauthn.AuthenticatorID {
	tb.T.Helper()
	var id webauthn.AuthenticatorID
	tb.Run("a virtual passkey holder", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, webauthn.Enable, webauthn.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		res, err := cdp.Call(ctx, tg, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{
			Options: &webauthn.VirtualAuthenticatorOptions{Protocol: webauthn.AuthenticatorProtocolCtap2,
				Transport: webauthn.AuthenticatorTransportInternal, HasResidentKey: true, HasUserVerification: true,
				IsUserVerified: true, AutomaticPresenceSimulation: true}})
		id = res.AuthenticatorID
		return chromedp.Void{}, err
	})
	return id
}

// virtualPasskeys are the passkeys the tab's virtual authenticator holds.
func virtualPasskeys(tb *webtest.Tab, id webauthn.AuthenticatorID) []*webauthn.Credential {
	tb.T.Helper()
	var creds []*webauthn.Credential
	tb.Run("the passkeys held", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		res, err := cdp.Call(ctx, tg, webauthn.GetCredentials, webauthn.GetCredentialsParams{AuthenticatorID: id})
		creds = res.Credentials
		return chromedp.Void{}, err
	})
	return creds
}

// TestBrowserPasskey: a player signs up with a password, adds a passkey on
// their account page (Chromium's virtual authenticator keeps it), logs
// out, and logs in on the log-in page with the passkey button alone,
// arriving where they were going with their name in the header. The
// assertion the browser sent, posted again, logs nobody in. Once the
// passkey is removed from the account, the page says it is not known. The
// account and log-in pages pass axe in both themes with the new buttons.
// The site is reached as localhost: a passkey needs a host name, and
// Chromium refuses an IP address as the relying party.
func TestBrowserPasskey(t *testing.T) {
	t.Parallel()
	ts := sitetest.New(t)
	base := strings.Replace(ts.URL, "127.0.0.1", "localhost", 1)
	dir := webtest.ScreenshotDir(t)
	browser := webtest.NewBrowser(t, 1440, 900)
	me := webtest.NewTab(t, browser, "me")
	authenticator := addVirtualPasskeys(me)

	me.Run("sign up", chromedp.Navigate(base+"/signup"))
	me.WaitShown("form[data-testid=signup]")
	me.Run("sign up", chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=username]`), "Passkey_Pat"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	me.WaitShown("a[data-testid=me]")

	me.Run("the account page", chromedp.Navigate(base+"/account"))
	me.WaitShown("[data-action=add-passkey]")
	require.True(t, webtest.EvalJS[bool](me, `!document.querySelector("[data-action=add-passkey]").disabled`), "WebAuthn is there: the button works")
	failed := me.AxeBothThemes("account, no passkey")
	me.Click("[data-action=add-passkey]")
	me.WaitShown("[data-testid=passkey]")
	require.Contains(t, me.Text("[data-testid=passkey]"), "Chrome on Linux")
	require.Contains(t, me.Text("[data-testid=passkey]"), "last used never")
	held := virtualPasskeys(me, authenticator)
	require.Len(t, held, 1)
	require.True(t, held[0].IsResidentCredential, "a passkey found with no name typed")
	require.Equal(t, "localhost", held[0].RpID)
	failed = append(failed, me.AxeBothThemes("account, a passkey")...)
	me.ShotsThatFit(dir, "passkey-account")

	me.Run("log out", chromedp.Click(chromedp.CSS("[data-action=logout]")))
	me.WaitShown("[data-testid=login-link]")
	me.Run("the log-in page", chromedp.Navigate(base+"/login?next=%2Frules"))
	me.WaitShown("[data-action=passkey-login]")
	failed = append(failed, me.AxeBothThemes("log in")...)
	me.ShotsThatFit(dir, "passkey-login")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	// What the page posts to finish is kept, to be posted again.
	webtest.EvalJS[bool](me, `(function () {
		var fetch0 = window.fetch;
		window.fetch = function (url, opts) {
			if (String(url).indexOf("/passkey/login/finish") >= 0) sessionStorage.setItem("sent", opts.body);
			return fetch0.apply(this, arguments);
		};
		return true;
	})()`)
	me.Click("[data-action=passkey-login]")
	me.WaitShown("a[data-testid=me]")
	require.Equal(t, "Passkey_Pat", me.Text("a[data-testid=me]"), "logged in by the passkey alone")
	require.Equal(t, base+"/rules", me.Location(), "on to where the log-in was going")
	sent := webtest.EvalJS[string](me, `sessionStorage.getItem("sent") || ""`)
	require.Contains(t, sent, `"userHandle"`)

	// The browser's assertion, posted again to a new challenge, from
	// another client: refused, no session.
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	thief := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	resp, err := thief.Post(base+"/passkey/login/begin", "application/json", nil)
	require.NoError(t, err)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp, err = thief.Post(base+"/passkey/login/finish", "application/json", bytes.NewReader([]byte(sent)))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "a replayed assertion")
	require.Nil(t, webtest.SessionCookie(resp))

	me.Run("the account page", chromedp.Navigate(base+"/account"))
	me.WaitShown("[data-testid=passkey]")
	require.NotContains(t, me.Text("[data-testid=passkey]"), "last used never")
	me.Click("[data-action=remove-passkey]")
	me.Click("[data-action=confirm-remove-passkey]") // asked first
	me.WaitShown("[data-testid=no-passkeys]")
	me.Run("log out", chromedp.Click(chromedp.CSS("[data-action=logout]")))
	me.WaitShown("[data-testid=login-link]")
	me.Run("the log-in page", chromedp.Navigate(base+"/login"))
	me.WaitShown("[data-action=passkey-login]")
	me.Click("[data-action=passkey-login]")
	me.WaitJS("the refusal said", `document.querySelector("[data-testid=passkey-error]").textContent !== ""`)
	require.Contains(t, me.Text("[data-testid=passkey-error]"), "This passkey is not known here.")
	require.False(t, webtest.EvalJS[bool](me, `document.querySelector("[data-action=passkey-login]").disabled`), "it may be tried again")
	require.False(t, webtest.EvalJS[bool](me, `!!document.querySelector("[data-testid=me]")`))
	me.ShotsThatFit(dir, "passkey-login-refused")

	// A browser without WebAuthn: the button is disabled, and says why.
	old := webtest.NewTab(t, browser, "an old browser")
	old.Run("no WebAuthn", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: "delete window.PublicKeyCredential;"})
		return chromedp.Void{}, err
	})
	old.Run("the log-in page", chromedp.Navigate(base+"/login"))
	old.WaitJS("the button disabled", `document.querySelector("[data-action=passkey-login]").disabled`)
	require.True(t, webtest.EvalJS[bool](old, `!document.querySelector("[data-testid=passkey-note]").hidden`))
	require.Contains(t, old.Text("[data-testid=passkey-note]"), "This browser cannot use passkeys here")
	require.Equal(t, "passkey-unavailable", webtest.EvalJS[string](old, `document.querySelector("[data-action=passkey-login]").getAttribute("aria-describedby")`))
	failed = old.AxeBothThemes("log in, no WebAuthn")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
	old.ShotsThatFit(dir, "passkey-login-unavailable")
}
