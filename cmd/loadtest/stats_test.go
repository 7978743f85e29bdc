package main

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestBuckets(t *testing.T) {
	prevHi := uint64(0)
	for i := range 2000 {
		lo, hi := bucketRange(i)
		require.LessOrEqual(t, lo, hi)
		if i > 0 {
			require.Equal(t, prevHi+1, lo, "bucket %d follows on", i)
		}
		require.Equal(t, i, bucketOf(lo))
		require.Equal(t, i, bucketOf(hi))
		prevHi = hi
		if lo >= 1<<(subBits+1) {
			require.LessOrEqual(t, float64(hi-lo+1)/float64(lo), 1.0/(1<<subBits)+1e-9, "relative width of bucket %d", i)
		}
	}
	require.Equal(t, 0, bucketOf(0))
	require.Less(t, bucketOf(math.MaxInt64), 4096)
}

// exact is the nearest-rank percentile of sorted samples.
func exact(sorted []time.Duration, p float64) time.Duration {
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

func TestPercentiles(t *testing.T) {
	var empty histogram
	require.Zero(t, empty.percentile(99))
	require.Equal(t, "no samples", empty.line())

	var one histogram
	one.record(1234567 * time.Nanosecond)
	for _, p := range []float64{0, 50, 100} {
		require.Equal(t, 1234567*time.Nanosecond, one.percentile(p), "a single sample is every percentile")
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for _, dist := range []struct {
		name string
		gen  func() time.Duration
	}{
		{"uniform ms", func() time.Duration { return time.Duration(rng.Int64N(int64(50 * time.Millisecond))) }},
		{"log-normal around 2 ms", func() time.Duration {
			return time.Duration(float64(2*time.Millisecond) * math.Exp(rng.NormFloat64()))
		}},
		{"small exact values", func() time.Duration { return time.Duration(rng.IntN(100)) }},
	} {
		var h histogram
		samples := make([]time.Duration, 20000)
		for i := range samples {
			samples[i] = dist.gen()
			h.record(samples[i])
		}
		h.record(-time.Second) // clamped to 0
		samples = append(samples, 0)
		slices.Sort(samples)
		require.Equal(t, uint64(len(samples)), h.count())
		for _, p := range []float64{1, 10, 50, 90, 99, 99.9, 100} {
			want, got := exact(samples, p), h.percentile(p)
			require.InDelta(t, float64(want), float64(got), float64(want)/(1<<subBits)+1, "%s p%v", dist.name, p)
		}
		require.Equal(t, samples[len(samples)-1], h.percentile(100))
	}
}

func TestErrorCounts(t *testing.T) {
	var e errorCounts
	require.Zero(t, e.total())
	e.add("unexpected close", "room 1: EOF")
	e.add("error toast", `room 2: "It is not your turn."`)
	e.add("error toast", `room 3: "That is not a legal move."`)
	e.addN("move not delivered", "x", 0)
	require.Equal(t, 3, e.total())
	require.Equal(t, []string{
		`2 × error toast (e.g. room 2: "It is not your turn.")`,
		"1 × unexpected close (e.g. room 1: EOF)",
	}, e.lines())
}

func TestCPUPerMove(t *testing.T) {
	for _, tc := range []struct {
		cpu   time.Duration
		moves int64
		want  string
	}{
		{9 * time.Second, 9000, ", 1.000 ms a move"},
		{2700 * time.Millisecond, 9000, ", 0.300 ms a move"},
		{time.Second, 0, ""},
	} {
		require.Equal(t, tc.want, cpuPerMove(tc.cpu, tc.moves))
	}
}
