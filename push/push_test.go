package push_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/push"
	"boardroom/push/pushtest"
)

// A browser's subscription, with its endpoint replaced.
func subscriptionAt(t *testing.T, endpoint string) []byte {
	t.Helper()
	_, sub := pushtest.New(t).Subscribe()
	var m map[string]any
	require.NoError(t, json.Unmarshal(sub, &m))
	m["endpoint"] = endpoint
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

func TestParseSubscription(t *testing.T) {
	hosts := push.Hosts{"fcm.googleapis.com", "*.notify.windows.com", "127.0.0.1:4443"}
	valid := subscriptionAt(t, "https://fcm.googleapis.com/fcm/send/abc")
	withKeys := func(p256dh, auth string) []byte {
		var m map[string]any
		require.NoError(t, json.Unmarshal(valid, &m))
		keys := m["keys"].(map[string]any)
		if p256dh != "" {
			keys["p256dh"] = p256dh
		}
		if auth != "" {
			keys["auth"] = auth
		}
		b, _ := json.Marshal(m)
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		err  string // "" when accepted
	}{
		{"a browser's subscription", valid, ""},
		{"a subdomain of a wildcard", subscriptionAt(t, "https://wns2-by3p.notify.windows.com/w/?token=x"), ""},
		{"the listed port", subscriptionAt(t, "https://127.0.0.1:4443/push/1"), ""},
		{"not JSON", []byte("endpoint=x"), "not a PushSubscription"},
		{"no endpoint", []byte(`{"keys":{}}`), "endpoint is missing"},
		{"plain http", subscriptionAt(t, "http://fcm.googleapis.com/fcm/send/abc"), "not an https URL"},
		{"an unlisted host", subscriptionAt(t, "https://169.254.169.254/latest/meta-data"), "169.254.169.254 is not a push service"},
		{"a listed host on another port", subscriptionAt(t, "https://fcm.googleapis.com:8443/x"), "not a push service"},
		{"another port of a listed host:port", subscriptionAt(t, "https://127.0.0.1:4444/x"), "not a push service"},
		{"the wildcard's bare suffix", subscriptionAt(t, "https://notify.windows.com/x"), "not a push service"},
		{"a look-alike host", subscriptionAt(t, "https://evilnotify.windows.com/x"), "not a push service"},
		{"a listed host as a user name", subscriptionAt(t, "https://fcm.googleapis.com@evil.example/x"), "not an https URL"},
		{"a long endpoint", subscriptionAt(t, "https://fcm.googleapis.com/"+strings.Repeat("a", 3000)), "too long"},
		{"a key off the curve's form", withKeys("AAAA", ""), "p256dh"},
		{"a short secret", withKeys("", "AAAA"), "keys.auth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := push.ParseSubscription(tc.data, hosts)
			if tc.err == "" {
				require.NoError(t, err)
				assert.NotEmpty(t, s.Endpoint)
				return
			}
			require.ErrorIs(t, err, push.ErrBadSubscription)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

func TestParseHosts(t *testing.T) {
	for _, tc := range []struct {
		list string
		want push.Hosts
		err  bool
	}{
		{"fcm.googleapis.com, *.notify.windows.com", push.Hosts{"fcm.googleapis.com", "*.notify.windows.com"}, false},
		{" FCM.googleapis.com ,,", push.Hosts{"fcm.googleapis.com"}, false},
		{"127.0.0.1:4443", push.Hosts{"127.0.0.1:4443"}, false},
		{"", nil, false},
		{"https://fcm.googleapis.com", nil, true},
		{"*", nil, true},
		{"*.", nil, true},
		{"a.*.com", nil, true},
	} {
		t.Run(tc.list, func(t *testing.T) {
			got, err := push.ParseHosts(tc.list)
			if tc.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDefaultHostsAreTheBrowsersServices(t *testing.T) {
	for _, endpoint := range []string{
		"https://fcm.googleapis.com/fcm/send/x",
		"https://updates.push.services.mozilla.com/wpush/v2/x",
		"https://web.push.apple.com/x",
		"https://wns2-bl2p.notify.windows.com/w/?token=x",
	} {
		u, err := url.Parse(endpoint)
		require.NoError(t, err)
		assert.True(t, push.DefaultHosts.Allows(u), endpoint)
	}
}

// sender returns a Sender with fresh keys that may send to r.
func sender(t *testing.T, r *pushtest.Receiver) (*push.Sender, push.Keys) {
	keys, err := push.NewKeys()
	require.NoError(t, err)
	return push.NewSender(keys, push.Hosts{r.Host()}, "mailto:ops@boardroom.test", r.Transport()), keys
}

func TestSendIsSignedAndEncryptedForTheDevice(t *testing.T) {
	r := pushtest.New(t)
	s, keys := sender(t, r)
	id, data := r.Subscribe()
	sub, err := push.ParseSubscription(data, push.Hosts{r.Host()})
	require.NoError(t, err)
	m := push.Message{Title: "Your move", Body: "Amazons against ada: 2 days left", URL: "/r/abc", Tag: "room-abc"}
	require.NoError(t, s.Send(context.Background(), sub, m))

	n, err := r.Next(2 * time.Second)
	require.NoError(t, err)
	var got push.Message
	require.NoError(t, json.Unmarshal(n.Payload, &got))
	assert.Equal(t, m, got)
	assert.Equal(t, id, n.Device)
	assert.Equal(t, keys.Public, n.Key)
	assert.Equal(t, "room-abc", n.Topic)
	assert.Equal(t, "86400", n.TTL)
	assert.Equal(t, s.PublicKey(), keys.Public)
}

func TestSendToAnUnsubscribedDeviceIsGone(t *testing.T) {
	r := pushtest.New(t)
	s, _ := sender(t, r)
	id, data := r.Subscribe()
	sub, err := push.ParseSubscription(data, push.Hosts{r.Host()})
	require.NoError(t, err)
	r.Unsubscribe(id)
	require.ErrorIs(t, s.Send(context.Background(), sub, push.Message{Title: "x"}), push.ErrGone)
}

func TestSendGoesOnlyToListedHosts(t *testing.T) {
	r := pushtest.New(t)
	_, data := r.Subscribe()
	sub, err := push.ParseSubscription(data, push.Hosts{r.Host()})
	require.NoError(t, err)

	t.Run("a host taken off the list since it subscribed", func(t *testing.T) {
		keys, err := push.NewKeys()
		require.NoError(t, err)
		s := push.NewSender(keys, push.DefaultHosts, "mailto:ops@boardroom.test", r.Transport())
		require.ErrorIs(t, s.Send(context.Background(), sub, push.Message{Title: "x"}), push.ErrBadSubscription)
		require.ErrorIs(t, s.Check(sub), push.ErrBadSubscription)
	})
	t.Run("a listed host that redirects elsewhere", func(t *testing.T) {
		redirect := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			http.Redirect(w, req, sub.Endpoint, http.StatusTemporaryRedirect)
		}))
		defer redirect.Close()
		keys, err := push.NewKeys()
		require.NoError(t, err)
		host := strings.TrimPrefix(redirect.URL, "https://")
		s := push.NewSender(keys, push.Hosts{host}, "mailto:ops@boardroom.test", redirect.Client().Transport)
		bounced := sub
		bounced.Endpoint = redirect.URL + "/push/x"
		err = s.Send(context.Background(), bounced, push.Message{Title: "x"})
		require.ErrorContains(t, err, "307")
	})
	_, err = r.Next(200 * time.Millisecond)
	require.Error(t, err, "nothing reached the receiver")
	assert.Empty(t, r.Refused())
}

func FuzzParseSubscription(f *testing.F) {
	r := pushtest.New(f)
	_, data := r.Subscribe()
	f.Add(data)
	f.Add([]byte(`{"endpoint":"https://fcm.googleapis.com/x","keys":{"p256dh":"","auth":""}}`))
	f.Add([]byte(`{"endpoint":"https://user@fcm.googleapis.com:443/x"}`))
	hosts := push.Hosts{"fcm.googleapis.com", "*.notify.windows.com", r.Host()}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := push.ParseSubscription(data, hosts)
		if err != nil {
			require.ErrorIs(t, err, push.ErrBadSubscription)
			return
		}
		u, err := url.Parse(s.Endpoint)
		require.NoError(t, err)
		require.True(t, hosts.Allows(u))
		require.Equal(t, "https", u.Scheme)
	})
}

// TestLoadedKeysAreKeptAndSign: LoadKeys makes a pair only where the
// keeper has none, and the pair it hands back (public and private in their
// places) signs what the receiver checks.
func TestLoadedKeysAreKeptAndSign(t *testing.T) {
	var kept []string
	made := 0
	keep := func(_ context.Context, fresh func() (string, string, error)) (string, string, error) {
		if kept == nil {
			pub, priv, err := fresh()
			if err != nil {
				return "", "", err
			}
			made++
			kept = []string{pub, priv}
		}
		return kept[0], kept[1], nil
	}
	keys, err := push.LoadKeys(context.Background(), keep)
	require.NoError(t, err)
	again, err := push.LoadKeys(context.Background(), keep)
	require.NoError(t, err)
	require.Equal(t, keys, again)
	require.Equal(t, 1, made)

	r := pushtest.New(t)
	s := push.NewSender(keys, push.Hosts{r.Host()}, "mailto:ops@boardroom.test", r.Transport())
	_, data := r.Subscribe()
	sub, err := push.ParseSubscription(data, push.Hosts{r.Host()})
	require.NoError(t, err)
	require.NoError(t, s.Send(context.Background(), sub, push.Message{Title: "x"}))
	n, err := r.Next(2 * time.Second)
	require.NoError(t, err)
	require.Equal(t, keys.Public, n.Key)

	_, err = push.LoadKeys(context.Background(), func(context.Context, func() (string, string, error)) (string, string, error) {
		return "", "", context.DeadlineExceeded
	})
	require.ErrorIs(t, err, context.DeadlineExceeded)
}
