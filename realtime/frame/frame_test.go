package frame

import (
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/stretchr/testify/require"
)

// page describes a small fragment: a title outside any part (the shell),
// two cell parts and a list part of items.
type page struct {
	title      string
	a, b       string
	listClass  string
	items      []string
	pad        int // bytes of shell padding, to make parts small next to it
	unfinished bool
}

func (p page) frame() *Frame {
	var b Builder
	w := b.Buffer()
	w.WriteString(`<div id="live"><h1>` + p.title + `</h1>` + strings.Repeat(" ", p.pad))
	for _, c := range []struct{ id, text string }{{"a", p.a}, {"b", p.b}} {
		b.Begin(c.id, Element)
		w.WriteString(`<i id="` + c.id + `">` + c.text + `</i>`)
		b.End()
	}
	b.Begin("moves", List)
	w.WriteString(`<ol id="moves" class="` + p.listClass + `">`)
	b.Items()
	for _, it := range p.items {
		b.Item()
		w.WriteString(`<li>` + it + `</li>`)
	}
	b.ItemsEnd()
	w.WriteString(`</ol>`)
	if !p.unfinished {
		b.End()
	}
	w.WriteString(`</div>`)
	return b.Frame()
}

func TestDelta(t *testing.T) {
	base := page{title: "T", a: "1", b: "2", items: []string{"x", "y"}, pad: 400}
	with := func(f func(*page)) page { p := base; p.items = append([]string(nil), base.items...); f(&p); return p }
	cases := []struct {
		name string
		old  *Frame
		new  page
		want string // "" means nothing to send; "WHOLE" the new fragment
	}{
		{"nothing shown yet", nil, base, "WHOLE"},
		{"unchanged", base.frame(), base, ""},
		{"one cell", base.frame(), with(func(p *page) { p.a = "9" }), `<i id="a">9</i>`},
		{"two cells, in page order", base.frame(), with(func(p *page) { p.a, p.b = "8", "9" }), `<i id="a">8</i><i id="b">9</i>`},
		{"shell changed", base.frame(), with(func(p *page) { p.title = "U" }), "WHOLE"},
		{"items appended", base.frame(), with(func(p *page) { p.items = append(p.items, "z", "w") }),
			`<div hx-swap-oob="beforeend:#moves"><li>z</li><li>w</li></div>`},
		{"first item to an empty list", page{title: "T", a: "1", b: "2", pad: 400}.frame(), with(func(p *page) { p.items = p.items[:1] }),
			`<div hx-swap-oob="beforeend:#moves"><li>x</li></div>`},
		{"an item changed", base.frame(), with(func(p *page) { p.items = []string{"x", "q", "z"} }),
			`<ol id="moves" class=""><li>x</li><li>q</li><li>z</li></ol>`},
		{"list shorter (undo)", base.frame(), with(func(p *page) { p.items = p.items[:1] }), `<ol id="moves" class=""><li>x</li></ol>`},
		{"list element changed", base.frame(), with(func(p *page) { p.listClass = "r"; p.items = append(p.items, "z") }),
			`<ol id="moves" class="r"><li>x</li><li>y</li><li>z</li></ol>`},
		{"a part left open is sent whole", base.frame(), with(func(p *page) { p.unfinished = true }), "WHOLE"},
		{"from a frame without parts", Whole([]byte("<div id=live></div>")), base, "WHOLE"},
		{"a delta nearly as large as the whole", page{title: "T", a: "1", b: "2"}.frame(), page{title: "T", a: strings.Repeat("x", 100), b: strings.Repeat("y", 100)}, "WHOLE"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.new.frame()
			got := string(Delta(tc.old.Digest(), f))
			want := tc.want
			if want == "WHOLE" {
				want = string(f.HTML)
			}
			require.Equal(t, want, got)
		})
	}
}

func TestPartsAreTheirElements(t *testing.T) {
	f := page{title: "T", a: "1", b: "2", items: []string{"x"}}.frame()
	require.Equal(t, 3, f.Parts())
	for i, want := range []string{`<i id="a">1</i>`, `<i id="b">2</i>`, `<ol id="moves" class=""><li>x</li></ol>`} {
		_, html := f.Part(i)
		require.Equal(t, want, string(html))
	}
}

