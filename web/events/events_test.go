package events_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// arenaForm is a good form: a fast Kalah arena of 30 minutes starting in
// 10, changed by change.
func arenaForm(change func(url.Values)) url.Values {
	f := url.Values{"kind": {"arena"}, "game": {"kalah"}, "clock": {"fast"}, "minutes": {"30"}, "start": {"10"}, "rated": {"true"}}
	if change != nil {
		change(f)
	}
	return f
}

// corrSwiss changes a form into a correspondence Swiss event of three
// rounds, two days a move and roundDays between its rounds.
func corrSwiss(roundDays string) func(url.Values) {
	return func(f url.Values) {
		f.Set("kind", "swiss")
		f.Set("rounds", "3")
		f.Set("clock", "correspondence")
		f.Set("days", "2")
		f.Set("round_days", roundDays)
	}
}

// events lists the events in the store, of every status.
func events(t *testing.T, n *webtest.Node) []store.Tournament {
	t.Helper()
	var all []store.Tournament
	for _, status := range []string{store.TournamentCreated, store.TournamentStarted, store.TournamentFinished} {
		list, err := n.Store.ListTournaments(t.Context(), status, 100)
		require.NoError(t, err)
		all = append(all, list...)
	}
	return all
}

// TestCreateAnEvent: a signed-in player's form makes an arena and goes to
// its page; each bad field is refused in words with the form shown again
// and nothing made; a guest is sent to sign in; a player may have three
// events waiting.
func TestCreateAnEvent(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ann := n.SignedUp(t, "Ann")

	resp, doc := webtest.Get(t, ann, n.URL+"/tournaments/new")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	form := doc.Find("form[data-testid=tournament-form]")
	for _, field := range []string{"kind", "game", "clock", "days", "minutes", "start", "rounds", "two_games", "round_days", "rated", "bots", "name"} {
		assert.Equal(t, 1, form.Find("[name="+field+"]").Length(), field)
	}
	assert.Equal(t, 5, form.Find("select[name=game] option").Length(), "the registry's games")
	assert.False(t, form.Find("option[value=swiss]").Is("[disabled]"), "Swiss offered")

	for _, tc := range []struct {
		name   string
		change func(url.Values)
		why    string
	}{
		{"Swiss, no rounds", func(f url.Values) { f.Set("kind", "swiss") }, "The number of rounds must be a whole number from 1 to 15"},
		{"Swiss, too many rounds", func(f url.Values) { f.Set("kind", "swiss"); f.Set("rounds", "16") }, "from 1 to 15"},
		{"Swiss across days, no days between rounds", corrSwiss("0"), "The days between rounds must be a whole number from 1 to 30"},
		{"Swiss across days, too many days between rounds", corrSwiss("31"), "from 1 to 30"},
		{"Swiss across days, days between rounds in words", corrSwiss("a week"), "The days between rounds must be a whole number"},
		{"Swiss across days, no such days a move", func(f url.Values) { corrSwiss("")(f); f.Set("days", "4") },
			"Choose the days a move: 1, 2, 3, 5, 7 or 14 days"},
		{"no kind", func(f url.Values) { f.Del("kind") }, "Choose the kind"},
		{"no such game", func(f url.Values) { f.Set("game", "chess") }, "one of the site's games"},
		{"no such clock", func(f url.Values) { f.Set("clock", "blitz") }, "one of the move clocks"},
		{"correspondence", func(f url.Values) { f.Set("clock", "correspondence") }, "a correspondence game days"},
		{"no clock", func(f url.Values) { f.Set("clock", "none") }, "needs a move clock"},
		{"too short", func(f url.Values) { f.Set("minutes", "5") }, "The length must be a whole number from 10 to 120"},
		{"too long", func(f url.Values) { f.Set("minutes", "121") }, "from 10 to 120"},
		{"minutes not a number", func(f url.Values) { f.Set("minutes", "half an hour") }, "The length must be a whole number"},
		{"start in the past", func(f url.Values) { f.Set("start", "-1") }, "The start must be a whole number from 0 to 1440"},
		{"start too far", func(f url.Values) { f.Set("start", "1441") }, "from 0 to 1440"},
		{"name too long", func(f url.Values) { f.Set("name", strings.Repeat("n", 41)) }, "40 letters long at most"},
		{"name with a control character", func(f url.Values) { f.Set("name", "a\x07b") }, "control characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, doc := webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(tc.change))
			require.Equal(t, http.StatusBadRequest, resp.StatusCode)
			alert := doc.Find("[data-testid=form-error][role=alert]").Text()
			require.Contains(t, alert, tc.why)
			require.Equal(t, 1, doc.Find("form[data-testid=tournament-form]").Length(), "the form again")
			require.Empty(t, events(t, n), "nothing made")
		})
	}

	resp, _ = webtest.Post(t, n.Browser(t), n.URL+"/tournaments", arenaForm(nil))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "a guest")
	require.True(t, strings.HasPrefix(resp.Header.Get("Location"), "/login"))
	require.Empty(t, events(t, n))

	resp, _ = webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(nil))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	made := events(t, n)
	require.Len(t, made, 1)
	e := made[0]
	require.Equal(t, "/t/"+e.ID, resp.Header.Get("Location"))
	assert.Equal(t, "Kalah Arena", e.Name, "named after its game")
	assert.Equal(t, "Ann", e.Creator)
	assert.Equal(t, store.Arena, e.Kind)
	assert.Equal(t, 30, e.Minutes)
	assert.True(t, e.Rated)
	assert.False(t, e.Bots)
	assert.WithinDuration(t, time.Now().Add(10*time.Minute), e.Starts, time.Minute)

	for range 2 {
		resp, _ = webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(func(f url.Values) { f.Set("name", "Ann's own") }))
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	resp, doc = webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(func(f url.Values) { f.Set("kind", "swiss"); f.Set("rounds", "3") }))
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a fourth waiting")
	require.Contains(t, doc.Find("[role=alert]").Text(), "3 events waiting to start")
	require.Len(t, events(t, n), 3)
}

