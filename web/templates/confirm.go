package templates

import (
	"bytes"
	"context"
	"io"
	"sync"
	"sync/atomic"

	"github.com/a-h/templ"

	"boardroom/realtime/vocab"
)

// confirmed is confirmedButton as drawn the first time with these
// arguments: the controls of every player's page hold one to three of these
// buttons, always the same (the arguments are constants but for Resign's
// disabled), and drawing them through templ's attributes was a tenth of a
// move's CPU. Its arguments must come from a small set (constants): each
// set's button is kept for good.
func confirmed(action vocab.Action, class, label, question, yes string, disabled bool) templ.Component {
	k := confirmKey{action, class, label, question, yes, disabled}
	if m := confirmCache.Load(); m != nil {
		if c := (*m)[k]; c != nil {
			return c
		}
	}
	return drawConfirmed(k)
}

type confirmKey struct {
	action                      vocab.Action
	class, label, question, yes string
	disabled                    bool
}

// drawnHTML is a piece of the page drawn once, written as it is.
type drawnHTML struct{ html string }

func (d *drawnHTML) Render(_ context.Context, w io.Writer) error {
	_, err := io.WriteString(w, d.html)
	return err
}

var (
	// confirmCache maps the arguments to the buttons drawn; replaced
	// whole (under confirmMu) when a new one is drawn, read without a lock.
	confirmCache atomic.Pointer[map[confirmKey]*drawnHTML]
	confirmMu    sync.Mutex
	// confirmDraws counts the buttons drawn (tests).
	confirmDraws atomic.Int64
)

// drawConfirmed draws a confirmed button and keeps it.
func drawConfirmed(k confirmKey) templ.Component {
	var buf bytes.Buffer
	if err := confirmedButton(k.action, k.class, k.label, k.question, k.yes, k.disabled).Render(context.Background(), &buf); err != nil {
		// Writing into memory fails only on a template bug: draw it as it
		// comes, every time, with its error.
		return confirmedButton(k.action, k.class, k.label, k.question, k.yes, k.disabled)
	}
	confirmDraws.Add(1)
	d := &drawnHTML{html: buf.String()}
	confirmMu.Lock()
	defer confirmMu.Unlock()
	next := map[confirmKey]*drawnHTML{}
	if m := confirmCache.Load(); m != nil {
		if c := (*m)[k]; c != nil {
			return c // drawn meanwhile
		}
		for key, c := range *m {
			next[key] = c
		}
	}
	next[k] = d
	confirmCache.Store(&next)
	return d
}
