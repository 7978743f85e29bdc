package templates

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"boardroom/realtime/view"
)

// Pieces of the live fragment written by hand: their attributes change
// with every render, and templ writes each expression in an attribute
// through fmt.Sprint (two allocations each; the clock has five). They write
// what their templates wrote, byte for byte.

// versionTag is the room's version, which goes with every update.
func versionTag(p *view.Page) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		out := newCellWriter(w)
		out.s(`<span id="version" hidden data-version="`)
		out.s(version(p))
		out.s(`"></span>`)
		return out.err
	})
}

// clockCard is the move clock as the page animates it (clock.js).
func clockCard(p *view.Page) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		c := &p.Clock
		out := newCellWriter(w)
		out.s(`<div data-testid="clock" class="clock`)
		for _, f := range [...]struct {
			on   bool
			name string
		}{{!c.Enabled, " off"}, {c.Running, " running"}, {p.Flash == "ok", " flash-ok"}, {p.Flash == "bad", " flash-bad"}} {
			if f.on {
				out.s(f.name)
			}
		}
		out.s(`" data-remaining-ms="`)
		out.s(itoa(int(c.RemainingMS)))
		out.s(`" data-total-ms="`)
		out.s(itoa(int(c.TotalMS)))
		out.s(`" data-first-move="`)
		out.s(boolText(c.FirstMove))
		out.s(`" data-running="`)
		out.s(boolText(c.Running))
		out.s(`" data-flash="`)
		out.s(flashID(p))
		out.s(`" aria-label="Move clock">`)
		if c.Enabled {
			out.s(`<span class="time">`)
			out.escaped(clockText(c.RemainingMS))
			out.s(`</span> `)
			if c.Whose != "" {
				out.s(`<span class="clock-whose" data-testid="clock-whose">`)
				out.escaped(c.Whose)
				out.s(`</span>`)
			}
			if c.Vacation != "" { // the clock stands still
				out.s(` <span class="clock-vacation" data-testid="clock-vacation">`)
				out.escaped(c.Vacation)
				out.s(`</span>`)
			}
			out.s(` <span class="clock-label">`)
			out.escaped(c.Label)
			out.s(`</span>`)
		}
		out.s(`</div>`)
		return out.err
	})
}

// pathsTag carries the clicks of the viewer's legal moves and the prompts
// of a move's clicks, for pick.js.
func pathsTag(p *view.Page) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		out := newCellWriter(w)
		out.s(`<div id="paths" hidden data-paths="`)
		out.escaped(p.Paths)
		out.s(`" data-steps="`)
		out.escaped(steps(p))
		out.s(`"></div>`)
		return out.err
	})
}
