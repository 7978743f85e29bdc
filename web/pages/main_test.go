package pages_test

import (
	"os"
	"testing"

	"boardroom/internal/browsertest"
	_ "boardroom/web/webtest/tictactoe" // a game with no rules written down
)

// The pages' tests drive the whole site (web/sitetest), as a person
// does.

// TestMain shares one Chromium among the package's browser tests.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
