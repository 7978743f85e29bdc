package players_test

import (
	"os"
	"testing"

	"boardroom/internal/browsertest"
	"boardroom/realtime"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
	_ "boardroom/web/webtest/tictactoe"
)

// The players' tests drive the whole site (web/sitetest), as people and
// programs do; tic-tac-toe, a game registered only in tests, is among its
// games.

// TestMain shares one Chromium among the package's browser tests.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }

// testServer is the whole site on a fresh database (webtest.Node), which
// this package's tests teach more ways to reach.
type testServer struct{ *webtest.Node }

// newTestServer's config may be changed by tweaks (a fake clock, real
// computer players).
func newTestServer(t testing.TB, tweaks ...func(*realtime.Config)) *testServer {
	t.Helper()
	return &testServer{sitetest.New(t, tweaks...)}
}
