package solve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"time"

	"boardroom/game"
	"boardroom/game/kalah"
)

// Defaults of Config.
const (
	// DefaultTTBytes caps the transposition table: 1 GiB. 6×4 takes 805 MB
	// of it (95 M nodes, against 135 M with 201 MB; a 1.6 GB table saves
	// another 6% of the nodes but is slower per node: RESULTS.md).
	DefaultTTBytes = 1 << 30
	// DefaultDBBytes caps the endgame database built automatically: 32 MiB
	// (one byte a position), level 16 for 6 houses (about 8 s to build on
	// one core, and 30% fewer nodes than level 14 on 6×4: RESULTS.md). The
	// database is built once per process and geometry and kept.
	DefaultDBBytes = 32 << 20
	// MaxDBBytes refuses a database level asked for that would not fit a
	// reasonable machine: 4 GiB.
	MaxDBBytes = 4 << 30
)

// Config tunes a solve. The zero value is the full method with the default
// sizes; the No* switches exist to measure what each part is worth.
type Config struct {
	// TTBytes caps the transposition table; 0 means DefaultTTBytes, a
	// negative value means no table. Small problems get a smaller table.
	TTBytes int
	// DBSeeds is the endgame database's level: every position with at most
	// this many seeds in the houses is looked up. 0 picks the largest level
	// that fits DBBytes; a negative value means no database.
	DBSeeds int
	// DBBytes caps the automatic database level; 0 means DefaultDBBytes.
	DBBytes int
	// Guess is MTD(f)'s first guess of the margin (first seat minus second).
	Guess int

	NoMTD      bool // one full-window alpha-beta search instead of MTD(f)
	NoETC      bool // no enhanced transposition cutoffs
	NoOrdering bool // moves in house order, the table's move ignored
	NoFutility bool // no cuts on the seeds left

	// Log, if set, receives a line per MTD(f) step and database level.
	Log io.Writer
}

// Result is the exact value of a position.
type Result struct {
	// Margin is the final score of the first seat minus the second's with
	// perfect play from the position.
	Margin int
	// Best is a best move of the seat to move; zero (Len 0) when the game is
	// over.
	Best game.Move
	// Nodes is the number of positions searched; Elapsed the wall time,
	// database building included.
	Nodes   uint64
	Elapsed time.Duration
	// DBSeeds is the endgame database level used (−1 for none).
	DBSeeds int
	// When a solve is cut short (its context ends) after one of MTD(f)'s
	// tests proved a lower bound, Proven is a move of the seat to move that
	// is sure to reach at least Floor, that seat's own final margin (its
	// score minus its opponent's); Proven.Len is 0 otherwise. A player out
	// of time can weigh this exact knowledge against a search's guess.
	Proven game.Move
	Floor  int
}

// Solve computes the exact margin of s with perfect play and a best move. It
// returns ctx's error, quickly, when ctx ends first.
func Solve(ctx context.Context, s *kalah.State, cfg Config) (Result, error) {
	return NewSolver(cfg).Solve(ctx, s)
}

// Margin is Solve's margin alone.
func Margin(ctx context.Context, s *kalah.State, cfg Config) (int, error) {
	r, err := Solve(ctx, s, cfg)
	return r.Margin, err
}

// Solver solves positions one after another, keeping its transposition table
// between calls of the same game (its bounds stay true), as a bot does over a
// game. It is not safe for concurrent use; the database cache is shared
// safely by all solvers.
type Solver struct {
	cfg   Config
	tt    *table
	id    tableID // the game whose bounds tt holds
	limit uint64  // tests: cut each solve after about this many nodes
}

// errNodeLimit is a solve cut by Solver.limit.
var errNodeLimit = errors.New("solve: node limit")

// tableID names the positions a table's keys describe.
type tableID struct {
	g     geom
	width uint
}

// NewSolver returns a solver with the given configuration.
func NewSolver(cfg Config) *Solver {
	return &Solver{cfg: cfg}
}

