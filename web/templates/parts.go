package templates

import (
	"context"
	"io"

	"github.com/a-h/templ"

	"boardroom/realtime/frame"
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

// flush pushes what templ has buffered into the builder's buffer, so that
// offsets taken from it are exact. Templ wraps the writer it was given in
// a buffered writer that flushes on Flush.
func flush(w io.Writer) error {
	if f, ok := w.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}

// part renders its children (one element with the given id) as a part of
// the frame.
func part(id string) templ.Component { return markPart(id, frame.Element) }

// listPart is a part whose items (marked with listItems, the builder's Item
// and listItemsEnd) may be appended to by an update.
func listPart(id string) templ.Component { return markPart(id, frame.List) }

// alwaysPart goes with every update.
func alwaysPart(id string) templ.Component { return markPart(id, frame.Always) }

func markPart(id string, kind frame.Kind) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		children := templ.GetChildren(ctx)
		ctx = templ.ClearChildren(ctx)
		b := builderOf(ctx)
		if b == nil {
			return children.Render(ctx, w)
		}
		if err := flush(w); err != nil {
			return err
		}
		b.Begin(id, kind)
		defer b.End()
		return children.Render(ctx, b.Buffer())
	})
}

// mark runs one of the builder's list marks at the current position.
func mark(do func(*frame.Builder)) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		b := builderOf(ctx)
		if b == nil {
			return nil
		}
		if err := flush(w); err != nil {
			return err
		}
		do(b)
		return nil
	})
}

var (
	listItems    = mark((*frame.Builder).Items)
	listItemsEnd = mark((*frame.Builder).ItemsEnd)
)
