package roombot

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that no test leaves a goroutine behind: a bot's reader
// ends with its connection, and Run with its game.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
