package play_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/vocab"
	"boardroom/web/webtest"
)

// Days a move go with a correspondence challenge, direct or to the house
// (the computer's rated games); days not offered are refused in words and
// send nothing.
func TestCorrespondenceChallenges(t *testing.T) {
	ts := newHouseServer(t, 2)
	alice := ts.SignedUp(t, "alice")
	ts.SignedUp(t, "bob")
	webtest.Get(t, alice, ts.URL+"/") // her browser's token
	tests := []struct {
		name, to string
		form     url.Values
		status   int
		err      string
		// days of the room made at once (a house game), else of the
		// challenge sent.
		days int
	}{
		{"to a person, 5 days", "bob", url.Values{"game": {"kalah"}, "clock": {"correspondence"}, "days": {"5"}}, http.StatusOK, "", 5},
		{"days not offered", "bob", url.Values{"game": {"amazons"}, "clock": {"correspondence"}, "days": {"4"}}, http.StatusBadRequest,
			"Days must be one of 1, 2, 3, 5, 7, 14", 0},
		{"to the house, rated, 2 days", "Boardroom-Medium", url.Values{"game": {"kalah"}, "clock": {"correspondence"}, "days": {"2"},
			"rated": {"true"}}, http.StatusSeeOther, "", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, doc := webtest.Post(t, alice, ts.URL+"/@/"+tc.to+"/challenge", tc.form)
			require.Equal(t, tc.status, resp.StatusCode)
			if tc.err != "" {
				require.Contains(t, doc.Find("[data-testid=challenge-error]").Text(), tc.err)
				list, err := ts.Store.ChallengesOf(context.Background(), []string{"bob"}, ts.Node.Hub.Now().Add(-vocab.Day))
				require.NoError(t, err)
				for _, c := range list {
					require.NotEqual(t, "amazons", c.Game, "nothing sent")
				}
				return
			}
			if room := resp.Header.Get("Location"); room != "" {
				rec, err := ts.Store.Room(context.Background(), strings.TrimPrefix(room, "/r/"))
				require.NoError(t, err)
				require.Equal(t, vocab.CorrespondenceClock, rec.Clock)
				require.Equal(t, tc.days, rec.Days)
				require.True(t, rec.Rated, "rated in the correspondence speed")
				return
			}
			list, err := ts.Store.ChallengesOf(context.Background(), []string{tc.to}, ts.Node.Hub.Now().Add(-vocab.Day))
			require.NoError(t, err)
			require.Len(t, list, 1)
			require.Equal(t, tc.days, list[0].Days)
		})
	}
}
