package templates

import (
	"context"
	"io"
	"sync"
	"sync/atomic"

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
// left out. The attributes are kept once made (a page has a few dozen
// distinct ones), so that writing one allocates nothing: the names are
// joined on the stack and looked up.
func cls(names ...string) templ.Attributer {
	var stack [128]byte
	b := stack[:0]
	for _, s := range names {
		if s == "" {
			continue
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, s...)
	}
	if m := classes.Load(); m != nil {
		if a, ok := (*m)[string(b)]; ok {
			return a
		}
	}
	return newClass(string(b))
}

var (
	// classes are the class attributes made so far, replaced whole (under
	// classesMu) when one is added, read without a lock.
	classes   atomic.Pointer[map[string]*classAttr]
	classesMu sync.Mutex
)

// maxClasses bounds the class attributes kept; past it (class names made
// from data, which the live fragment has none of) they are made each time.
const maxClasses = 2048

// newClass makes the attribute of class and keeps it.
func newClass(class string) *classAttr {
	a := &classAttr{{Key: "class", Value: class}}
	classesMu.Lock()
	defer classesMu.Unlock()
	old := classes.Load()
	if old != nil && len(*old) >= maxClasses {
		return a
	}
	next := make(map[string]*classAttr, 1+len(classesOf(old)))
	for k, v := range classesOf(old) {
		next[k] = v
	}
	next[class] = a
	classes.Store(&next)
	return a
}

func classesOf(m *map[string]*classAttr) map[string]*classAttr {
	if m == nil {
		return nil
	}
	return *m
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
