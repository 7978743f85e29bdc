package main

// Running several nodes behind a load balancer: the node's name, the log's
// format, the trusted proxies, the drain before shutting down, and the
// version. Kept apart from run so that its flags read as one block.

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"boardroom/web"
)

// version and revision, when set at build time, win over what the Go
// toolchain recorded (a build from a tarball has no VCS information):
//
//	go build -ldflags "-X main.version=v1.2.0 -X main.revision=$(git rev-parse HEAD)" ./cmd/web
var (
	version  string
	revision string
)

// stdout is where -version prints (a variable for the tests).
var stdout io.Writer = os.Stdout

// defaultDrainGrace is how long /readyz fails before the server shuts
// down: a balancer that checks every second and marks a node down after
// two failures (docs/deploy/haproxy.cfg) has noticed by then.
const defaultDrainGrace = 3 * time.Second

// opsFlags are the flags for operating a node among several.
type opsFlags struct {
	node           string
	logFormat      string
	trustedProxies string
	drainGrace     time.Duration
	version        bool
}

// addOpsFlags defines the flags on fs; each but -version may also come from
// the environment, as systemd's EnvironmentFile gives it.
func addOpsFlags(fs *flag.FlagSet) *opsFlags {
	o := &opsFlags{}
	fs.StringVar(&o.node, "node", envOr("BOARDROOM_NODE", hostname()), "this node's name, in every log line and in /readyz (the host name unless given)")
	fs.StringVar(&o.logFormat, "log-format", envOr("BOARDROOM_LOG_FORMAT", "text"), "log format: text or json")
	fs.StringVar(&o.trustedProxies, "trusted-proxies", os.Getenv("BOARDROOM_TRUSTED_PROXIES"),
		"comma-separated CIDRs or addresses of load balancers whose X-Forwarded-For names the client (default: none)")
	fs.DurationVar(&o.drainGrace, "drain-grace", defaultDrainGrace,
		"on SIGTERM, how long /readyz fails before shutting down, for the load balancer to notice (skipped if /readyz was never asked)")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	return o
}

// check refuses values that cannot work, before anything starts.
func (o *opsFlags) check() (web.TrustedProxies, error) {
	if err := checkNodeName(o.node); err != nil {
		return nil, err
	}
	if o.logFormat != "text" && o.logFormat != "json" {
		return nil, fmt.Errorf("-log-format must be text or json, got %q", o.logFormat)
	}
	if o.drainGrace < 0 || o.drainGrace > time.Minute {
		return nil, fmt.Errorf("-drain-grace must be from 0 to 1m, got %s", o.drainGrace)
	}
	proxies, err := web.ParseTrustedProxies(o.trustedProxies)
	if err != nil {
		return nil, fmt.Errorf("-trusted-proxies: %w", err)
	}
	return proxies, nil
}

// checkNodeName accepts what a host name may be, and underscores: the name
// goes into logs, metrics and the cluster's records as it is.
func checkNodeName(name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("-node must be 1 to 64 characters, got %q", name)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return fmt.Errorf("-node %q: use letters, digits, '.', '-' and '_' only", name)
		}
	}
	return nil
}

// logger makes the server's log in the chosen format; every line names
// the node.
func (o *opsFlags) logger(out io.Writer, level slog.Level) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(out, opts)
	if o.logFormat == "json" {
		h = slog.NewJSONHandler(out, opts)
	}
	return slog.New(h).With("node", o.node)
}

// drain makes /readyz fail, then waits for the balancer to notice, unless
// nothing ever asked /readyz (a single server run by hand: Ctrl-C stops
// it at once).
func (o *opsFlags) drain(front *web.Server, log *slog.Logger) {
	front.Drain()
	if o.drainGrace <= 0 || !front.Probed() {
		return
	}
	log.Info("waiting for the load balancer", "grace", o.drainGrace.String())
	time.Sleep(o.drainGrace)
}

func hostname() string {
	name, err := os.Hostname()
	if err != nil || name == "" {
		return "node"
	}
	// A host name is what -node accepts; cut a strange one down to it.
	name = strings.Map(func(c rune) rune {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_' {
			return c
		}
		return '-'
	}, name)
	return name[:min(len(name), 64)]
}

// versionText is what -version prints: the module's version, the VCS
// revision it was built from (and whether the tree had changes), and Go's.
func versionText() string {
	v, rev, when, modified, goVersion := version, revision, "", false, runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "" {
					rev = s.Value
				}
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true" && revision == ""
			}
		}
	}
	if v == "" {
		v = "(devel)"
	}
	out := "boardroom web " + v
	if rev != "" {
		out += ", revision " + rev
		if when != "" && revision == "" {
			out += " of " + when
		}
		if modified {
			out += " with local changes"
		}
	}
	return out + ", " + goVersion
}
