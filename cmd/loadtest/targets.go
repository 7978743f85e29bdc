package main

import (
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
)

// Several targets (-url given more than once, or a comma-separated list):
// the nodes of one cluster, each reached directly. Simulated browsers take
// them in turn, round-robin, so each node gets a share of the connections
// and of the rooms (a room is created on its creator's node; its other
// players and spectators may be on other nodes, as behind a balancer
// that does not know the room). A browser keeps its node: a cut page
// reconnects to the same one.

// defaultTarget is the server of a run given no -url.
const defaultTarget = "http://127.0.0.1:8080"

// urlList is the -url flag: every use adds one URL or several, separated by
// commas.
type urlList []string

func (u *urlList) String() string { return strings.Join(*u, ",") }

func (u *urlList) Set(v string) error {
	added := false
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*u = append(*u, part)
			added = true
		}
	}
	if !added {
		return fmt.Errorf("no URL in %q", v)
	}
	return nil
}

// checkTargets checks every URL (checkTarget) and refuses one given twice:
// the report counts each node once.
func checkTargets(raw []string, allowRemote bool) ([]*url.URL, error) {
	if len(raw) == 0 {
		raw = []string{defaultTarget}
	}
	var out []*url.URL
	seen := map[string]bool{}
	for _, r := range raw {
		u, err := checkTarget(r, allowRemote)
		if err != nil {
			return nil, err
		}
		key := u.Scheme + "://" + strings.ToLower(u.Host)
		if seen[key] {
			return nil, fmt.Errorf("-url %q is given twice", r)
		}
		seen[key] = true
		out = append(out, u)
	}
	return out, nil
}

// targetLoad counts what went to one target.
type targetLoad struct {
	conns atomic.Int64 // WebSockets opened (not counting reconnects)
	rooms atomic.Int64 // rooms created (friend and watch rooms)
}

// targetCount is one target's share in the result.
type targetCount struct {
	url          string
	conns, rooms int64
}

// counts reads the shares of the run.
func (l *load) counts(bases []*url.URL) []targetCount {
	out := make([]targetCount, len(bases))
	for i, b := range bases {
		out[i] = targetCount{url: b.String(), conns: l.targets[i].conns.Load(), rooms: l.targets[i].rooms.Load()}
	}
	return out
}

// targetLines are the report's lines on the shares, one a target; none
// for a single target, which had everything.
func targetLines(counts []targetCount) []string {
	if len(counts) < 2 {
		return nil
	}
	out := make([]string, len(counts))
	for i, c := range counts {
		out[i] = fmt.Sprintf("%s: %d connections, %d rooms", c.url, c.conns, c.rooms)
	}
	return out
}
