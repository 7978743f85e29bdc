package frame

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A frame that crossed the wire gives the same updates as the original,
// from and to any other frame, and its digest matches the original's.
func TestEncodingKeepsUpdates(t *testing.T) {
	frames := []*Frame{
		page{title: "T", a: "1", b: "2", items: []string{"x", "y"}, pad: 400}.frame(),
		page{title: "T", a: "9", b: "2", items: []string{"x", "y", "z"}, pad: 400}.frame(),
		page{title: "U", a: "9", b: "2", items: []string{"x"}, pad: 400}.frame(),
		page{title: "T", a: "1", b: "2", unfinished: true}.frame(),
		Whole([]byte(`<div id="live">plain</div>`)),
	}
	for i, f := range frames {
		got, rest, err := Decode(f.AppendBinary([]byte{}))
		require.NoError(t, err, "frame %d", i)
		require.Empty(t, rest)
		require.Equal(t, f.HTML, got.HTML)
		require.Equal(t, *f.Digest(), *got.Digest(), "frame %d", i)
		for j, other := range frames {
			require.Equal(t, Delta(other.Digest(), f), Delta(other.Digest(), got), "from %d to %d", j, i)
			require.Equal(t, Delta(f.Digest(), other), Delta(got.Digest(), other), "from %d to %d", i, j)
		}
	}
}

// Frames follow one another in one message: each Decode returns the rest.
func TestEncodingConcatenates(t *testing.T) {
	a := page{title: "A", a: "1", b: "2", items: []string{"x"}}.frame()
	b := page{title: "B", a: "3", b: "4"}.frame()
	buf := b.AppendBinary(a.AppendBinary(nil))
	ga, rest, err := Decode(buf)
	require.NoError(t, err)
	gb, rest, err := Decode(rest)
	require.NoError(t, err)
	require.Empty(t, rest)
	require.Equal(t, a.HTML, ga.HTML)
	require.Equal(t, b.HTML, gb.HTML)
}

func TestDecodeRefusesDamage(t *testing.T) {
	good := page{title: "T", a: "1", b: "2", items: []string{"x", "y"}}.frame().AppendBinary(nil)
	for cut := 0; cut < len(good); cut++ {
		_, _, err := Decode(good[:cut])
		require.ErrorIs(t, err, ErrBadEncoding, "cut at %d", cut)
	}
}

// FuzzDecode: no input makes Decode panic, and whatever it accepts can be
// used as both ends of an update.
func FuzzDecode(f *testing.F) {
	f.Add(page{title: "T", a: "1", b: "2", items: []string{"x", "y"}}.frame().AppendBinary(nil))
	f.Add(Whole([]byte("x")).AppendBinary(nil))
	f.Add([]byte{})
	ref := page{title: "T", a: "1", b: "2", items: []string{"x"}}.frame()
	f.Fuzz(func(t *testing.T, b []byte) {
		got, _, err := Decode(b)
		if err != nil {
			return
		}
		Delta(ref.Digest(), got)
		Delta(got.Digest(), ref)
		Delta(got.Digest(), got)
	})
}