func TestNestedPartBelongsToTheOuterOne(t *testing.T) {
	var b Builder
	b.Begin("outer", Element)
	b.Buffer().WriteString(`<p id="outer">`)
	b.Begin("inner", Element)
	b.Buffer().WriteString(`<b id="inner"></b>`)
	b.End()
	b.Buffer().WriteString(`</p>`)
	b.End()
	f := b.Frame()
	require.Equal(t, 1, f.Parts())
	id, html := f.Part(0)
	require.Equal(t, "outer", id)
	require.Equal(t, `<p id="outer"><b id="inner"></b></p>`, string(html))
}

func TestAlwaysPartGoesWithEveryUpdate(t *testing.T) {
	build := func(version, a string) *Frame {
		var b Builder
		w := b.Buffer()
		w.WriteString(`<div id="live">` + strings.Repeat(" ", 200))
		b.Begin("version", Always)
		w.WriteString(`<i id="version">` + version + `</i>`)
		b.End()
		b.Begin("a", Element)
		w.WriteString(`<i id="a">` + a + `</i>`)
		b.End()
		w.WriteString(`</div>`)
		return b.Frame()
	}
	old := build("1", "x")
	require.Equal(t, `<i id="version">2</i><i id="a">y</i>`, string(Delta(old.Digest(), build("2", "y"))))
	require.Empty(t, Delta(old.Digest(), build("2", "x")), "nothing else changed: nothing to send")
	require.Empty(t, Delta(old.Digest(), build("1", "x")))
}

// TestDigestDoesNotKeepTheRender: every connection keeps the digest of the
// frame its page shows; the render itself must be free to go.
func TestDigestDoesNotKeepTheRender(t *testing.T) {
	f := page{title: "T", a: "1", b: "2", items: []string{"x"}}.frame()
	d := f.Digest()
	gone := weak.Make(f)
	f = nil
	runtime.GC()
	require.Nil(t, gone.Value(), "the frame was collected")
	require.NotEmpty(t, d.hashes)
}

// TestReleasedFramesLeaveUpdatesIntact: a released frame's bytes are drawn
// over by the next renders, and nothing sent from it may change with them:
// updates, the whole fragment included, are copies, and the digest a page
// keeps still compares.
func TestReleasedFramesLeaveUpdatesIntact(t *testing.T) {
	base := page{title: "T", a: "1", b: "2", items: []string{"x"}, pad: 400}
	next := base
	next.a = "9"
	first := base.frame()
	whole := Delta(nil, first)
	kept := first.Digest()
	second := next.frame()
	update := Delta(kept, second)
	wantWhole, wantUpdate := string(whole), string(update)
	first.Release()
	second.Release()
	first.Release() // twice is harmless
	for range 20 {  // later renders reuse the bytes
		p := base
		p.title, p.a, p.b = strings.Repeat("Z", 300), "Q", "R"
		p.frame()
	}
	require.Equal(t, wantWhole, string(whole))
	require.Equal(t, wantUpdate, string(update))
	require.Equal(t, `<i id="a">9</i>`, wantUpdate)
	third := next.frame()
	require.Empty(t, Delta(second.Digest(), third), "a released frame's digest still says what the page shows")
}

// TestKeptFramesHoldTheirOwnSize: a frame kept for long does not keep a
// larger buffer from an earlier render, and reads the same.
func TestKeptFramesHoldTheirOwnSize(t *testing.T) {
	big := page{title: strings.Repeat("B", 20000), a: "1", b: "2"}
	big.frame().Release()
	small := page{title: "s", a: "1", b: "2"}.frame()
	want := string(small.HTML)
	kept := small.Kept(nil)
	require.Equal(t, want, string(kept.HTML))
	require.LessOrEqual(t, cap(kept.HTML), len(kept.HTML)+len(kept.HTML)/8)
	require.Empty(t, Delta(small.Digest(), kept), "the same frame")

	// The next frame kept in its place takes over its bytes when it fits,
	// and the one it replaces is released.
	big.frame().Release()
	next := page{title: "t", a: "1", b: "3"}.frame()
	wantNext := string(next.HTML)
	bytesBefore := &kept.HTML[0]
	keptNext := next.Kept(kept)
	require.Equal(t, wantNext, string(keptNext.HTML))
	require.Same(t, bytesBefore, &keptNext.HTML[0], "the replaced frame's bytes, reused")
	require.Nil(t, kept.HTML, "the replaced frame is released")
	require.Empty(t, Delta(next.Digest(), keptNext))
}
