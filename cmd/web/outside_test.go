package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The servers these tests start have no Fairy-Stockfish house bot (its
// process is some 300 MB and seconds to load): the default, auto, would
// give them one wherever Node is installed. Set before TestMain, for this
// process and the servers it starts.
func init() { os.Setenv("BOARDROOM_FAIRY_STOCKFISH", outsideOff) }

func TestFairyStockfishFlag(t *testing.T) {
	empty := t.TempDir() // a PATH without node or npm
	for _, tc := range []struct {
		mode, path string
		player     bool
		err, log   string
	}{
		{mode: "off"},
		{mode: "sometimes", err: "-fairy-stockfish must be auto, on or off"},
		{mode: "auto", path: empty, log: "no Fairy-Stockfish house bot"},
		{mode: "on", path: empty, err: "-fairy-stockfish on: fairystockfish: Node and npm are needed"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			if tc.path != "" {
				t.Setenv("PATH", tc.path)
			}
			var logged bytes.Buffer
			p, err := fairyStockfish(context.Background(), tc.mode, slog.New(slog.NewTextHandler(&logged, nil)))
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.player, p != nil)
			assert.Contains(t, logged.String(), tc.log)
		})
	}
}
