// Package matchtest helps tests of rooms: a renderer that keeps the pages
// it draws, so that a test reads exactly what each page was sent, and a
// store a test can crash.
package matchtest

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/realtime/frame"
	"boardroom/realtime/view"
	"boardroom/store"
)

// PageRecorder is a match.Renderer that keeps every page it draws and sends
// its index instead of HTML.
type PageRecorder struct {
	mu    sync.Mutex
	pages []*view.Page
}

// Frame implements match.Renderer.
func (p *PageRecorder) Frame(pg *view.Page, _ *frame.Shared) *frame.Frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pages = append(p.pages, pg)
	return frame.Whole([]byte(strconv.Itoa(len(p.pages) - 1)))
}

// Spectators implements match.Renderer: the count arrives as
// "spectators:N".
func (p *PageRecorder) Spectators(n int) []byte { return []byte("spectators:" + strconv.Itoa(n)) }

// Page is the page whose index b is.
func (p *PageRecorder) Page(b []byte) *view.Page {
	p.mu.Lock()
	defer p.mu.Unlock()
	i, _ := strconv.Atoi(string(b))
	return p.pages[i]
}

// Drawn is how many pages were drawn.
func (p *PageRecorder) Drawn() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.pages)
}

// CrashableStore is a store whose last words a crash cuts: once Crashed is
// set, a room's clock stop as it stops (SetClockStopped) never lands, as
// when the process dies.
type CrashableStore struct {
	store.Store
	Crashed atomic.Bool
}

// SetClockStopped implements store.Store.
func (s *CrashableStore) SetClockStopped(ctx context.Context, id string, at time.Time) error {
	if s.Crashed.Load() {
		return errors.New("the process died")
	}
	return s.Store.SetClockStopped(ctx, id, at)
}
