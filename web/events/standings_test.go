package events_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// bigArena makes arena "big" of n, starting in an hour, with 45 players
// ranked by rating before any game: p00 (the highest) first, and Zed, whose
// rating puts her 31st, on the second page of the standings. It says when
// they joined.
func bigArena(t *testing.T, n *webtest.Node) time.Time {
	t.Helper()
	now := time.Now()
	require.NoError(t, n.Store.CreateTournament(t.Context(), &store.Tournament{ID: "big", Name: "Big Arena", Kind: store.Arena, Game: "kalah",
		Options: map[string]string{}, Clock: vocab.FastClock, Minutes: 60, Starts: now.Add(time.Hour), Created: now}))
	for i := range 45 {
		name := fmt.Sprintf("p%02d", i)
		if i == 30 {
			name = "Zed"
		}
		require.NoError(t, n.Store.JoinTournament(t.Context(), "big", store.Entrant{Account: name, Rating: 2000 - 10*i, Joined: now, Active: true}))
	}
	return now
}

// TestStandingsComeInPages: a big event's standings are drawn a page of 20
// at a time, on its page and over the site's socket, with a pager that
// works without script; a player in the event opens on the page of their
// own row and has a link back to it; a page past the last is the last.
// Before, every page was sent every row: 435 KB a message for a thousand
// players, to every page watching, at every result.
func TestStandingsComeInPages(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	now := bigArena(t, n)
	zed := n.SignedUp(t, "Zed")
	players := func(doc *goquery.Document) []string {
		var out []string
		doc.Find("[data-testid=standing]").Each(func(_ int, s *goquery.Selection) { out = append(out, s.AttrOr("data-player", "")) })
		return out
	}
	for _, tc := range []struct {
		name, query string
		client      *http.Client
		page        string
		first, last string
		rows        int
		shown       string
		myPlace     bool
	}{
		{"a guest: the first page", "", n.Browser(t), "1", "p00", "p19", 20, "Players 1–20 of 45", false},
		{"the second", "?page=2", n.Browser(t), "2", "p20", "p39", 20, "Players 21–40 of 45", false},
		{"the last, shorter", "?page=3", n.Browser(t), "3", "p40", "p44", 5, "Players 41–45 of 45", false},
		{"past the last: the last", "?page=99", n.Browser(t), "3", "p40", "p44", 5, "Players 41–45 of 45", false},
		{"a page that is no number: the first", "?page=x", n.Browser(t), "1", "p00", "p19", 20, "Players 1–20 of 45", false},
		{"a player in it: their own page", "", zed, "2", "p20", "p39", 20, "Players 21–40 of 45", true},
		{"they turn to the first", "?page=1", zed, "1", "p00", "p19", 20, "Players 1–20 of 45", true},
		{"and back to theirs", "?page=me", zed, "2", "p20", "p39", 20, "Players 21–40 of 45", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, doc := webtest.Get(t, tc.client, n.URL+"/t/big"+tc.query)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			got := players(doc)
			require.Len(t, got, tc.rows)
			assert.Equal(t, tc.first, got[0])
			assert.Equal(t, tc.last, got[len(got)-1])
			assert.Equal(t, tc.page, doc.Find("#event").AttrOr("data-page", ""), "the socket asks for the page shown")
			pager := doc.Find("[data-testid=standings-pages]")
			assert.Equal(t, tc.page, pager.Find("[aria-current=page]").Text())
			assert.Equal(t, "/t/big?page=3#standings-title", pager.Find("a[data-page='3']").AttrOr("href", ""))
			assert.Equal(t, tc.page != "1", pager.Find("a[rel=prev]").Length() == 1, "Previous but on the first")
			assert.Equal(t, tc.page != "3", pager.Find("a[rel=next]").Length() == 1, "Next but on the last")
			assert.Equal(t, tc.shown, strings.TrimSpace(doc.Find("[data-testid=standings-shown]").Text()))
			assert.Equal(t, tc.myPlace, doc.Find("[data-testid=my-place]").Length() == 1)
		})
	}

	// The socket sends the page asked for, and a page's change to it.
	second, err := n.DialSite(t, n.Browser(t), "?event=big&room=&page=2")
	require.NoError(t, err)
	m := second.Until("the second page", func(m webtest.SiteMessage) bool { return m.Event != nil })
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(*m.Event))
	require.NoError(t, err)
	got := players(doc)
	require.Len(t, got, 20)
	assert.Equal(t, []string{"p20", "p39"}, []string{got[0], got[19]})
	assert.Less(t, len(*m.Event), 20_000, "a page of rows, not all of them")

	// A newcomer rated above everyone moves every row down one: the
	// second page now starts with p19.
	require.NoError(t, n.Store.JoinTournament(ctx, "big", store.Entrant{Account: "Ace", Rating: 2500, Joined: now, Active: true}))
	m = second.Until("the second page again", func(m webtest.SiteMessage) bool {
		return m.Event != nil && strings.Contains(*m.Event, "Players 21–40 of 46")
	})
	doc, err = goquery.NewDocumentFromReader(strings.NewReader(*m.Event))
	require.NoError(t, err)
	assert.Equal(t, "p19", players(doc)[0])

	// An event that fits one page has no pager.
	require.NoError(t, n.Store.CreateTournament(ctx, &store.Tournament{ID: "small", Name: "Small Arena", Kind: store.Arena, Game: "kalah",
		Options: map[string]string{}, Clock: vocab.FastClock, Minutes: 60, Starts: now.Add(time.Hour), Created: now}))
	require.NoError(t, n.Store.JoinTournament(ctx, "small", store.Entrant{Account: "Zed", Rating: 1500, Joined: now, Active: true}))
	_, doc = webtest.Get(t, zed, n.URL+"/t/small")
	assert.Len(t, players(doc), 1)
	assert.Zero(t, doc.Find("[data-testid=standings-pages]").Length())
	assert.Zero(t, doc.Find("[data-testid=my-place]").Length())
}
