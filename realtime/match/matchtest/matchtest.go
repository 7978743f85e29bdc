// Package matchtest helps tests of rooms: a renderer that keeps the pages
// it draws, so that a test reads exactly what each page was sent.
package matchtest

import (
	"strconv"
	"sync"

	"boardroom/realtime/frame"
	"boardroom/realtime/view"
)

// PageRecorder is a match.Renderer that keeps every page it draws and sends
// its index instead of HTML.
type PageRecorder struct {
	mu    sync.Mutex
	pages []*view.Page
}

// Frame implements match.Renderer.
func (p *PageRecorder) Frame(pg *view.Page) *frame.Frame {
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
