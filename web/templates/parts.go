package templates

import (
	"context"
	"errors"
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
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		children := templ.GetChildren(ctx)
		ctx = templ.ClearChildren(ctx)
		b, w, err := framed(ctx, w)
		if err != nil || b == nil {
			return errors.Join(err, children.Render(ctx, w))
		}
		b.Begin(id, kind)
		defer b.End()
		return children.Render(ctx, w)
	})
}
