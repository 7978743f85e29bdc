package play_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzCreateRoom posts arbitrary lobby forms: every one is either a room
// (303 to /r/{id}) or a clear refusal (400, or 413 for a huge body) — never
// a server error.
func FuzzCreateRoom(f *testing.F) {
	for _, seed := range []string{
		"game=kalah&mode=friend&houses=4",
		"game=angels&size=6&power=4",
		"game=demons&mode=watch&size=7",
		"game=bishops&setup=stripes&mode=computer&level=difficult",
		"game=amazons&mode=computer&algorithm=mcts&seat=random&clock=bullet",
		"game=%00&mode=%ff",
		"houses=1&houses=2&game=kalah",
		"game=kalah&empty_capture=maybe",
		"",
		"%zz",
	} {
		f.Add(seed)
	}
	ts := newTestServer(f)
	handler := ts.Config.Handler
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest(http.MethodPost, "/rooms", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusSeeOther:
			require.True(t, strings.HasPrefix(rec.Header().Get("Location"), "/r/"))
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		default:
			t.Fatalf("POST /rooms %q: status %d\n%s", body, rec.Code, rec.Body.String())
		}
	})
}