// TestEventFormsAreSameOrigin: every form of the events' pages is refused
// from another site.
func TestEventFormsAreSameOrigin(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ann := n.SignedUp(t, "Ann")
	resp, _ := webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(nil))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	id := events(t, n)[0].ID
	for _, path := range []string{"/tournaments", "/t/" + id + "/join", "/t/" + id + "/leave", "/t/" + id + "/start"} {
		req, err := http.NewRequest(http.MethodPost, n.URL+path, strings.NewReader(arenaForm(nil).Encode()))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := ann.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusForbidden, resp.StatusCode, path)
	}
	require.Len(t, events(t, n), 1)
	entrants, err := n.Store.Entrants(t.Context(), id)
	require.NoError(t, err)
	require.Empty(t, entrants)
}

// TestJoinLeaveAndStart: a guest is asked to sign in; a player joins and
// withdraws before the start (her row gone); only the creator may start the event early,
// once; a missing event is 404.
func TestJoinLeaveAndStart(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ann, bea := n.SignedUp(t, "Ann"), n.SignedUp(t, "Bea")
	guest := n.Browser(t)
	resp, _ := webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(func(f url.Values) { f.Set("start", "60") }))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	page := resp.Header.Get("Location")
	id := strings.TrimPrefix(page, "/t/")

	_, doc := webtest.Get(t, guest, n.URL+page)
	require.Equal(t, 1, doc.Find("[data-testid=sign-in-to-join]").Length())
	require.Zero(t, doc.Find("[data-action=join-tournament]").Length())
	for _, action := range []string{"join", "leave", "start"} {
		resp, _ = webtest.Post(t, guest, n.URL+page+"/"+action, nil)
		require.Equal(t, http.StatusSeeOther, resp.StatusCode, action)
		require.Equal(t, "/login?next=%2Ft%2F"+id, resp.Header.Get("Location"), action)
	}

	_, doc = webtest.Get(t, bea, n.URL+page)
	require.Equal(t, 1, doc.Find("[data-action=join-tournament]").Length())
	require.Zero(t, doc.Find("[data-action=start-tournament]").Length(), "not hers")
	resp, _ = webtest.Post(t, bea, n.URL+page+"/join", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = webtest.Get(t, bea, n.URL+page)
	require.Equal(t, "Withdraw", strings.TrimSpace(doc.Find("[data-action=leave-tournament]").Text()), "before the start")
	row := doc.Find("[data-testid=standing][data-player=Bea]")
	require.Equal(t, 1, row.Length())
	require.Equal(t, "0", row.AttrOr("data-score", ""))
	resp, _ = webtest.Post(t, bea, n.URL+page+"/leave", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	_, doc = webtest.Get(t, bea, n.URL+page)
	require.Equal(t, "Join", strings.TrimSpace(doc.Find("[data-action=join-tournament]").Text()), "she may come back")
	require.Zero(t, doc.Find("[data-testid=standing][data-player=Bea]").Length(), "withdrawn before the start: not listed")

	resp, doc = webtest.Post(t, bea, n.URL+page+"/start", nil)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	require.Contains(t, doc.Find("[role=alert]").Text(), "Only the player who made this event")
	_, doc = webtest.Get(t, ann, n.URL+page)
	require.Equal(t, 1, doc.Find("[data-action=start-tournament]").Length())
	resp, _ = webtest.Post(t, ann, n.URL+page+"/start", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	require.Eventually(t, func() bool {
		e, err := n.Store.Tournament(t.Context(), id)
		return err == nil && e.Status == store.TournamentStarted
	}, 5*time.Second, 20*time.Millisecond, "the director starts it")
	resp, doc = webtest.Post(t, ann, n.URL+page+"/start", nil)
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	require.Contains(t, doc.Find("[role=alert]").Text(), "already started")

	for _, action := range []string{"join", "leave", "start"} {
		resp, _ = webtest.Post(t, ann, n.URL+"/t/none/"+action, nil)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, action)
	}
	resp, _ = webtest.Get(t, ann, n.URL+"/t/none")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// TestTheListsSections: /tournaments shows each event in its section,
// with its game, clock, kind, time and players, linking to its page; the
// form's link for a signed-in player only.
func TestTheListsSections(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	now := time.Now()
	for _, e := range []*store.Tournament{
		{ID: "soon", Name: "Soon Arena", Kind: store.Arena, Game: "kalah", Clock: "fast", Minutes: 30, Starts: now.Add(time.Hour), Created: now},
		{ID: "running", Name: "Running Arena", Kind: store.Arena, Game: "kalah", Clock: "bullet", Minutes: 30, Starts: now, Created: now},
		{ID: "done", Name: "Done Arena", Kind: store.Arena, Game: "kalah", Clock: "slow", Minutes: 10, Starts: now, Created: now},
	} {
		require.NoError(t, n.Store.CreateTournament(ctx, e))
	}
	require.NoError(t, n.Store.JoinTournament(ctx, "soon", store.Entrant{Account: "Ann", Rating: 1500, Joined: now}))
	require.NoError(t, n.Store.JoinTournament(ctx, "done", store.Entrant{Account: "Cat", Rating: 1500, Joined: now})) // alone: never paired
	for _, id := range []string{"running", "done"} {
		require.Eventually(t, func() bool {
			e, err := n.Store.Tournament(ctx, id)
			return err == nil && e.Status == store.TournamentStarted
		}, 5*time.Second, 20*time.Millisecond, "the director starts it")
	}
	// done ends: its director's lease is taken over as a node that ran
	// out would be, and it is finished.
	d, err := n.Store.Direct(ctx, "done", "test", time.Now(), time.Minute)
	require.NoError(t, err)
	require.NoError(t, n.Store.FinishTournament(ctx, "done", d, time.Now()))

	rowsOf := func(doc *goquery.Document, section string) []string {
		var ids []string
		doc.Find("[data-testid=events-" + section + "] [data-testid=tournament-row]").Each(func(_ int, s *goquery.Selection) {
			ids = append(ids, s.AttrOr("data-event", ""))
		})
		return ids
	}
	resp, doc := webtest.Get(t, n.Browser(t), n.URL+"/tournaments")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, []string{"soon"}, rowsOf(doc, "upcoming"))
	assert.Equal(t, []string{"running"}, rowsOf(doc, "running"))
	assert.Equal(t, []string{"done"}, rowsOf(doc, "finished"))
	soon := doc.Find("[data-event=soon]")
	assert.Equal(t, "/t/soon", soon.Find("a").AttrOr("href", ""))
	text := soon.Text()
	for _, want := range []string{"Soon Arena", "Kalah", "Fast", "Arena", "Starts", "1"} {
		assert.Contains(t, text, want)
	}
	assert.Equal(t, 1, soon.Find("[data-countdown]").Length())
	assert.Equal(t, "1", strings.TrimSpace(soon.Find("td").Last().Text()), "its players")
	assert.Equal(t, "0", strings.TrimSpace(doc.Find("[data-event=running] td").Last().Text()))
	assert.Zero(t, doc.Find("[data-testid=create-event]").Length(), "a guest")
	_, doc = webtest.Get(t, n.SignedUp(t, "Bea"), n.URL+"/tournaments")
	assert.Equal(t, "/tournaments/new", doc.Find("[data-testid=create-event]").AttrOr("href", ""))
	_, doc = webtest.Get(t, n.Browser(t), n.URL+"/t/done")
	assert.Equal(t, "finished", doc.Find("[data-testid=event-status]").AttrOr("data-status", ""))
	assert.Equal(t, 1, doc.Find("[data-testid=podium]").Length())
	assert.Zero(t, doc.Find("[data-testid=sign-in-to-join]").Length(), "nobody joins a finished event")
	resp, doc = webtest.Post(t, n.LogIn(t, "Bea"), n.URL+"/t/done/join", nil)
	assert.Equal(t, http.StatusConflict, resp.StatusCode)
	assert.Contains(t, doc.Find("[role=alert]").Text(), "This event has finished.")
	entrants, err := n.Store.Entrants(ctx, "done")
	require.NoError(t, err)
	assert.Len(t, entrants, 1, "Cat alone")
}

// TestTheSiteSocketWatchesAnEvent: an event's page, a guest's too, is
// sent the event's live part on opening and as it changes; a player whom
// the director pairs is sent to the game, from the event's page or any
// other, a guest never. A guest's socket
// without an event is refused.
func TestTheSiteSocketWatchesAnEvent(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ann, bea, cat, guest := n.SignedUp(t, "Ann"), n.SignedUp(t, "Bea"), n.SignedUp(t, "Cat"), n.Browser(t)
	resp, _ := webtest.Post(t, ann, n.URL+"/tournaments", arenaForm(func(f url.Values) { f.Set("start", "60") }))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	page := resp.Header.Get("Location")
	id := strings.TrimPrefix(page, "/t/")

	_, err := n.DialSite(t, guest, "")
	require.Error(t, err, "a guest's socket watches something")
	watching, err := n.DialSite(t, guest, "?event="+id+"&room=")
	require.NoError(t, err)
	live := func(p *webtest.SitePage, what, want string) {
		t.Helper()
		p.Until(what, func(m webtest.SiteMessage) bool { return m.Event != nil && strings.Contains(*m.Event, want) })
	}
	live(watching, "the live part on opening", "Nobody has joined yet")
	beas, err := n.DialSite(t, bea, "?event="+id+"&room=")
	require.NoError(t, err)

	for _, c := range []*http.Client{bea, cat} {
		resp, _ = webtest.Post(t, c, n.URL+page+"/join", nil)
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	}
	live(watching, "Cat joined", `data-player="Cat"`)
	cats := n.OpenSite(t, cat) // a page elsewhere (the lobby): it follows her events
	resp, _ = webtest.Post(t, ann, n.URL+page+"/start", nil)
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	sent := beas.Until("Bea sent to her game", func(m webtest.SiteMessage) bool { return m.Go != "" })
	games, err := n.Store.TournamentGames(t.Context(), id)
	require.NoError(t, err)
	require.Len(t, games, 1)
	require.Equal(t, "/r/"+games[0].Room, sent.Go)
	require.Equal(t, sent.Go, cats.Until("Cat sent to her game from elsewhere", func(m webtest.SiteMessage) bool { return m.Go != "" }).Go)
	m := watching.Until("both playing", func(m webtest.SiteMessage) bool {
		return m.Event != nil && strings.Count(*m.Event, `data-testid="playing"`) == 2
	})
	require.Empty(t, m.Go, "a guest is sent nowhere")
}

// An event says who may enter it: in the list and on its page; an engine
// championship offers people no Join (its games are theirs to watch),
// and refuses one posted in words.
func TestWhoMayEnter(t *testing.T) {
	t.Parallel()
	n := sitetest.New(t)
	ctx := t.Context()
	later := time.Now().Add(time.Hour)
	for _, tc := range []struct {
		id         string
		bots, only bool
		kind       string
		join       bool
	}{
		{"open", true, false, "Arena", true},
		{"people", false, false, "Arena · no bots", true},
		{"engines", true, true, "Arena · bots only", false},
	} {
		t.Run(tc.id, func(t *testing.T) {
			require.NoError(t, n.Store.CreateTournament(ctx, &store.Tournament{ID: tc.id, Name: "E " + tc.id, Kind: store.Arena,
				Game: "kalah", Clock: "fast", Minutes: 30, Bots: tc.bots, BotsOnly: tc.only, Starts: later, Created: later}))
			_, doc := webtest.Get(t, n.Browser(t), n.URL+"/tournaments")
			assert.Contains(t, doc.Find("[data-event="+tc.id+"]").Text(), tc.kind)
			bea := n.SignedUp(t, "Bea-"+tc.id)
			_, doc = webtest.Get(t, bea, n.URL+"/t/"+tc.id)
			assert.Equal(t, tc.join, doc.Find("[data-action=join-tournament]").Length() == 1)
			assert.Equal(t, !tc.join, doc.Find("[data-testid=bots-only]").Length() == 1)
			if !tc.join {
				resp, doc := webtest.Post(t, bea, n.URL+"/t/"+tc.id+"/join", nil)
				assert.Equal(t, http.StatusConflict, resp.StatusCode)
				assert.Contains(t, doc.Find("[role=alert]").Text(), "bots only")
			}
		})
	}
}
