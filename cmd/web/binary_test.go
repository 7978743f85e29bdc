package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tests that run the server as a process (a crash, a cluster, a
// measure) share one build of it per package run: building it for each
// test cost a link of the whole server every time.
var (
	binDir    string
	buildOnce sync.Once
	serverBin string
	buildErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "web-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// serverBinary builds the server on first use (most runs of -short or of
// one test need none) and returns its path.
func serverBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		bin := filepath.Join(binDir, "web")
		build := exec.Command("go", "build", "-o", bin, ".")
		if out, err := build.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building the server: %v: %s", err, out)
			return
		}
		serverBin = bin
	})
	require.NoError(t, buildErr)
	return serverBin
}
