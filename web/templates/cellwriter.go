package templates

import (
	"context"
	"html"
	"io"
	"strconv"
	"time"

	"github.com/a-h/templ"

	"boardroom/game"
	"boardroom/realtime/view"
)

// cellWriter writes a cell's button, keeping the first error.
type cellWriter struct {
	w   io.StringWriter
	err error
}

type stringWriter struct{ io.Writer }

func (s stringWriter) WriteString(str string) (int, error) { return io.WriteString(s.Writer, str) }

func newCellWriter(w io.Writer) *cellWriter {
	sw, ok := w.(io.StringWriter)
	if !ok {
		sw = stringWriter{w}
	}
	return &cellWriter{w: sw}
}

func (cw *cellWriter) s(str string) {
	if cw.err == nil {
		_, cw.err = cw.w.WriteString(str)
	}
}

// escaped writes text for an attribute; the strings here rarely need it.
func (cw *cellWriter) escaped(str string) {
	if needsEscape(str) {
		str = html.EscapeString(str)
	}
	cw.s(str)
}

// needsEscape reports whether str holds a character that HTML escapes. A
// byte loop: strings.ContainsAny builds its set on every call, and this
// runs for several strings of every cell of every render.
func needsEscape(str string) bool {
	for i := range len(str) {
		switch str[i] {
		case '&', '<', '>', '"', '\'':
			return true
		}
	}
	return false
}

// picture writes the start tag of a cell of a picture of the board.
func (cw *cellWriter) picture(c game.Cell, extra string) {
	cw.s(`<span class="cell `)
	cw.s(shade(c))
	if extra != "" {
		cw.s(" ")
		cw.escaped(extra)
	}
	cw.s(`">`)
}

// open writes a cell's start tag: its colour, what the game puts there
// (extra) and what the viewer may do with it, and its label. A target that
// holds a piece once a piece is chosen is one to take (capture), marked
// unlike the pieces one may move (as pick.js does).
func (cw *cellWriter) open(p *view.Page, c game.Cell, extra, name, what string, piece bool) {
	cw.s(cellPrefix(c))
	cw.s(` class="cell `)
	cw.s(shade(c))
	if extra != "" {
		cw.s(" ")
		cw.escaped(extra)
	}
	// A page with the moves' paths marks its targets itself (pick.js).
	selectable := p.ServerMarks() && p.Selectable(c)
	selected, mine := p.IsSelected(c), p.IsMyChoice(c)
	capture := selectable && piece && len(p.Selected) > 0
	for _, f := range [...]struct {
		on   bool
		name string
	}{{selectable, " target"}, {capture, " capture"}, {selected, " selected"}, {p.InLastMove(c), " last"}, {mine, " chosen"}, {p.IsHint(c), " hint"}} {
		if f.on {
			cw.s(f.name)
		}
	}
	cw.s(`" aria-label="`)
	if name != "" {
		cw.escaped(name)
		cw.s(": ")
	}
	cw.escaped(what)
	switch {
	case selected:
		cw.s(", selected")
	case mine:
		cw.s(", your choice")
	case capture:
		cw.s(", can be taken")
	case selectable:
		cw.s(", can be clicked")
	}
	cw.s(`">`)
}

// moveItems writes the move list's items, marked as the items of the list
// part; a long game's list is written for every update, so it is written by
// hand too.
func moveItems(p *view.Page) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		b, w, err := framed(ctx, w)
		if err != nil {
			return err
		}
		out := newCellWriter(w)
		if b != nil {
			b.Items()
			defer b.ItemsEnd()
		}
		colors := boardOf(p).SeatColors
		for _, m := range p.Moves {
			if b != nil {
				b.Item()
			}
			// Each move is a button (app.js shows the position after it) with
			// its mover's colour, and its mover's name for screen readers: a
			// list in two columns hid who moved, which Kalah's extra turns
			// put in the other's column.
			ply := strconv.Itoa(m.Ply)
			out.s(` <li data-testid="move" data-ply="`)
			out.s(ply)
			out.s(`" class="`)
			out.s(seatClass(m.Seat))
			if m.Current {
				out.s(" current")
			}
			out.s(`" data-seat="`)
			out.escaped(seatNameOf(p, m.Seat))
			out.s(`"><button type="button" class="move" title="`)
			out.escaped(m.Info)
			out.s(`" aria-label="Move `)
			out.s(ply)
			mover := m.Seat >= 0 && m.Seat < len(colors)
			if mover {
				out.s(`, `)
				out.escaped(seatNameOf(p, m.Seat))
				out.s(`: `)
			} else {
				out.s(`, both chose: `)
			}
			out.escaped(m.Text)
			out.s(`"`)
			if m.Current {
				out.s(` aria-current="step"`)
			}
			out.s(`>`)
			// The text comes first, where programs that read the page find
			// it (the style sheet draws the dot before it).
			out.escaped(m.Text)
			if mover {
				out.s(`<span class="dot color-`)
				out.escaped(colors[m.Seat])
				out.s(`" aria-hidden="true"></span>`)
			}
			out.s(`</button></li>`)
		}
		return out.err
	})
}

// chatItems writes the chat's lines, marked as the items of the list part
// like the moves: each the writer's colour (a player's), name, time (UTC,
// which chat.js shows in the reader's own clock) and text, all as text.
func chatItems(p *view.Page) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		b, w, err := framed(ctx, w)
		if err != nil {
			return err
		}
		out := newCellWriter(w)
		if b != nil {
			b.Items()
			defer b.ItemsEnd()
		}
		colors := boardOf(p).SeatColors
		for _, l := range p.Chat {
			if b != nil {
				b.Item()
			}
			if l.Seat >= 0 && l.Seat < len(colors) {
				out.s(`<li data-testid="chat-line" class="chat-line `)
				out.s(seatClass(l.Seat))
				out.s(`"><span class="dot color-`)
				out.escaped(colors[l.Seat])
				out.s(`" aria-hidden="true"></span>`)
			} else {
				out.s(`<li data-testid="chat-line" class="chat-line spectator" title="Spectator">`)
			}
			at := l.At.UTC()
			out.s(`<span class="chat-name">`)
			out.escaped(l.Name)
			out.s(`</span> <time class="chat-time" datetime="`)
			out.s(at.Format(time.RFC3339))
			out.s(`">`)
			out.s(at.Format("15:04"))
			out.s(`</time> <span class="chat-text">`)
			out.escaped(l.Text)
			out.s(`</span></li>`)
		}
		return out.err
	})
}

// shade is a cell's colour class: dark where row + column is odd.
func shade(c game.Cell) string {
	if (int(c.Row)+int(c.Col))%2 == 1 {
		return "dark"
	}
	return "light"
}
