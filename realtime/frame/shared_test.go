package frame

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// viewer draws a fragment with a header of its own (so that the segments
// land at different offsets in each viewer's frame), the board's two cells
// and the move list in segments, and a controls part holding a segment of
// its own inside it.
type viewer struct {
	header   string
	cells    [2]string
	items    []string
	button   string
	open     bool // the list's segment leaves its part open
	outer    bool // the controls' segment marks the outer list's items
	nested   bool // the list's segment holds another of the same key
	cellsKey string
}

func (v viewer) frame(s *Shared, drawn *int) *Frame {
	var b Builder
	b.Share(s)
	w := b.Buffer()
	w.WriteString(`<div id="live"><h1>` + v.header + `</h1>`)
	key := v.cellsKey
	if key == "" {
		key = "cells"
	}
	_ = b.Segment(key, func() error {
		*drawn++
		w.WriteString(`<div class="board">`)
		for i, c := range v.cells {
			w.WriteString(`<span>`)
			id := "c" + string(rune('0'+i))
			b.Begin(id, Element)
			w.WriteString(`<b id="` + id + `">` + c + `</b>`)
			b.End()
			w.WriteString(`</span>`)
		}
		w.WriteString(`</div>`)
		return nil
	})
	_ = b.Segment("moves", func() error {
		*drawn++
		if v.nested {
			// The same key inside: a piece of the outer segment.
			_ = b.Segment("moves", func() error { w.WriteString(`<b>in</b>`); return nil })
		}
		b.Begin("moves", List)
		w.WriteString(`<ol id="moves">`)
		b.Items()
		for _, it := range v.items {
			b.Item()
			w.WriteString(`<li>` + it + `</li>`)
		}
		b.ItemsEnd()
		w.WriteString(`</ol>`)
		if !v.open {
			b.End()
		}
		return nil
	})
	if v.open {
		b.End()
	}
	b.Begin("controls", List)
	w.WriteString(`<div id="controls">` + v.header)
	_ = b.Segment("button", func() error {
		*drawn++
		if v.outer {
			b.Items()
		}
		w.WriteString(`<button>` + v.button + `</button>`)
		return nil
	})
	w.WriteString(`</div>`)
	b.End()
	w.WriteString(`</div>`)
	return b.Frame()
}

func requireSame(t *testing.T, want, got *Frame, msg string) {
	t.Helper()
	require.Equal(t, string(want.HTML), string(got.HTML), msg)
	require.Equal(t, want.AppendBinary(nil), got.AppendBinary(nil), "%s: parts and lists", msg)
	require.True(t, want.Digest().Equal(got.Digest()), "%s: digest", msg)
	require.Equal(t, want.Digest(), got.Digest(), msg)
}

// TestSegmentsArePastedAsDrawn: a frame whose segments were copied from
// another viewer's is the frame drawn alone, and the segments are drawn
// once; a segment that leaves a part open, or marks the items of the part
// it lies in, is drawn by each.
func TestSegmentsArePastedAsDrawn(t *testing.T) {
	player := viewer{header: "Your move", cells: [2]string{"x", "o"}, items: []string{"e4", "e5"}, button: "Resign"}
	spectator := viewer{header: "White to move, and a longer header", cells: player.cells, items: player.items, button: "Resign"}
	cases := []struct {
		name     string
		viewers  []viewer
		drawings int // segments drawn in all, with sharing
	}{
		{"two viewers", []viewer{player, spectator}, 3},
		{"three, the last drawing its own cells", []viewer{player, spectator, func() viewer {
			v := spectator
			v.cells, v.cellsKey = [2]string{"x", "selected"}, "cells/mine"
			return v
		}()}, 4},
		{"an empty list", []viewer{{header: "a", button: "b"}, {header: "bb", button: "b"}}, 3},
		{"a segment leaving its part open", []viewer{{header: "a", items: []string{"1"}, open: true}, {header: "b", items: []string{"1"}, open: true}}, 4},
		{"a segment inside another", []viewer{{header: "a", items: []string{"1"}, nested: true}, {header: "bb", items: []string{"1"}, nested: true}}, 3},
		{"a segment marking its part's items", []viewer{{header: "a", outer: true}, {header: "b", outer: true}}, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := NewShared()
			drawn, ignored := 0, 0
			var frames []*Frame
			for _, v := range tc.viewers {
				frames = append(frames, v.frame(s, &drawn))
			}
			s.Release()
			require.Equal(t, tc.drawings, drawn)
			for i, v := range tc.viewers {
				requireSame(t, v.frame(nil, &ignored), frames[i], v.header)
			}
			// Updates from one viewer's frame to another's are those of the
			// frames drawn alone (the second's move list grew).
			if len(tc.viewers) > 1 && !tc.viewers[0].open {
				next := tc.viewers[1]
				next.items = append(cloned(next.items), "Nf3")
				other := next
				other.header = tc.viewers[0].header
				s := NewShared()
				a := other.frame(s, &ignored)
				b := next.frame(s, &ignored)
				s.Release()
				require.Equal(t, string(Delta(tc.viewers[1].frame(nil, &ignored).Digest(), next.frame(nil, &ignored))),
					string(Delta(frames[1].Digest(), b)))
				a.Release()
			}
		})
	}
}

func cloned(s []string) []string { return append([]string(nil), s...) }

// TestPastedFramesOutliveTheShared: a frame built from segments is whole
// after its Shared is released and reused, kept or encoded for another
// node.
func TestPastedFramesOutliveTheShared(t *testing.T) {
	v := viewer{header: "h", cells: [2]string{"a", "b"}, items: []string{"1", "2", "3"}, button: "go"}
	drawn := 0
	alone := v.frame(nil, &drawn)
	s := NewShared()
	v.frame(s, &drawn).Release()
	pasted := v.frame(s, &drawn)
	s.Release()
	for range 5 { // later broadcasts draw over the pool's Shareds
		s := NewShared()
		w := viewer{header: strings.Repeat("Z", 300), cells: [2]string{"q", "r"}, items: []string{"9", "8"}, button: "x"}
		w.frame(s, &drawn).Release()
		w.frame(s, &drawn).Release()
		s.Release()
	}
	requireSame(t, alone, pasted, "after the Shared's release")
	decoded, rest, err := Decode(pasted.AppendBinary(nil))
	require.NoError(t, err)
	require.Empty(t, rest)
	requireSame(t, alone, decoded, "decoded")
	kept := pasted.Kept(nil)
	requireSame(t, alone, kept, "kept")
	require.True(t, bytes.Equal(alone.HTML, kept.HTML))
}
