package rooms_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/web/webtest"
)

func TestRecordsInAndOut(t *testing.T) {
	ts := newTestServer(t)
	c := ts.Browser(t)
	text := "kalah houses=4 seeds=3 empty_capture=false\n3\n1\n# a comment\n2\n"
	resp, _ := ts.Create(t, c, url.Values{"game": {"amazons"}, "mode": {"hotseat"}, "record": {text}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode, "the record's game replaces the form's")
	loc := resp.Header.Get("Location")

	_, doc := webtest.Get(t, c, ts.URL+loc)
	var moves []string
	doc.Find("[data-testid=move]").Each(func(_ int, s *goquery.Selection) { moves = append(moves, strings.TrimSpace(s.Text())) })
	require.Equal(t, []string{"3", "1", "2"}, moves)

	res, err := c.Get(ts.URL + loc + "/record")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, "kalah houses=4 seeds=3 empty_capture=false\n3\n1\n2\n", string(body))
	require.Contains(t, res.Header.Get("Content-Disposition"), "attachment")

	res, err = c.Get(ts.URL + loc + "/record?format=json")
	require.NoError(t, err)
	var rec struct { // as a program reads it
		Game  string
		Turns []struct {
			Move string
			At   time.Time
		}
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&rec))
	res.Body.Close()
	require.Equal(t, "kalah", rec.Game)
	require.Len(t, rec.Turns, 3)
	require.Equal(t, "2", rec.Turns[2].Move)
	require.False(t, rec.Turns[2].At.IsZero(), "with times")

	for _, tc := range []struct{ record, want string }{
		{"kalah houses=4 seeds=3\n3\n9\n", `The record was refused: line 3: "9" is not a legal turn here`},
		{"chess\n", `line 1: unknown game "chess"`},
	} {
		resp, body := ts.Create(t, c, url.Values{"game": {"kalah"}, "mode": {"hotseat"}, "record": {tc.record}})
		require.Equal(t, http.StatusBadRequest, resp.StatusCode)
		require.Contains(t, body, strings.ReplaceAll(tc.want, `"`, "&#34;"))
	}
	res, err = c.Get(ts.URL + "/r/nosuchroom00000/record")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusNotFound, res.StatusCode)
}

// TestBrowserGameRecords downloads a running game's record from the room
// and starts a new room from it through the lobby, pasted and from a file.
func TestBrowserGameRecords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	browser := webtest.NewBrowser(t, 1280, 900)
	me := newTab(t, browser, "me")
	me.CreateRoom(ts.Node, map[string]string{"game": "kalah", "mode": "hotseat", "houses": "4", "seeds": "3"})
	me.ClickCell(1, 3)
	me.WaitMoves(1)
	me.ClickCell(0, 1)
	me.WaitMoves(2)
	require.True(t, webtest.EvalJS[bool](me.Tab, `document.querySelector("a[data-testid=download-record]").hasAttribute("download")`))
	fetch := func(sel string) string {
		ctx, cancel := webtest.ContextWithTimeout(me.Tab)
		defer cancel()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(document.querySelector("`+sel+`").href).then(r => r.text())`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		return v
	}
	record := fetch("a[data-testid=download-record]")
	require.Equal(t, "kalah houses=4 seeds=3 empty_capture=false\n3\n4\n", record)
	require.Contains(t, fetch("a[data-testid=download-record-json]"), `"think_ms"`)

	// Pasted into the lobby's record field.
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	me.Run("open", chromedp.Click(chromedp.CSS(".from-record summary")))
	me.Run("paste", chromedp.SetValue(chromedp.CSS("textarea[name=record]"), record))
	me.Run("mode", chromedp.SetValue(chromedp.CSS("form[data-testid=new-room] [name=mode]"), "hotseat"))
	me.Run("submit", chromedp.Click(chromedp.CSS("form[data-testid=new-room] button[type=submit]")))
	me.Run("room", chromedp.WaitVisible(chromedp.CSS("[data-testid=board]")))
	require.Equal(t, []string{"3", "4"}, me.Moves())

	// From a file.
	file := filepath.Join(t.TempDir(), "game.txt")
	require.NoError(t, os.WriteFile(file, []byte(record+"1\n"), 0o644))
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	me.Run("open", chromedp.Click(chromedp.CSS(".from-record summary")))
	me.Run("upload", chromedp.SetUploadFiles(chromedp.CSS("input[data-record-file]"), []string{file}))
	me.WaitJS("the file read", `document.querySelector("textarea[name=record]").value.endsWith("1\n")`)
	me.Run("create", chromedp.Click(chromedp.CSS("form[data-testid=new-room] button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("[data-testid=board]")))
	require.Equal(t, []string{"3", "4", "1"}, me.Moves())

	// A bad record is refused with its line.
	me.Run("lobby", chromedp.Navigate(ts.URL+"/"))
	me.Run("open", chromedp.Click(chromedp.CSS(".from-record summary")))
	me.Run("paste", chromedp.SetValue(chromedp.CSS("textarea[name=record]"), "kalah houses=4 seeds=3\n3\n9\n"))
	me.Run("submit", chromedp.Click(chromedp.CSS("form[data-testid=new-room] button[type=submit]")))
	me.Run("refused", chromedp.WaitVisible(chromedp.CSS("[data-testid=form-error]")))
	require.Contains(t, me.Text("[data-testid=form-error]"), "line 3")
}
