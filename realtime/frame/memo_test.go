package frame

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMemoRecallsWhatWasDrawn draws a row of cells again and again, each
// cell's text changing now and then (longer, shorter), recalling the cells
// that did not change: every frame must be the frame drawn without a memo,
// however the memo's arena was filled, grown and compacted.
func TestMemoRecallsWhatWasDrawn(t *testing.T) {
	const cells = 40
	rng := rand.New(rand.NewPCG(1, 2))
	texts := make([]string, cells)
	for i := range texts {
		texts[i] = "x"
	}
	memo := &Memo{}
	memo.Slots(cells)
	drawnFor := make([]string, cells) // what each slot was remembered for
	draw := func(b *Builder, withMemo bool) {
		buf := b.Buffer()
		buf.WriteString(`<div id="board">`)
		for i, text := range texts {
			buf.WriteString(`<div class="gridcell">`)
			if withMemo && drawnFor[i] == text && b.Recall(memo, i) {
				buf.WriteString(`</div>`)
				continue
			}
			s := b.Mark()
			b.Begin("c"+strconv.Itoa(i), Element)
			buf.WriteString(`<button id="c` + strconv.Itoa(i) + `">` + text + `</button>`)
			b.End()
			if withMemo {
				b.Remember(memo, i, s)
				drawnFor[i] = text
			}
			buf.WriteString(`</div>`)
		}
		buf.WriteString(`</div>`)
	}
	for round := range 300 {
		for range 1 + rng.IntN(4) {
			texts[rng.IntN(cells)] = strings.Repeat("y", rng.IntN(60))
		}
		var alone, memoed Builder
		draw(&alone, false)
		shared := NewShared()
		shared.UseMemo(memo)
		memoed.Share(shared)
		draw(&memoed, true)
		want, got := alone.Frame(), memoed.Frame()
		require.Equal(t, string(want.HTML), string(got.HTML), "round %d", round)
		require.True(t, want.Digest().Equal(got.Digest()), "round %d: the same digest", round)
		want.Release()
		got.Release()
		shared.Release()
	}
	require.Greater(t, memo.Hits(), 300*(cells-4)/2, "most cells recalled")
	require.Less(t, memo.Size(), 64<<10, "the arena stays about the size of what it holds")
}
