package account_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/vacation"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// The account page starts and ends a vacation, says the days left, and
// refuses in words what cannot be done, changing nothing.
func TestVacationForm(t *testing.T) {
	ts := sitetest.New(t)
	c := ts.SignedUp(t, "ann")
	ctx := context.Background()
	away := func() bool {
		got, err := ts.Store.AccountVacations(ctx, []string{"ann"}, time.Time{})
		require.NoError(t, err)
		_, ok := vacation.Away(got["ann"], ts.Hub.Now())
		return ok
	}
	year := ts.Hub.Now().UTC().Format("2006")

	_, doc := webtest.Get(t, c, ts.URL+"/account")
	box := doc.Find("[data-testid=vacation]")
	require.Equal(t, 1, box.Length())
	assert.Equal(t, "14 days left in "+year+".", strings.TrimSpace(box.Find("[data-testid=vacation-days]").Text()))
	assert.Contains(t, box.Text(), "calendar year (counted in UTC)")
	assert.Contains(t, box.Text(), "whole or begun")
	assert.Equal(t, "Start a vacation", strings.TrimSpace(box.Find("[data-action=vacation]").Text()))

	steps := []struct {
		name   string
		do     string
		status int
		// says is in the notice (or, refused, the section's error).
		says, refused string
		away          bool
		daysLeft      string
		button        string
	}{
		{"start", "start", http.StatusOK, "Your vacation has begun", "", true, "13 days left", "End my vacation"},
		{"start again", "start", http.StatusConflict, "", "You are on vacation already: nothing changed.", true, "13 days left", "End my vacation"},
		{"end", "stop", http.StatusOK, "Your vacation has ended", "", false, "13 days left", "Start a vacation"},
		{"end again", "stop", http.StatusConflict, "", "You are not on vacation (it may have ended by itself): nothing changed.", false, "13 days left", "Start a vacation"},
		{"neither", "pause", http.StatusBadRequest, "", "The form could not be read: nothing changed.", false, "13 days left", "Start a vacation"},
	}
	for _, step := range steps {
		resp, doc := webtest.Post(t, c, ts.URL+"/account/vacation", url.Values{"do": {step.do}})
		require.Equal(t, step.status, resp.StatusCode, step.name)
		box := doc.Find("[data-testid=vacation]")
		if step.says != "" {
			assert.Contains(t, doc.Find("[data-testid=account-notice]").Text(), step.says, step.name)
		}
		assert.Equal(t, step.refused, box.Find("[data-testid=vacation-error]").Text(), step.name)
		assert.Equal(t, step.away, away(), step.name)
		assert.Contains(t, box.Find("[data-testid=vacation-days]").Text(), step.daysLeft, step.name)
		assert.Equal(t, step.button, strings.TrimSpace(box.Find("[data-action=vacation]").Text()), step.name)
		if step.away {
			assert.Contains(t, box.Find("[data-testid=vacation-status]").Text(), "You are on vacation since", step.name)
		}
	}

	// Thirteen more vacations, each a day begun: none left.
	base := ts.Hub.Now().Add(-time.Minute)
	for i := range 13 {
		at := base.Add(time.Duration(2*i) * time.Millisecond)
		_, err := ts.Store.StartVacation(ctx, "ann", at)
		require.NoError(t, err)
		_, err = ts.Store.StopVacation(ctx, "ann", at.Add(time.Millisecond))
		require.NoError(t, err)
	}
	resp, doc := webtest.Post(t, c, ts.URL+"/account/vacation", url.Values{"do": {"start"}})
	require.Equal(t, http.StatusConflict, resp.StatusCode)
	assert.Contains(t, doc.Find("[data-testid=vacation-error]").Text(), "You have no vacation days left this year: nothing changed.")
	assert.Contains(t, doc.Find("[data-testid=vacation-days]").Text(), "0 days left")
	assert.False(t, away(), "nothing changed")
}

// A vacation is changed only by its signed-in player, from the site's own
// pages: a guest is sent to log in, another site's form is refused.
func TestVacationNeedsASessionOfTheSite(t *testing.T) {
	ts := sitetest.New(t)
	ann := ts.SignedUp(t, "ann")
	guest := ts.Browser(t)
	ctx := context.Background()

	resp, _ := webtest.Post(t, guest, ts.URL+"/account/vacation", url.Values{"do": {"start"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	assert.Equal(t, "/login?next=%2Faccount", resp.Header.Get("Location"))

	req, err := http.NewRequest(http.MethodPost, ts.URL+"/account/vacation", strings.NewReader("do=start"))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err = ann.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusForbidden, resp.StatusCode, "a form from another site")

	got, err := ts.Store.AccountVacations(ctx, []string{"ann"}, time.Time{})
	require.NoError(t, err)
	assert.Empty(t, got, "no vacation was started")
}