// Solve is the package's Solve on this solver's table.
func (sv *Solver) Solve(ctx context.Context, st *kalah.State) (Result, error) {
	begin := time.Now()
	res := Result{DBSeeds: -1}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	g, root, storeDiff, seeds, err := fromState(st)
	if err != nil {
		return res, err
	}
	me := st.Turn()
	sg := sign(me)
	if g.moverSeeds(&root) == 0 {
		res.Margin = sg * (storeDiff - seeds)
		res.Elapsed = time.Since(begin)
		return res, nil
	}
	cfg := sv.cfg
	s := &searcher{g: g, dbN: -1, ctx: ctx, limit: sv.limit, ordered: !cfg.NoOrdering, futile: !cfg.NoFutility}
	total := 2 * g.h * st.Options().Int(kalah.OptSeeds)
	s.total = max(total, seeds)
	s.k = newKeyer(g.h, s.total)

	if cfg.DBSeeds >= 0 {
		if err := s.openDB(ctx, cfg, seeds); err != nil {
			return res, err
		}
	}
	res.DBSeeds = s.dbN
	if cfg.TTBytes >= 0 && seeds > s.dbN {
		id := tableID{g: g, width: s.k.width}
		limit := cfg.TTBytes
		if limit == 0 {
			limit = DefaultTTBytes
		}
		// A small problem needs a small table (allocating and clearing a
		// big one costs more than the search); one that is too small only
		// costs time. The nodes grow about 1.4× a seed above the database;
		// 9 makes 805 MB for 6×4 above a level-16 database.
		want := entryBytes << min(30, 9+(seeds-max(s.dbN, 0))/2)
		size := min(limit, want)
		if sv.tt == nil || sv.id != id || len(sv.tt.slots)*entryBytes < size/2 {
			sv.tt = newTable(size)
			sv.id = id
		}
		s.tt = sv.tt
	}
	// Measured on 6×4 (RESULTS.md): cutoffs from the
	// children's entries save about a tenth of the nodes there, but probing
	// six children costs about as much near the database.
	s.etcMin = max(s.dbN, 0) + 4
	s.ttMin = max(s.dbN, 0)
	if cfg.NoETC {
		s.etcMin = 1 << 30
	}

	var value, best int
	if cfg.NoMTD {
		value = s.search(&root, seeds, -seeds-1, seeds+1, 0)
		best = s.rootBest
	} else {
		toMargin := func(v int) int { return sg * (storeDiff + v) }
		value, best = s.mtd(&root, seeds, sg*cfg.Guess-storeDiff, cfg.Log, toMargin)
	}
	res.Nodes = s.nodes
	res.Elapsed = time.Since(begin)
	if s.stop {
		// A cut MTD(f) returns the lower bound it proved and its move.
		if !cfg.NoMTD && best >= 0 {
			res.Proven = game.NewMove(st.HouseCell(me, best+1))
			res.Floor = storeDiff + value
		}
		if ctx.Err() == nil {
			return res, errNodeLimit
		}
		return res, ctx.Err()
	}
	if best < 0 {
		// Every move reaches the worst value: take the first.
		best = bits.TrailingZeros(uint(movable(&g, &root)))
	}
	res.Margin = sg * (storeDiff + value)
	res.Best = game.NewMove(st.HouseCell(me, best+1))
	return res, nil
}

// movable is the mask of the mover's non-empty houses.
func movable(g *geom, r *ring) int {
	m := 0
	for i := range g.h {
		if r[i] != 0 {
			m |= 1 << i
		}
	}
	return m
}

// openDB picks the database level and builds it (once per process) up to
// that level, capped by the position's seeds.
func (s *searcher) openDB(ctx context.Context, cfg Config, seeds int) error {
	want := cfg.DBSeeds
	budget := cfg.DBBytes
	if budget == 0 {
		budget = DefaultDBBytes
	}
	capSeeds := min(maxDBSeeds, max(want, 0))
	if want == 0 {
		// The largest level within budget and within 1/32768 of all
		// the positions with the game's seeds: a small game is searched
		// faster than a big database is built (measured in
		// RESULTS.md).
		m := 2 * s.g.h
		space := 0
		for k := 0; k <= s.total && space < 1<<50; k++ {
			space += levelPositions(m, k)
		}
		limit := min(budget, space>>15)
		size := 1 // level 0
		for want < maxDBSeeds {
			size += levelPositions(m, want+1)
			if size > limit {
				break
			}
			want++
		}
		capSeeds = want
	}
	want = min(want, seeds, maxDBSeeds)
	s.dbWant = want
	if want <= 0 {
		return nil
	}
	size := 0
	for k := 0; k <= want; k++ {
		size += levelPositions(2*s.g.h, k)
	}
	if size > MaxDBBytes {
		return fmt.Errorf("solve: a database of level %d for %d houses needs %d MiB, more than %d MiB",
			want, s.g.h, size>>20, MaxDBBytes>>20)
	}
	d := dbFor(s.g, capSeeds)
	if !d.mu.TryLock() {
		// Another solve is building: use the levels it has finished rather
		// than wait past this one's deadline.
		s.db, s.dbN = d, min(int(d.ready.Load()), want)
		if s.dbN < 0 {
			s.db = nil
		}
		return nil
	}
	defer d.mu.Unlock()
	from, begin := d.done, time.Now()
	done, err := d.extend(ctx, want)
	if cfg.Log != nil && from < want {
		fmt.Fprintf(cfg.Log, "database: built levels %d..%d (%d positions) in %v\n",
			from+1, done, d.bytesUpTo(done)-d.bytesUpTo(from), time.Since(begin).Round(time.Millisecond))
	}
	if err != nil {
		return err
	}
	s.db, s.dbN = d, done
	return nil
}

