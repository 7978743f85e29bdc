package race

import (
	"runtime/debug"
	"testing"
)

// Enabled agrees with the build settings the toolchain recorded.
func TestEnabledMatchesTheBuild(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Skip("no build information")
	}
	built := false
	for _, s := range info.Settings {
		if s.Key == "-race" {
			built = s.Value == "true"
		}
	}
	if built != Enabled {
		t.Fatalf("Enabled is %v, the build's -race setting %v", Enabled, built)
	}
}
