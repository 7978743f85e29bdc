//go:build unix

package enginetext

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCloseKillsTheGroup: an engine that ignores quit and its input's end
// is killed after the grace, with the child it started, and reaped.
func TestCloseKillsTheGroup(t *testing.T) {
	if _, err := os.Stat("/bin/sleep"); err != nil {
		t.Skip("no /bin/sleep")
	}
	pidFile := filepath.Join(t.TempDir(), "child")
	c := startFake(t, "deaf", "ENGINETEXT_CHILD_PIDFILE="+pidFile)
	var child int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(pidFile)
		if err != nil || len(b) == 0 {
			return false
		}
		child, err = strconv.Atoi(string(b))
		return err == nil
	}, 10*time.Second, 10*time.Millisecond)
	engine := c.proc.cmd.Process.Pid

	start := time.Now()
	require.NoError(t, c.Close())
	took := time.Since(start)
	assert.GreaterOrEqual(t, took, CloseGrace-50*time.Millisecond, "it had its grace")
	assert.Less(t, took, CloseGrace+3*time.Second)
	// The engine is reaped (no zombie: signal 0 finds nothing), and its
	// child is gone too (killed; reaped by init).
	require.ErrorIs(t, syscall.Kill(engine, 0), syscall.ESRCH)
	require.Eventually(t, func() bool {
		err := syscall.Kill(child, 0)
		return errors.Is(err, syscall.ESRCH) || isZombie(child)
	}, 5*time.Second, 20*time.Millisecond)
}

// isZombie reports whether a process has exited but is not yet reaped (by
// its parent, here init).
func isZombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	fields := strings.Fields(string(b))
	return len(fields) > 2 && fields[2] == "Z"
}