// mtd runs MTD(f): zero-window searches that close in on the value from a
// first guess (relative to the stores). It returns the value and a move
// that achieves it (−1 if every move achieves it); cut short (s.stop), the
// best lower bound its tests proved and a move that reaches it (−1 if no
// test failed high yet).
// Log lines show margins, as toMargin turns relative values into them.
func (s *searcher) mtd(root *ring, seeds, guess int, log io.Writer, toMargin func(int) int) (value, best int) {
	lo, hi := -seeds, seeds
	// Values have the parity of the seeds left (the margin has the parity
	// of all the seeds), so tests step by two.
	g := min(max(guess, lo), hi)
	if (g-seeds)%2 != 0 {
		g++
	}
	best = -1
	for lo < hi {
		beta := g
		if beta <= lo {
			beta = lo + 2
		}
		beta = min(beta, hi)
		before := s.nodes
		v := s.search(root, seeds, beta-1, beta, 0)
		if s.stop {
			return lo, best
		}
		if v >= beta {
			lo, best = v, s.rootBest
		} else {
			hi = v
		}
		if log != nil {
			// A bound seen from the second seat reads the other way.
			b1, b2 := toMargin(lo), toMargin(hi)
			fmt.Fprintf(log, "mtd: test at %+d: margin in [%+d, %+d], %d nodes\n",
				toMargin(beta), min(b1, b2), max(b1, b2), s.nodes-before)
		}
		g = v
	}
	return lo, best
}

// errNotKalah is returned when a game.State is not Kalah's.
var errNotKalah = errors.New("solve: not a Kalah position")

// SolveState is Solve for a game.State that must be a *kalah.State.
func SolveState(ctx context.Context, s game.State, cfg Config) (Result, error) {
	ks, ok := s.(*kalah.State)
	if !ok {
		return Result{DBSeeds: -1}, errNotKalah
	}
	return Solve(ctx, ks, cfg)
}

// Prepare builds, within ctx, the endgame database that solves of st's
// board with cfg use, up to its full level (a solve builds only as far as
// its position's seeds need), so that a player can spend spare slices of
// its moves on it before the positions that need it come. done is true
// once every level is complete; the levels built are kept for the process
// whether or not ctx cut the build.
func Prepare(ctx context.Context, st *kalah.State, cfg Config) (done bool, err error) {
	g, _, _, _, err := fromState(st)
	if err != nil || cfg.DBSeeds < 0 {
		return err == nil, err
	}
	s := &searcher{g: g, dbN: -1, ctx: ctx}
	s.total = 2 * g.h * st.Options().Int(kalah.OptSeeds)
	if err := s.openDB(ctx, cfg, maxDBSeeds); err != nil {
		return false, err
	}
	return s.dbWant <= 0 || s.dbN >= s.dbWant, nil
}

// Ready is the highest level of st's board's endgame database that is
// complete in this process (−1 when none is), whatever configuration built
// it: every solve of the board uses the complete levels up to its seeds, so
// a player can judge from it how far its solver reaches in a move.
func Ready(st *kalah.State) int {
	g, _, _, _, err := fromState(st)
	if err != nil {
		return -1
	}
	dbs.Lock()
	d := dbs.m[g]
	dbs.Unlock()
	if d == nil {
		return -1
	}
	return int(d.ready.Load())
}
