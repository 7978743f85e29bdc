package main

import (
	"fmt"
	"maps"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"time"
)

// histogram is a log-linear latency histogram in the manner of HDR
// histograms: exact below 2^(subBits+1) ns, and above that every power of
// two is split into 2^subBits buckets, so a percentile it reports is within
// 1/2^subBits (1.6 %) of the true sample, in a fixed few KiB whatever the
// number of samples. It is safe for concurrent use.
type histogram struct {
	mu       sync.Mutex
	counts   []uint64
	n        uint64
	sum      time.Duration
	min, max time.Duration
}

const subBits = 6

// bucketOf is the index of the bucket holding v (ns, v >= 0).
func bucketOf(v uint64) int {
	const exact = 1 << (subBits + 1)
	if v < exact {
		return int(v)
	}
	shift := bits.Len64(v) - (subBits + 1)
	top := v >> shift // in [2^subBits, 2^(subBits+1))
	return exact + (shift-1)<<subBits + int(top-1<<subBits)
}

// bucketRange is the smallest and largest value of bucket i.
func bucketRange(i int) (lo, hi uint64) {
	const exact = 1 << (subBits + 1)
	if i < exact {
		return uint64(i), uint64(i)
	}
	shift := (i-exact)>>subBits + 1
	top := uint64((i-exact)&(1<<subBits-1)) + 1<<subBits
	return top << shift, (top+1)<<shift - 1
}

// record adds one sample; negative durations count as zero.
func (h *histogram) record(d time.Duration) {
	d = max(d, 0)
	i := bucketOf(uint64(d))
	h.mu.Lock()
	defer h.mu.Unlock()
	if i >= len(h.counts) {
		h.counts = append(h.counts, make([]uint64, i+1-len(h.counts))...)
	}
	h.counts[i]++
	if h.n == 0 || d < h.min {
		h.min = d
	}
	h.max = max(h.max, d)
	h.n++
	h.sum += d
}

// count is the number of samples.
func (h *histogram) count() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

// percentile returns the sample at rank ceil(p/100·n) (the nearest-rank
// definition), as the middle of its bucket clamped to the extremes seen; 0
// without samples.
func (h *histogram) percentile(p float64) time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n == 0 {
		return 0
	}
	rank := uint64(math.Ceil(p / 100 * float64(h.n)))
	rank = min(max(rank, 1), h.n)
	if rank == h.n {
		return h.max
	}
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			lo, hi := bucketRange(i)
			mid := time.Duration(lo + (hi-lo)/2)
			return min(max(mid, h.min), h.max)
		}
	}
	return h.max
}

// mean is the average sample.
func (h *histogram) mean() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n == 0 {
		return 0
	}
	return h.sum / time.Duration(h.n)
}

// line summarises the distribution in one line of milliseconds.
func (h *histogram) line() string {
	h.mu.Lock()
	n, lo, hi := h.n, h.min, h.max
	h.mu.Unlock()
	if n == 0 {
		return "no samples"
	}
	return fmt.Sprintf("n=%d min=%s p50=%s p90=%s p99=%s p99.9=%s max=%s mean=%s", n, ms(lo), ms(h.percentile(50)),
		ms(h.percentile(90)), ms(h.percentile(99)), ms(h.percentile(99.9)), ms(hi), ms(h.mean()))
}

// ms writes a duration in milliseconds with two decimals.
func ms(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d)/float64(time.Millisecond)) }

// errorCounts counts errors by kind, keeping the first detail of each kind
// as an example. It is safe for concurrent use.
type errorCounts struct {
	mu      sync.Mutex
	byKind  map[string]int
	example map[string]string
}

// add counts one error of a kind; detail says what happened.
func (e *errorCounts) add(kind, detail string) { e.addN(kind, detail, 1) }

func (e *errorCounts) addN(kind, detail string, n int) {
	if n <= 0 {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.byKind == nil {
		e.byKind, e.example = map[string]int{}, map[string]string{}
	}
	if _, ok := e.byKind[kind]; !ok {
		e.example[kind] = detail
	}
	e.byKind[kind] += n
}

// total is the number of errors of every kind.
func (e *errorCounts) total() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, c := range e.byKind {
		n += c
	}
	return n
}

// lines lists the kinds, most frequent first, with an example each.
func (e *errorCounts) lines() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	kinds := slices.Collect(maps.Keys(e.byKind))
	slices.SortFunc(kinds, func(a, b string) int {
		if e.byKind[a] != e.byKind[b] {
			return e.byKind[b] - e.byKind[a]
		}
		return strings.Compare(a, b)
	})
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = fmt.Sprintf("%d × %s (e.g. %s)", e.byKind[k], k, e.example[k])
	}
	return out
}
