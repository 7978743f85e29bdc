package players_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"boardroom/store"
	"boardroom/store/storetest"
	"boardroom/web/webtest"

	"github.com/stretchr/testify/require"
)

// TestPlayerPage: a player's page counts their finished games and lists
// them newest first, each linking to its room, twenty a page.
func TestPlayerPage(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	resp, _ := webtest.Post(t, c, ts.URL+"/signup", webtest.Account("Alice", "a long password"))
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	ctx := t.Context()
	clock := time.UnixMilli(1_800_000_000_000)
	ts.Store.SetNow(func() time.Time { clock = clock.Add(time.Second); return clock })
	for i := range 23 {
		r := storetest.SampleRoom(fmt.Sprintf("game%02d", i))
		r.Seats[0].Account, r.Seats[0].Name = "Alice", "Alice"
		r.Seats[1].Name = "Gus"
		require.NoError(t, ts.Store.CreateRoom(ctx, r))
		winner := []int{0, 1, -1}[i%3]
		require.NoError(t, storetest.ResultErr(ts.Store.SetResult(ctx, r.ID, store.Result{Over: true, Winner: winner, Reason: "done"})))
	}
	_, doc := webtest.Get(t, c, ts.URL+"/@/alice")
	require.Equal(t, "23", doc.Find("[data-testid=played]").Text())
	require.Equal(t, "8", doc.Find("[data-testid=won]").Text())
	require.Equal(t, "8", doc.Find("[data-testid=lost]").Text())
	require.Equal(t, "7", doc.Find("[data-testid=drawn]").Text())
	rows := doc.Find("[data-testid=game-row]")
	require.Equal(t, 20, rows.Length(), "twenty a page")
	first := rows.First()
	require.Equal(t, "/r/game22", first.Find("a").AttrOr("href", ""), "newest first")
	require.Contains(t, first.Text(), "Kalah against Gus")
	require.Contains(t, first.Text(), "Lost", "game 22 went to the second seat")
	older := doc.Find("[data-testid=older]").AttrOr("href", "")
	require.Equal(t, "/@/Alice?page=2", older)
	_, doc = webtest.Get(t, c, ts.URL+older)
	require.Equal(t, 3, doc.Find("[data-testid=game-row]").Length())
	require.Equal(t, 1, doc.Find("[data-testid=newer]").Length())
	require.Zero(t, doc.Find("[data-testid=older]").Length())
}
