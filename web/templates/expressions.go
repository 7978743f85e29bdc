package templates

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"
)

// Writing the live fragment, drawn for every viewer at every change,
// without what templ's expressions cost.
//
// The live fragment's elements whose classes change with the position
// write their class attribute through cls rather than templ's class={…}:
// templ builds two maps and joins a list for every such attribute, which
// was an eighth of everything a render allocated. Used as a spread,
// { cls("card", when(empty, "empty"))... }, it writes the same attribute.

// classAttr is a class attribute as templ spreads it.
type classAttr [1]templ.KeyValue[string, any]

func (a *classAttr) Items() []templ.KeyValue[string, any] { return a[:] }

// cls is the class attribute of the names given, in order, the empty ones
// left out.
func cls(names ...string) templ.Attributer {
	n := 0
	for _, s := range names {
		n += len(s) + 1
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range names {
		if s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return &classAttr{{Key: "class", Value: b.String()}}
}

// when is name when on holds, else nothing.
func when(on bool, name string) string {
	if on {
		return name
	}
	return ""
}

// text is a string written as HTML text: the live fragment writes its
// texts as @text(s), not { s }, which templ passes through fmt.Sprint (a
// copy of every string, a dozen in every render).
type text string

func (t text) Render(_ context.Context, w io.Writer) error {
	_, err := io.WriteString(w, templ.EscapeString(string(t)))
	return err
}
