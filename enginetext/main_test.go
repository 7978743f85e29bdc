package enginetext

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"boardroom/enginetext/ucitest"
	_ "boardroom/game/all"

	"go.uber.org/goleak"
)

// fakeEnv names the behaviour the test binary takes on when a test starts
// it as an engine program (see fakeEngine).
const fakeEnv = "ENGINETEXT_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	goleak.VerifyTestMain(m)
}

// fakeEngine is the test binary run as an engine program:
//   - serve: the real engine (Serve) at Beginner;
//   - crash: answers name, then dies with a message on standard error at
//     the next command;
//   - silent: reads commands and never answers;
//   - garbage: answers every command with a line that is no reply;
//   - deaf: answers nothing and ignores quit, its standard input closed or
//     not, until killed; it also starts a child that sleeps, to check that
//     Close ends the whole group.
func fakeEngine(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	switch mode {
	case "serve":
		if err := Serve(os.Stdin, os.Stdout, Config{Level: "beginner", Seed: 1}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	case "crash":
		for in.Scan() {
			if in.Text() != "name" {
				fmt.Fprintln(os.Stderr, "fake engine: something went badly wrong")
				return 3
			}
			fmt.Print("= crasher\n\n")
		}
	case "silent":
		for in.Scan() {
		}
	case "garbage":
		for in.Scan() {
			fmt.Print("hello there\n\n")
		}
	case "deaf":
		if pid := os.Getenv("ENGINETEXT_CHILD_PIDFILE"); pid != "" {
			child, err := os.StartProcess("/bin/sleep", []string{"sleep", "60"}, &os.ProcAttr{})
			if err == nil {
				_ = os.WriteFile(pid, []byte(fmt.Sprint(child.Pid)), 0o600)
			}
		}
		for {
			time.Sleep(time.Hour)
		}
	default:
		if strings.HasPrefix(mode, "uci") {
			return ucitest.Engine(mode, in)
		}
		fmt.Fprintf(os.Stderr, "unknown fake engine %q\n", mode)
		return 2
	}
	return 0
}

// replies splits Serve's output into replies, each without its ending
// empty line.
func replies(out string) []string {
	out = strings.TrimSuffix(out, "\n\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n\n")
}
