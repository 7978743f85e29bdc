package web

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAGuestWhoSignsUpKeepsTheirSeats: the seats a guest holds in a
// browser are still theirs once they sign up or log in there.
func TestAGuestWhoSignsUpKeepsTheirSeats(t *testing.T) {
	ts := newTestServer(t)
	c := ts.browser(t)
	resp, _ := ts.create(t, c, url.Values{"game": {"kalah"}, "mode": {"friend"}, "name": {"Gus"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	loc := resp.Header.Get("Location")
	_, doc := get(t, c, ts.URL+loc)
	require.Equal(t, "Gus (you)", doc.Find(".player.seat0 .holder").Text())

	resp, _ = post(t, c, ts.URL+"/signup", account("gus", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = get(t, c, ts.URL+loc)
	require.Equal(t, "Gus (you)", doc.Find(".player.seat0 .holder").Text(), "the seat is still this browser's")
	require.True(t, doc.Find("[data-action=abort]").Length() > 0, "and its controls")
}
