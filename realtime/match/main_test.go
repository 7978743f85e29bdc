package match

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package if any test leaves a goroutine behind: rooms,
// connections, clocks and computer players must all stop with their registry.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
