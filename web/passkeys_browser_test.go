package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// addVirtualPasskeys gives the tab a platform authenticator (Chromium's
// virtual one, through the DevTools protocol) that keeps resident passkeys
// and verifies its user at once, as a phone's fingerprint would.
func (tb *tab) addVirtualPasskeys() webauthn.AuthenticatorID {
	tb.t.Helper()
	var id webauthn.AuthenticatorID
	tb.run("a virtual passkey holder", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
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
func (tb *tab) virtualPasskeys(id webauthn.AuthenticatorID) []*webauthn.Credential {
	tb.t.Helper()
	var creds []*webauthn.Credential
	tb.run("the passkeys held", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
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
	ts := newTestServer(t)
	base := strings.Replace(ts.URL, "127.0.0.1", "localhost", 1)
	dir := screenshotDir(t)
	browser := newBrowser(t, 1440, 900)
	me := newTab(t, browser, "me")
	authenticator := me.addVirtualPasskeys()

	me.run("sign up", chromedp.Navigate(base+"/signup"))
	me.waitShown("form[data-testid=signup]")
	me.run("sign up", chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=username]`), "Passkey_Pat"),
		chromedp.SendKeys(chromedp.CSS(`form[data-testid=signup] input[name=password]`), "a long password"),
		chromedp.Submit(chromedp.CSS(`form[data-testid=signup]`)))
	me.waitShown("a[data-testid=me]")

	me.run("the account page", chromedp.Navigate(base+"/account"))
	me.waitShown("[data-action=add-passkey]")
	require.True(t, evalJS[bool](me, `!document.querySelector("[data-action=add-passkey]").disabled`), "WebAuthn is there: the button works")
	failed := me.axeBothThemes("account, no passkey")
	me.click("[data-action=add-passkey]")
	me.waitShown("[data-testid=passkey]")
	require.Contains(t, me.text("[data-testid=passkey]"), "Chrome on Linux")
	require.Contains(t, me.text("[data-testid=passkey]"), "last used never")
	held := me.virtualPasskeys(authenticator)
	require.Len(t, held, 1)
	require.True(t, held[0].IsResidentCredential, "a passkey found with no name typed")
	require.Equal(t, "localhost", held[0].RpID)
	failed = append(failed, me.axeBothThemes("account, a passkey")...)
	me.screenshots(dir, "account")

	me.run("log out", chromedp.Click(chromedp.CSS("[data-action=logout]")))
	me.waitShown("[data-testid=login-link]")
	me.run("the log-in page", chromedp.Navigate(base+"/login?next=%2Frules"))
	me.waitShown("[data-action=passkey-login]")
	failed = append(failed, me.axeBothThemes("log in")...)
	me.screenshots(dir, "login")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))

	// What the page posts to finish is kept, to be posted again.
	evalJS[bool](me, `(function () {
		var fetch0 = window.fetch;
		window.fetch = function (url, opts) {
			if (String(url).indexOf("/passkey/login/finish") >= 0) sessionStorage.setItem("sent", opts.body);
			return fetch0.apply(this, arguments);
		};
		return true;
	})()`)
	me.click("[data-action=passkey-login]")
	me.waitShown("a[data-testid=me]")
	require.Equal(t, "Passkey_Pat", me.text("a[data-testid=me]"), "logged in by the passkey alone")
	require.Equal(t, base+"/rules", me.location(), "on to where the log-in was going")
	sent := evalJS[string](me, `sessionStorage.getItem("sent") || ""`)
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
	require.Nil(t, sessionCookie(resp))

	me.run("the account page", chromedp.Navigate(base+"/account"))
	me.waitShown("[data-testid=passkey]")
	require.NotContains(t, me.text("[data-testid=passkey]"), "last used never")
	me.click("[data-action=remove-passkey]")
	me.click("[data-action=confirm-remove-passkey]") // asked first
	me.waitShown("[data-testid=no-passkeys]")
	me.run("log out", chromedp.Click(chromedp.CSS("[data-action=logout]")))
	me.waitShown("[data-testid=login-link]")
	me.run("the log-in page", chromedp.Navigate(base+"/login"))
	me.waitShown("[data-action=passkey-login]")
	me.click("[data-action=passkey-login]")
	me.waitJS("the refusal said", `document.querySelector("[data-testid=passkey-error]").textContent !== ""`)
	require.Contains(t, me.text("[data-testid=passkey-error]"), "This passkey is not known here.")
	require.False(t, evalJS[bool](me, `document.querySelector("[data-action=passkey-login]").disabled`), "it may be tried again")
	require.False(t, evalJS[bool](me, `!!document.querySelector("[data-testid=me]")`))
	me.screenshots(dir, "login-refused")

	// A browser without WebAuthn: the button is disabled, and says why.
	old := newTab(t, browser, "an old browser")
	old.run("no WebAuthn", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: "delete window.PublicKeyCredential;"})
		return chromedp.Void{}, err
	})
	old.run("the log-in page", chromedp.Navigate(base+"/login"))
	old.waitJS("the button disabled", `document.querySelector("[data-action=passkey-login]").disabled`)
	require.True(t, evalJS[bool](old, `!document.querySelector("[data-testid=passkey-note]").hidden`))
	require.Contains(t, old.text("[data-testid=passkey-note]"), "This browser cannot use passkeys here")
	require.Equal(t, "passkey-unavailable", evalJS[string](old, `document.querySelector("[data-action=passkey-login]").getAttribute("aria-describedby")`))
	failed = old.axeBothThemes("log in, no WebAuthn")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
	old.screenshots(dir, "login-unavailable")
}

// screenshots saves the page at a desktop's and a phone's width.
func (tb *tab) screenshots(dir, name string) {
	tb.t.Helper()
	for _, size := range []struct {
		name          string
		width, height int
	}{{"desktop", 1440, 900}, {"phone", 390, 844}} {
		tb.run("size "+size.name, chromedp.EmulateViewport(int64(size.width), int64(size.height)))
		require.True(tb.t, evalJS[bool](tb, `document.documentElement.scrollWidth <= window.innerWidth`), "%s fits a %s", name, size.name)
		tb.screenshot(filepath.Join(dir, fmt.Sprintf("passkey-%s-%s.png", name, size.name)))
	}
	tb.run("size back", chromedp.EmulateViewport(1440, 900))
}
