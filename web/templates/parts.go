package templates

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"

	"github.com/a-h/templ"

	"boardroom/realtime/frame"
	"boardroom/realtime/view"
)

// The live fragment marks its parts (see package frame) while it renders:
// a part component writes its element straight into the frame builder's
// buffer and records where it starts and ends. Outside a frame render (the
// full page over HTTP) the marks write nothing.

type builderKey struct{}

func withBuilder(ctx context.Context, b *frame.Builder) context.Context {
	return context.WithValue(ctx, builderKey{}, b)
}

func builderOf(ctx context.Context) *frame.Builder {
	b, _ := ctx.Value(builderKey{}).(*frame.Builder)
	return b
}

// framed returns the frame builder of the render and the writer to go on
// with: the builder's buffer, once what templ has buffered is flushed into
// it, so that offsets taken from it are exact (templ wraps the writer it
// was given in a buffered writer that flushes on Flush). Outside a frame
// render it returns nil and w.
func framed(ctx context.Context, w io.Writer) (*frame.Builder, io.Writer, error) {
	b := builderOf(ctx)
	if b == nil {
		return nil, w, nil
	}
	if f, ok := w.(interface{ Flush() error }); ok {
		if err := f.Flush(); err != nil {
			return nil, w, err
		}
	}
	return b, b.Buffer(), nil
}

// A part is written between partBegin (or listBegin, alwaysBegin) and
// partEnd, in one template, around one element with the part's id:
//
//	@partBegin("banner")
//	<div id="banner">…</div>
//	@partEnd
//
// and not as a component with children (@part("banner") { … }): templ
// makes a closure, a component and a context for every block of
// children, in every render, which was a quarter of what a move allocated.
// The marks are kept, one per part, and allocate nothing.

// partBegin starts a part that is sent when it changed.
func partBegin(id string) templ.Component { return mark(id, frame.Element) }

// listBegin starts a list part, whose items (marked by the builder's
// Items, Item and ItemsEnd, see moveItems) may be appended to by an update.
func listBegin(id string) templ.Component { return mark(id, frame.List) }

// alwaysBegin starts a part that goes with every update.
func alwaysBegin(id string) templ.Component { return mark(id, frame.Always) }

// partEnd ends the part begun last.
var partEnd templ.Component = partMark{end: true}

// partMark begins a part (or ends one) in a frame render; elsewhere (the
// full page over HTTP) it writes nothing.
type partMark struct {
	id   string
	kind frame.Kind
	end  bool
}

func (m partMark) Render(ctx context.Context, w io.Writer) error {
	b, _, err := framed(ctx, w)
	if err != nil || b == nil {
		return err
	}
	if m.end {
		b.End()
	} else {
		b.Begin(m.id, m.kind)
	}
	return nil
}

type markKey struct {
	id   string
	kind frame.Kind
}

var (
	// marks are the part marks made, replaced whole (under marksMu) when
	// one is added, read without a lock: the ids are the templates'
	// constants.
	marks   atomic.Pointer[map[markKey]templ.Component]
	marksMu sync.Mutex
)

// mark is the mark that begins part id of kind.
func mark(id string, kind frame.Kind) templ.Component {
	k := markKey{id, kind}
	if m := marks.Load(); m != nil {
		if c, ok := (*m)[k]; ok {
			return c
		}
	}
	c := templ.Component(&partMark{id: id, kind: kind})
	marksMu.Lock()
	defer marksMu.Unlock()
	next := map[markKey]templ.Component{k: c}
	if m := marks.Load(); m != nil {
		for key, v := range *m {
			next[key] = v
		}
	}
	marks.Store(&next)
	return c
}

// segment renders its children as a stretch of the fragment that the other
// frames of a broadcast with the same key copy instead of drawing
// (frame.Builder.Segment); key "" draws it for this viewer alone.
func segment(key string) templ.Component { return listSegment(key, "") }

// listSegment is a segment whose children are the element of list part id
// (see listBegin); "" for no part. (In a segment's block, @listBegin on a
// line before the element makes templ write a space between them, which
// the page has never had.)
func listSegment(key, id string) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		children := templ.GetChildren(ctx)
		ctx = templ.ClearChildren(ctx)
		b, w, err := framed(ctx, w)
		if err != nil || b == nil {
			return errors.Join(err, children.Render(ctx, w))
		}
		return b.Segment(key, func() error {
			if id != "" {
				b.Begin(id, frame.List)
				defer b.End()
			}
			return children.Render(ctx, w)
		})
	})
}

// The keys of the segments: what each depends on beyond the room at the
// moment of the broadcast, which every page of one broadcast shows (the
// same position, last move, move list, chat, spectators and link), except
// a viewer's replay, which shows a position of its own.

// cellsKey names the board, its cells and coordinates: the same for every viewer with no
// marks of their own on them (clicks towards a move, targets the server
// draws, a secret choice, a hint), that is every spectator, and every
// player whose page marks its own targets (view.Page.Paths).
func cellsKey(p *view.Page) string {
	if p.Replay.Active || len(p.Selected) > 0 || len(p.MyChoice) > 0 || len(p.Hint) > 0 ||
		(p.ServerMarks() && len(p.Targets) > 0) {
		return ""
	}
	return "cells"
}

// movesKey names the move list: the same for every viewer but one looking
// back (its current move is marked).
func movesKey(p *view.Page) string {
	if p.Replay.Active {
		return ""
	}
	return "moves"
}

// chatKey names the chat card: its lines are the same for every viewer;
// a player has the toggle that hides the spectators' messages, and a
// finished game followed by a rematch no form.
func chatKey(p *view.Page) string {
	switch {
	case p.Spectator && p.Next != "":
		return "chat/spectator/over"
	case p.Spectator:
		return "chat/spectator"
	case p.Next != "":
		return "chat/player/over"
	}
	return "chat/player"
}

// shareKey names the card with the room's link and records: the same for
// every viewer but a visitor invited to play (not counted as watching).
func shareKey(p *view.Page) string {
	if p.Invitation != "" {
		return "share/invited"
	}
	return "share"
}
