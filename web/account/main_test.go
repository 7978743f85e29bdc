package account_test

import (
	"os"
	"testing"

	"boardroom/internal/browsertest"
)

// The accounts' tests drive the whole site (web/sitetest), as a person
// does.

// TestMain shares one Chromium among the package's browser tests.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
