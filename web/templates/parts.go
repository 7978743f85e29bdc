package templates

import (
	"context"
	"errors"
	"io"

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

// part renders its children (one element with the given id) as a part of
// the frame.
func part(id string) templ.Component { return markPart(id, frame.Element) }

// listPart is a part whose items (marked by the builder's Items, Item and
// ItemsEnd, see moveItems) may be appended to by an update.
func listPart(id string) templ.Component { return markPart(id, frame.List) }

// alwaysPart goes with every update.
func alwaysPart(id string) templ.Component { return markPart(id, frame.Always) }

func markPart(id string, kind frame.Kind) templ.Component {
	return aroundChildren(func(b *frame.Builder, draw func() error) error {
		b.Begin(id, kind)
		defer b.End()
		return draw()
	})
}

// aroundChildren is a component that has its children drawn by around,
// given the frame's builder and the children's drawing into its buffer;
// outside a frame render the children are drawn as they are.
func aroundChildren(around func(b *frame.Builder, draw func() error) error) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		children := templ.GetChildren(ctx)
		ctx = templ.ClearChildren(ctx)
		b, w, err := framed(ctx, w)
		if err != nil || b == nil {
			return errors.Join(err, children.Render(ctx, w))
		}
		return around(b, func() error { return children.Render(ctx, w) })
	})
}

// segment renders its children as a stretch of the fragment that the other
// frames of a broadcast with the same key copy instead of drawing
// (frame.Builder.Segment); key "" draws it for this viewer alone.
func segment(key string) templ.Component {
	return aroundChildren(func(b *frame.Builder, draw func() error) error { return b.Segment(key, draw) })
}

// The keys of the segments: what each depends on beyond the room's live
// position at the moment of the broadcast, which every page of one
// broadcast shows (the same state, last move, move list and chat), except
// a viewer's replay, which shows a position of its own.

// cellsKey names the board's cells: the same for every viewer with no
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

// chatKey names the chat's lines: the same for every viewer.
func chatKey(*view.Page) string { return "chat" }
