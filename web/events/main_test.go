package events_test

import (
	"os"
	"testing"

	"boardroom/internal/browsertest"
)

// The events' tests drive the whole site (web/sitetest), as people do.

// TestMain shares one Chromium among the package's browser tests.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
