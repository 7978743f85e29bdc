package solve

import (
	"context"
	"io"
	"sync"
)

// SetThreads makes the solver's next solves run n searches at once on its
// shared table when n > 1 (Config.Threads).
func (sv *Solver) SetThreads(n int) { sv.cfg.Threads = n }

// mtdParallel is mtd with n searches at once on a shared table, the scheme
// computer-chess programs call "lazy SMP" (Stockfish's threads work this
// way): every search runs a whole MTD(f) sequence of its own, from its own
// first guess, and stores what it proves in the one table, where the others
// find it; the first to converge ends the others. Each search is exact on
// its own (the table only ever holds true bounds: tt.go), so the value is
// whoever finishes. The guesses differ so that the searches prove different
// bounds rather than the same ones side by side: helper k starts 2k above
// the first guess (the mover's view). s runs the first search and gets the
// others' nodes, and, when all were cut, the best move any proved.
func (s *searcher) mtdParallel(root *ring, seeds, guess, n int, log io.Writer, toMargin func(int) int) (value, best int) {
	parent := s.ctx
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	s.tt.shared = true
	defer func() { s.tt.shared = false }()

	type outcome struct {
		value, best int
		done        bool
	}
	outs := make([]outcome, n)
	all := make([]*searcher, n)
	all[0] = s
	run := func(k int, g int, lg io.Writer) {
		h := all[k]
		v, b := h.mtd(root, seeds, g, lg, toMargin)
		if !h.stop {
			outs[k] = outcome{value: v, best: b, done: true}
			cancel()
		}
	}
	var wg sync.WaitGroup
	for k := 1; k < n; k++ {
		h := *s
		h.ctx, h.nodes, h.touched = ctx, 0, 0
		all[k] = &h
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(k, guess+2*k, nil)
		}()
	}
	s.ctx = ctx
	run(0, guess, log)
	wg.Wait()
	s.ctx = parent

	for k := 1; k < n; k++ {
		s.nodes += all[k].nodes
		s.touched += all[k].touched
	}
	for k := range outs {
		if outs[k].done {
			s.stop = false
			return outs[k].value, outs[k].best
		}
	}
	// Every search was cut (the caller's context, or a node limit): keep
	// the best bound any of them proved.
	s.stop = true
	for _, h := range all[1:] {
		if h.proven >= 0 && (s.proven < 0 || h.floor > s.floor) {
			s.proven, s.floor = h.proven, h.floor
		}
	}
	return 0, -1
}
