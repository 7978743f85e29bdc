package socket

import (
	"os/exec"
	"strings"
	"testing"
)

// library is the WebSocket library, which on the server only this package
// imports: the rest close sockets with its StatusCode constants and accept
// them with Accept or AcceptPlain, so that the library's API (and a change
// of library) stays in one place.
const library = "github.com/coder/websocket"

// allowed are this package and the programs that dial rooms as clients
// (not the server), which use the library's client side directly, as do
// the web tests' harness's pages.
var allowed = map[string]bool{
	"boardroom/roombot":         true, // the engine client's room and pool connections
	"boardroom/cmd/loadtest":    true, // the load generator's pages
	"boardroom/cmd/bot":         true,
	"boardroom/web/webtest":     true, // the web tests' pages, dialing as browsers do
	"boardroom/realtime/socket": true,
}

// TestOnlySocketImportsTheLibrary fails when a package of the server other
// than this one imports the WebSocket library (test files may).
func TestOnlySocketImportsTheLibrary(t *testing.T) {
	cmd := exec.Command("go", "list", "-e", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "boardroom/...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		seen++
		for _, imp := range fields[1:] {
			if imp == library && !allowed[fields[0]] {
				t.Errorf("%s imports %s: use realtime/socket (StatusCode's constants, Accept, AcceptPlain)", fields[0], library)
			}
		}
	}
	if seen < 20 {
		t.Fatalf("go list named %d packages: is this the module?\n%s", seen, out)
	}
}
