package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"boardroom/accounts"
	"boardroom/web/webtest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGuessesDoNotLockTheOwnerOut: five wrong passwords a minute from
// anywhere closed an account's password log-in to its owner too. Now a
// guesser's tries at an account stop the guesser's network only: the
// owner, from any other network, logs in; from the guesser's network,
// nobody does (not even with the right password) until the minute is over.
func TestGuessesDoNotLockTheOwnerOut(t *testing.T) {
	handler := serverBehindProxy(newTestServer(t), Limits{}).Handler()
	send := func(path, from string, form url.Values) int { return postFrom(handler, path, from, form) }
	tests := []struct {
		name, guesser, owner string
		ownerLogsIn          bool
	}{
		{"IPv4, another address", "198.51.100.1", "198.51.100.2", true},
		{"IPv4, the guesser's address", "198.51.100.3", "198.51.100.3", false},
		{"IPv6, another /64", "2001:db8:1:1::1", "2001:db8:1:2::1", true},
		{"IPv6, the guesser's /64", "2001:db8:1:3::1", "2001:db8:1:3:ffff::7", false},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name := fmt.Sprintf("owner%d", i)
			require.Equal(t, http.StatusSeeOther, send("/signup", "203.0.113.1", webtest.Account(name, "the right password")))
			for try := range accounts.LoginsPerAccountNetwork {
				require.Equal(t, http.StatusUnauthorized, send("/login", tc.guesser, webtest.Account(name, "a wrong password")), "guess %d", try+1)
			}
			require.Equal(t, http.StatusTooManyRequests, send("/login", tc.guesser, webtest.Account(name, "a wrong password")),
				"the guesser's network has had its tries at the account")
			want := http.StatusTooManyRequests
			if tc.ownerLogsIn {
				want = http.StatusSeeOther
			}
			require.Equal(t, want, send("/login", tc.owner, webtest.Account(name, "the right password")))
		})
	}
}

// TestBusyHashingAnswers503: fifty log-ins at once took the server from
// 65 MB to 887 MB (19 MiB a hash). With every slot of the hashing gate
// taken, sign-ups and log-ins that cannot start within the wait are
// answered 503 with Retry-After and a sentence on the form, not queued
// without end; once a slot frees, they go through.
func TestBusyHashingAnswers503(t *testing.T) {
	ts := newTestServer(t)
	const slots = 2
	gate := accounts.NewHashGate(slots, 50*time.Millisecond)
	srv := serverBehindProxy(ts, Limits{})
	srv.Accounts = &accounts.Service{Store: ts.Store, Hashing: gate}
	ts.Config.Handler = srv.Handler()
	resp, _ := webtest.Post(t, ts.Browser(t), ts.URL+"/signup", webtest.Account("early", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)

	release := make(chan struct{})
	var held sync.WaitGroup
	for range slots { // the slots taken, as by slow hashes
		held.Add(1)
		go gate.Do(context.Background(), func() { held.Done(); <-release })
	}
	held.Wait()
	tests := []struct{ path, name string }{{"/login", "early"}, {"/signup", "late"}, {"/login", "nobody"}}
	var answered sync.WaitGroup
	for _, tc := range tests {
		answered.Go(func() {
			resp, doc := webtest.Post(t, ts.Browser(t), ts.URL+tc.path, webtest.Account(tc.name, "a long password"))
			assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, tc.path)
			assert.Equal(t, "2", resp.Header.Get("Retry-After"), tc.path)
			assert.Contains(t, doc.Find("[data-testid=form-error]").Text(), "try again in a few seconds", tc.path)
			assert.Nil(t, webtest.SessionCookie(resp), tc.path)
		})
	}
	answered.Wait()
	close(release)
	resp, _ = webtest.Post(t, ts.Browser(t), ts.URL+"/login", webtest.Account("early", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a slot free: logged in")
	resp, _ = webtest.Post(t, ts.Browser(t), ts.URL+"/signup", webtest.Account("late", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "and signed up: the busy try made nothing")
}
