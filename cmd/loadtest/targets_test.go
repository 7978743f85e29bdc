package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/internal/emptydb"
	"boardroom/realtime"
	"boardroom/store"
	"boardroom/web"
	"boardroom/web/templates"
)

func TestURLFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string // nil: refused
	}{
		{nil, []string{defaultTarget}},
		{[]string{"-url", "http://127.0.0.1:1"}, []string{"http://127.0.0.1:1"}},
		{[]string{"-url", "http://127.0.0.1:1", "-url", "http://127.0.0.1:2"}, []string{"http://127.0.0.1:1", "http://127.0.0.1:2"}},
		{[]string{"-url", "http://127.0.0.1:1, http://127.0.0.1:2,http://localhost:3"},
			[]string{"http://127.0.0.1:1", "http://127.0.0.1:2", "http://localhost:3"}},
		{[]string{"-url", "http://127.0.0.1:1,http://127.0.0.1:2", "-url", "http://127.0.0.1:3"},
			[]string{"http://127.0.0.1:1", "http://127.0.0.1:2", "http://127.0.0.1:3"}},
		{[]string{"-url", ""}, nil},                                                 // no URL
		{[]string{"-url", " , "}, nil},                                              // no URL
		{[]string{"-url", "http://127.0.0.1:1,http://127.0.0.1:1/"}, nil},           // twice
		{[]string{"-url", "http://127.0.0.1:1", "-url", "http://127.0.0.1:1"}, nil}, // twice
		{[]string{"-url", "http://127.0.0.1:1,http://192.0.2.1:8080"}, nil},         // one remote
		{[]string{"-url", "http://127.0.0.1:1,ftp://127.0.0.1:2"}, nil},             // one bad scheme
	} {
		cfg, err := parseFlags(tc.args, new(bytes.Buffer))
		if tc.want == nil {
			require.Error(t, err, "%q", tc.args)
			continue
		}
		require.NoError(t, err, "%q", tc.args)
		require.Equal(t, tc.want, cfg.targets, "%q", tc.args)
	}
}

func TestTargetLines(t *testing.T) {
	require.Empty(t, targetLines([]targetCount{{url: "http://127.0.0.1:1", conns: 5, rooms: 2}}), "one target had everything")
	require.Equal(t, []string{"http://127.0.0.1:1: 3 connections, 1 rooms", "http://127.0.0.1:2: 2 connections, 0 rooms"},
		targetLines([]targetCount{{"http://127.0.0.1:1", 3, 1}, {"http://127.0.0.1:2", 2, 0}}))
}

// node is one listener of a shared app, counting the WebSockets and the
// rooms created through it.
type node struct {
	*httptest.Server
	sockets, rooms atomic.Int64
}

// newNodes runs one app (one hub, one store) behind n listeners: the nodes
// of a cluster as the load tool sees them, each serving every room.
func newNodes(t *testing.T, n int) []*node {
	t.Helper()
	st, err := store.OpenSQLite(emptydb.Path(t, "nodes.db"))
	require.NoError(t, err)
	hub := realtime.NewHub(realtime.Config{Store: st, Renderer: templates.Renderer{}, BaseURL: "http://127.0.0.1"})
	app := (&web.Server{Hub: hub, Store: st, Log: slog.New(slog.DiscardHandler)}).Handler()
	nodes := make([]*node, n)
	for i := range nodes {
		nd := &node{}
		nd.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case strings.HasSuffix(r.URL.Path, "/ws"):
				nd.sockets.Add(1)
			case r.Method == http.MethodPost && r.URL.Path == "/rooms":
				nd.rooms.Add(1)
			}
			app.ServeHTTP(w, r)
		}))
		nodes[i] = nd
	}
	t.Cleanup(func() {
		for _, nd := range nodes {
			nd.Close()
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hub.Shutdown(ctx)
		st.Close()
	})
	return nodes
}

// TestLoadSpreadsOverSeveralURLs: with two -url the browsers take them in
// turn; each node gets its share of the connections and the rooms, the
// report says so, and play works across them.
func TestLoadSpreadsOverSeveralURLs(t *testing.T) {
	t.Parallel()
	nodes := newNodes(t, 2)
	// One room at a time, so that browser n is the n-th made: room 0's
	// creator, opponent and spectator are browsers 0, 1, 2, room 1's 3, 4, 5.
	cfg, err := parseFlags([]string{"-url", nodes[0].URL + "," + nodes[1].URL, "-rooms", "2", "-spectators", "1",
		"-parallel", "1", "-duration", "700ms", "-game", "kalah", "-seed", "5"}, new(bytes.Buffer))
	require.NoError(t, err)
	var out bytes.Buffer
	res, err := run(t.Context(), cfg, &out)
	require.NoError(t, err)
	t.Log("\n" + out.String())
	require.Zero(t, res.errors, out.String())
	require.Positive(t, res.moves, "play works with the players on different nodes")
	require.Equal(t, 6, res.conns)

	require.Equal(t, []targetCount{{nodes[0].URL, 3, 1}, {nodes[1].URL, 3, 1}}, res.targets)
	for i, nd := range nodes {
		assert.EqualValues(t, 3, nd.sockets.Load(), "node %d's WebSockets", i)
		assert.EqualValues(t, 1, nd.rooms.Load(), "node %d's new rooms", i)
	}
	assert.Contains(t, out.String(), "round-robin: "+nodes[0].URL+": 3 connections, 1 rooms\n")
	assert.Contains(t, out.String(), "round-robin: "+nodes[1].URL+": 3 connections, 1 rooms\n")
	assert.Contains(t, out.String(), "target "+nodes[0].URL+","+nodes[1].URL+",")
}

// TestLoadWithOneURLHasNoShares: the report of a single target is as it was.
func TestLoadWithOneURLHasNoShares(t *testing.T) {
	t.Parallel()
	nodes := newNodes(t, 1)
	res, out := runLoad(t, nodes[0].Server, "-rooms", "1", "-spectators", "1", "-duration", "300ms")
	require.Equal(t, []targetCount{{nodes[0].URL, 3, 1}}, res.targets)
	require.NotContains(t, out, "round-robin")
}
