package bots_test

import (
	"os"
	"testing"

	"boardroom/internal/browsertest"
)

// The bots' tests drive the whole site (web/sitetest), as a person and a
// program do.

// TestMain shares one Chromium among the package's browser tests.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
