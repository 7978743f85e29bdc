package ai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// An entry is seen only by its owner; two owners' entries of one position
// take different slots; another owner's entry in a slot is replaced as if
// the slot were empty.
func TestTableEntriesAreTheirOwners(t *testing.T) {
	tab := NewTable(4)
	a, b := NewTag(), NewTag()
	require.NotEqual(t, a, b)
	mix := func(tag uint32) uint64 { return uint64(tag) * 0x9e3779b97f4a7c15 }
	if (mix(a)^mix(b))&15 == 0 {
		b = NewTag() // the two would share every slot in so small a table
	}
	tab.store(42, a, 5, 100, boundExact, Move(7), false)
	tab.store(42, b, 3, 50, boundExact, Move(8), false)
	cases := []struct {
		name string
		tag  uint32
		key  uint64
		move Move // 0: not found
	}{
		{"its owner", a, 42, 7},
		{"the other owner of the same position", b, 42, 8},
		{"an owner with no entry", NewTag(), 42, 0},
		{"another key in its slot", a, 42 + 16, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := tab.probe(tc.key, tc.tag)
			if tc.move == 0 {
				require.Nil(t, e)
				return
			}
			require.NotNil(t, e)
			require.Equal(t, tc.move, e.move)
		})
	}
	// b's shallower result for a key that falls in a's slot takes it: a
	// deeper exact result is kept only against its own owner's, and b
	// does not inherit a's move.
	other := 42 ^ mix(a) ^ mix(b)
	tab.store(other, b, 1, -3, boundUpper, NoMove, false)
	require.Nil(t, tab.probe(42, a))
	e := tab.probe(other, b)
	require.NotNil(t, e)
	require.Equal(t, NoMove, e.move)
}

// A search asking for a smaller table than the worker's indexes the
// worker's first entries as its own table of that size would.
func TestTablePrefix(t *testing.T) {
	tab := NewTable(8)
	require.Equal(t, 8, tab.Log2())
	small := tab.prefix(4)
	require.Len(t, small.entries, 16)
	require.Equal(t, uint64(15), small.mask)
	whole := tab.prefix(12)
	require.Len(t, whole.entries, 256)
}

// otherToy is the toy game under other keys: another room's positions.
type otherToy struct{ takeaway }

func (p *otherToy) Hash() uint64 { return p.takeaway.Hash() * 0x9e3779b97f4a7c15 }

// A seat searching on a worker's table, between another seat's searches
// (of the same positions or of another room's), finds what it finds on a
// table of its own: the other's entries are invisible to it and, in a
// table this large, take none of its slots.
func TestSharedTableSearchesAsAnOwnOne(t *testing.T) {
	own := NewSearcher(WorkerTableLog2)
	w := NewWorker(nil)
	var h1, h2, h3 History
	tag1, tag2, tag3 := NewTag(), NewTag(), NewTag()
	run := func(s *Searcher, pos Position) Info {
		clk := NewClock(context.Background(), 0)
		defer clk.Done()
		return s.Run(pos, clk, Limits{Depth: 6}, false)
	}
	shared := func(tag uint32, h *History, pos Position) Info {
		w.searcher.Use(w.Table(), WorkerTableLog2, tag, h)
		defer w.searcher.release()
		return run(&w.searcher, pos)
	}
	for pile := 40; pile >= 5; pile -= 3 {
		want := run(own, &takeaway{pile: pile})
		shared(tag2, &h2, &otherToy{takeaway{pile: pile}})
		shared(tag3, &h3, &takeaway{pile: pile - 1}) // the opponent, a move on
		got := shared(tag1, &h1, &takeaway{pile: pile})
		require.Equal(t, want.Eval, got.Eval, "pile %d", pile)
		require.Equal(t, want.Move, got.Move, "pile %d", pile)
		require.Equal(t, want.Nodes, got.Nodes, "pile %d", pile)
	}
	require.Equal(t, WorkerTableLog2, w.Table().Log2())
}

// Keep makes a package's value once per worker.
func TestWorkerKeep(t *testing.T) {
	type key struct{}
	w := NewWorker(nil)
	made := 0
	mk := func() any { made++; return new(int) }
	first := w.Keep(key{}, mk)
	require.Same(t, first, w.Keep(key{}, mk))
	require.Equal(t, 1, made)
	require.NotSame(t, first, NewWorker(nil).Keep(key{}, mk))
}

type countingLender struct{ lent, back int }

func (c *countingLender) Borrow(n int) (int, func()) {
	c.lent += n
	return n, func() { c.back += n }
}

// A worker lends what its lender lends; asking for nothing borrows nothing.
func TestWorkerBorrow(t *testing.T) {
	l := &countingLender{}
	w := NewWorker(l)
	got, back := w.Borrow(3)
	require.Equal(t, 3, got)
	back()
	got, back = w.Borrow(0)
	require.Zero(t, got)
	back()
	require.Equal(t, 3, l.lent)
	require.Equal(t, 3, l.back)
}

// A move thinks within the shorter of the bot's budget and the caller's.
func TestWithin(t *testing.T) {
	cases := []struct{ own, given, want time.Duration }{
		{time.Second, 0, time.Second},
		{time.Second, 100 * time.Millisecond, 100 * time.Millisecond},
		{time.Second, 2 * time.Second, time.Second},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, Within(tc.own, tc.given), "%v %v", tc.own, tc.given)
	}
}
