package solve

import (
	"context"
	"time"

	"boardroom/game"
	"boardroom/game/kalah"
)

// Analysis is a position's exact value and, for each of the mover's
// houses, whether playing it keeps that value: what an opening book needs,
// and what a test of a player's choice checks against.
type Analysis struct {
	// Margin is the exact final margin (first seat minus second) with
	// perfect play.
	Margin int
	// Keep has bit h−1 set when sowing house h (1-based) keeps Margin;
	// zero when the game is over.
	Keep uint16
	// Nodes and Elapsed are the work of the whole analysis.
	Nodes   uint64
	Elapsed time.Duration
}

// Keeps reports whether sowing house h (1-based) keeps the value.
func (a Analysis) Keeps(h int) bool { return h >= 1 && a.Keep&(1<<(h-1)) != 0 }

// SetGuess sets MTD(f)'s first guess of the margin for the solver's next
// solves (Config.Guess): a good guess (the parent's value, for a child)
// saves most of the zero-window tests.
func (sv *Solver) SetGuess(margin int) { sv.cfg.Guess = margin }

// Best is Solve as an Analysis: the value and its best move alone in Keep.
func (sv *Solver) Best(ctx context.Context, st *kalah.State) (Analysis, error) {
	res, err := sv.Solve(ctx, st)
	a := Analysis{Margin: res.Margin, Nodes: res.Nodes, Elapsed: res.Elapsed}
	if err != nil || res.Best.Len == 0 {
		return a, err
	}
	_, h, _ := st.HouseAt(res.Best.Cells[0])
	a.Keep = 1 << (h - 1)
	return a, nil
}

// Analyse solves st and then tests every other move against the value with
// one zero-window search each (is this move's value at least the
// position's?), on the solver's table, which the first solve has filled
// with most of what those tests need.
func (sv *Solver) Analyse(ctx context.Context, st *kalah.State) (Analysis, error) {
	begin := time.Now()
	res, err := sv.Solve(ctx, st)
	a := Analysis{Margin: res.Margin, Nodes: res.Nodes}
	if err != nil || res.Best.Len == 0 {
		a.Elapsed = time.Since(begin)
		return a, err
	}
	g, root, storeDiff, seeds, err := fromState(st)
	if err != nil {
		return a, err
	}
	me := st.Turn()
	// The value relative to the stores, from the mover's view.
	want := sign(me)*res.Margin - storeDiff
	s := &searcher{g: g, dbN: -1, ctx: ctx, ordered: !sv.cfg.NoOrdering, futile: !sv.cfg.NoFutility}
	s.total = max(2*g.h*st.Options().Int(kalah.OptSeeds), seeds)
	s.k = newKeyer(g.h, s.total)
	if sv.cfg.DBSeeds >= 0 {
		if err := s.openDB(ctx, sv.cfg, seeds); err != nil {
			return a, err
		}
	}
	if sv.tt != nil && sv.id == (tableID{g: g, width: s.k.width}) {
		s.tt = sv.tt
	}
	s.ttMin = max(s.dbN, 0)
	s.etcMin = max(s.dbN, 0) + 4
	if sv.cfg.NoETC {
		s.etcMin = 1 << 30
	}
	_, bestHouse, _ := st.HouseAt(res.Best.Cells[0])
	for i := range g.h {
		if root[i] == 0 {
			continue
		}
		if i == bestHouse-1 {
			a.Keep |= 1 << i
			continue
		}
		c := root
		gain, again := g.sow(&c, i)
		cs := seeds - gain
		var keeps bool
		switch {
		case again:
			// gain + child ≥ want ⟺ child ≥ want − gain.
			keeps = s.childValue(&c, cs, want-gain-1, want-gain) >= want-gain
		default:
			// gain − child ≥ want ⟺ child ≤ gain − want.
			f := g.flip(&c)
			keeps = s.childValue(&f, cs, gain-want, gain-want+1) <= gain-want
		}
		if s.stop {
			a.Nodes += s.nodes
			a.Elapsed = time.Since(begin)
			return a, ctx.Err()
		}
		if keeps {
			a.Keep |= 1 << i
		}
	}
	a.Nodes += s.nodes
	a.Elapsed = time.Since(begin)
	return a, nil
}

// childValue is search below the root: a finished child is worth minus the
// seeds its opponent keeps.
func (s *searcher) childValue(r *ring, seeds, alpha, beta int) int {
	if s.g.moverSeeds(r) == 0 {
		return -seeds
	}
	return s.search(r, seeds, alpha, beta, 1)
}

// AnalyseState is Analyse on a new solver for a game.State that must be a
// *kalah.State.
func AnalyseState(ctx context.Context, s game.State, cfg Config) (Analysis, error) {
	ks, ok := s.(*kalah.State)
	if !ok {
		return Analysis{}, errNotKalah
	}
	return NewSolver(cfg).Analyse(ctx, ks)
}
