package play_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	_ "boardroom/game/all"
	"boardroom/web/request"
	"boardroom/web/webtest"
	_ "boardroom/web/webtest/tictactoe"
)

func TestLobby(t *testing.T) {
	ts := newTestServer(t)
	resp, doc := webtest.Get(t, ts.Browser(t), ts.URL+"/")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	form := doc.Find("form[data-testid=new-room]")
	require.Equal(t, 1, form.Length())
	require.Equal(t, "/rooms", form.AttrOr("action", ""))
	require.Equal(t, "post", form.AttrOr("method", ""))
	for _, name := range []string{"mode", "level", "clock", "seat", "pace", "houses", "seeds", "empty_capture", "size", "power", "setup", "turns", "algorithm", "days"} {
		require.Equal(t, 1, form.Find("[name="+name+"]").Length(), "exactly one field %s", name)
	}
	var games []string
	form.Find("input[type=radio][name=game]").Each(func(_ int, s *goquery.Selection) { games = append(games, s.AttrOr("value", "")) })
	require.Equal(t, []string{"amazons", "kalah", "angels", "bishops", "demons", "tictactoe"}, games,
		"the five games in their order, then tic-tac-toe, which these tests register")
	for _, sel := range []string{"select[name=mode] option[value=watch]", "select[name=level] option[value=difficult]",
		"select[name=clock] option[value=bullet]", "select[name=seat] option[value=random]", "select[name=setup] option[value=stripes]"} {
		require.Equal(t, 1, form.Find(sel).Length(), sel)
	}
	require.Contains(t, resp.Header.Get("Set-Cookie"), request.TokenCookie+"=")
	require.Contains(t, resp.Header.Get("Set-Cookie"), "HttpOnly")
	require.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
}

func TestCreateRoom(t *testing.T) {
	ts := newTestServer(t)
	tests := []struct {
		name    string
		form    url.Values
		status  int
		wantErr string
	}{
		{"kalah with options", url.Values{"game": {"kalah"}, "mode": {"friend"}, "houses": {"4"}, "seeds": {"3"}, "empty_capture": {"true"}, "size": {"99"}}, http.StatusSeeOther, ""},
		{"empty fields are defaults", url.Values{"game": {"angels"}, "size": {""}, "power": {""}}, http.StatusSeeOther, ""},
		{"every mode", url.Values{"game": {"demons"}, "mode": {"watch"}, "level": {"medium"}, "clock": {"slow"}, "seat": {"random"}}, http.StatusSeeOther, ""},
		{"unknown game", url.Values{"game": {"chess"}}, http.StatusBadRequest, `Unknown game "chess" (known: amazons, kalah, angels, bishops, demons, tictactoe)`},
		{"option out of range", url.Values{"game": {"kalah"}, "houses": {"13"}}, http.StatusBadRequest, "Houses must be from 1 to 12, got 13"},
		{"angel power above half the board", url.Values{"game": {"angels"}, "size": {"6"}, "power": {"4"}}, http.StatusBadRequest, "Power must be from 1 to size/2 = 3"},
		{"odd demons board", url.Values{"game": {"demons"}, "size": {"7"}}, http.StatusBadRequest, "Size must be one of 6, 8, 10, 12"},
		{"bad mode", url.Values{"game": {"kalah"}, "mode": {"online"}}, http.StatusBadRequest, "Mode must be one of friend, hotseat, computer, watch"},
		{"bad clock", url.Values{"game": {"kalah"}, "clock": {"blitz"}}, http.StatusBadRequest, "Clock must be one of none, bullet, fast, slow, correspondence"},
		{"correspondence", url.Values{"game": {"kalah"}, "mode": {"open"}, "clock": {"correspondence"}, "days": {"14"}}, http.StatusSeeOther, ""},
		{"correspondence, days by default", url.Values{"game": {"kalah"}, "clock": {"correspondence"}}, http.StatusSeeOther, ""},
		{"days of another clock do not count", url.Values{"game": {"kalah"}, "clock": {"fast"}, "days": {"3"}}, http.StatusSeeOther, ""},
		{"days not offered", url.Values{"game": {"kalah"}, "clock": {"correspondence"}, "days": {"30"}}, http.StatusBadRequest,
			"Days must be one of 1, 2, 3, 5, 7, 14 for a correspondence clock, not 30"},
		{"days not a number", url.Values{"game": {"kalah"}, "clock": {"correspondence"}, "days": {"a week"}}, http.StatusBadRequest,
			`Days must be a whole number, not "a week"`},
		{"bad pace", url.Values{"game": {"kalah"}, "mode": {"watch"}, "pace": {"warp"}}, http.StatusBadRequest, "Pace must be one of fast, normal, slow"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.Create(t, ts.Browser(t), tc.form)
			require.Equal(t, tc.status, resp.StatusCode, body)
			if tc.wantErr != "" {
				doc, err := goquery.NewDocumentFromReader(strings.NewReader(body))
				require.NoError(t, err)
				require.Contains(t, doc.Find("[data-testid=form-error]").Text(), tc.wantErr)
				return
			}
			require.Regexp(t, `^/r/[A-Za-z0-9_-]{16}$`, resp.Header.Get("Location"))
		})
	}
}
