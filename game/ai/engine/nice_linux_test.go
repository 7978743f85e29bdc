package engine_test

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/engine"
)

// niceBot plays the first legal move and records its thread's nice value.
type niceBot struct{ nice chan int }

func (b niceBot) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	return b.ChooseOn(ctx, s, p, nil, 0)
}

func (b niceBot) ChooseOn(_ context.Context, s game.State, p game.Player, _ *ai.Worker, _ time.Duration) (game.Move, error) {
	b.nice <- niceFromProc()
	return s.Legal(p, nil)[0], nil
}

// niceFromProc is the nice value of the calling thread.
func niceFromProc() int {
	b, err := os.ReadFile("/proc/thread-self/stat")
	if err != nil {
		return -100
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	n, _ := strconv.Atoi(f[16])
	return n
}

// A search runs on a thread of lower priority than the rest of the server,
// so that the rooms' work takes the cores first.
func TestSearchThreadsRunNicer(t *testing.T) {
	runtime.LockOSThread()
	base := niceFromProc()
	runtime.UnlockOSThread()
	p := engine.New(engine.Config{Workers: 1})
	b := niceBot{nice: make(chan int, 1)}
	r := p.Do(context.Background(), kalahJob(t, b, time.Second, false))
	require.Equal(t, engine.Searched, r.Outcome)
	require.Equal(t, min(19, base+10), <-b.nice)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	require.Equal(t, base, niceFromProc(), "other threads keep their priority")
}
