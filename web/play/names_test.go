package play_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/web/request"
	"boardroom/web/webtest"
)

// TestNamesFromTheFormAndTheCookie: the lobby's name field names the
// creator's seat and is remembered in the name cookie; without the field,
// the cookie's name is used; a joiner who sends no name is called by its
// cookie. Every name reaches the page as text.
func TestNamesFromTheFormAndTheCookie(t *testing.T) {
	ts := newTestServer(t)
	base, _ := url.Parse(ts.URL)
	tests := []struct {
		name     string
		field    string // the form's name field (absent when "-")
		cookie   string // the creator's name cookie, unescaped
		want     string // the creator's seat
		remember string // the name cookie set, escaped ("": none set)
	}{
		{"the form's name", "  Alice\x00 ", "", "Alice", "Alice"},
		{"markup is text", "<b>Al</b> & co", "", "<b>Al</b> & co", "%3Cb%3EAl%3C%2Fb%3E%20&%20co"},
		{"no field: the cookie's", "-", "Zoë", "Zoë", "Zo%C3%AB"},
		{"a blank field: the cookie's", "   ", "Zoë", "Zoë", "Zo%C3%AB"},
		{"neither: a guest", "-", "", "Guest ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			alice := ts.Browser(t)
			if tc.cookie != "" {
				alice.Jar.SetCookies(base, []*http.Cookie{{Name: request.NameCookie, Value: url.PathEscape(tc.cookie)}})
			}
			form := url.Values{"game": {"kalah"}, "mode": {"friend"}}
			if tc.field != "-" {
				form.Set("name", tc.field)
			}
			resp, _ := ts.Create(t, alice, form)
			require.Equal(t, http.StatusSeeOther, resp.StatusCode)
			set := ""
			for _, c := range resp.Cookies() {
				if c.Name == request.NameCookie {
					set = c.Value
					require.False(t, c.HttpOnly, "the page's script writes it too")
				}
			}
			require.Equal(t, tc.remember, set)
			loc := resp.Header.Get("Location")

			_, doc := webtest.Get(t, alice, ts.URL+loc)
			require.True(t, strings.HasPrefix(doc.Find(".player.seat0 .holder").Text(), tc.want))
			require.True(t, strings.HasSuffix(doc.Find(".player.seat0 .holder").Text(), " (you)"))
			require.Zero(t, doc.Find(".players b").Length(), "never markup")

			// Bob's browser says his name in its cookie; his Join sends none.
			bob := ts.Browser(t)
			bob.Jar.SetCookies(base, []*http.Cookie{{Name: request.NameCookie, Value: url.PathEscape("Bob <3")}})
			webtest.Get(t, bob, ts.URL+loc)
			ws, _, err := ts.DialRoom(t, bob, loc, ts.URL)
			require.NoError(t, err)
			defer ws.CloseNow()
			webtest.ReadFragment(t, ws)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(`{"action":"join"}`)))
			doc = webtest.ReadFragment(t, ws)
			require.Equal(t, "Bob <3 (you)", doc.Find(".player.seat1 .holder").Text())
			_, doc = webtest.Get(t, ts.Browser(t), ts.URL+loc)
			require.Equal(t, "Bob <3", doc.Find(".player.seat1 .holder").Text(), "a spectator sees names")
			require.True(t, strings.HasPrefix(doc.Find(".player.seat0 .holder").Text(), tc.want))
		})
	}
}
