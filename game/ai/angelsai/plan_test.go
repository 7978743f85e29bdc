package angelsai

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/angels"
)

// simOf copies p's board into a sim.
func simOf(p *angelsPos) *sim {
	s := &sim{}
	s.load(p)
	return s
}

// walkerSteps takes one walker step from base with each seed below seeds
// and calls f with the step's kept share, whether the walker was trapped,
// and the square it stepped to (1-based).
func walkerSteps(base *walkerRun, seeds uint64, f func(kept float64, trapped bool, square string)) {
	w := newWalkerRun(base.m, &base.sim)
	for seed := range seeds {
		w.reset(base)
		w.rng = seed
		kept, trapped := w.step()
		f(kept, trapped, fmt.Sprintf("%d,%d", w.ar+1, w.ac+1))
	}
}

// The model's walker steps where the Beginner Angel steps: the same squares
// are possible from each position (sampled over many seeds).
func TestWalkerStepIsTheBeginner(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  map[string]string
		turns []string
		want  []string
	}{
		{"first move: any square", nil, nil,
			[]string{"7,7", "7,8", "7,9", "8,7", "8,9", "9,7", "9,8", "9,9"}},
		{"straight on: the three ahead", nil, []string{"7,8", "1,1"},
			[]string{"6,7", "6,8", "6,9"}},
		{"diagonal: the five ahead", nil, []string{"7,7", "1,1"},
			[]string{"6,6", "6,7", "6,8", "7,6", "8,6"}},
		{"all ahead blocked: any free square", nil, []string{"7,8", "6,7", "8,8", "6,8", "7,8", "6,9"},
			[]string{"7,7", "7,9", "8,7", "8,8", "8,9"}},
		{"power 2, first move", map[string]string{"size": "13", "power": "2"}, nil, func() (all []string) {
			for r := 5; r <= 9; r++ {
				for c := 5; c <= 9; c++ {
					if r != 7 || c != 7 {
						all = append(all, fmt.Sprintf("%d,%d", r, c))
					}
				}
			}
			return all
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := aitest.NewState(t, "angels", tc.opts)
			require.NoError(t, game.PlayTurns(s, tc.turns...))
			par := defaultParams()
			p := newAngelsPos(s.(*angels.State), &par)

			beginner := map[string]bool{}
			for seed := range uint64(300) {
				m, err := game.Beginner(s.Game(), seed).Choose(context.Background(), s, game.First)
				require.NoError(t, err)
				beginner[s.FormatMove(m)] = true
			}
			walker := map[string]bool{}
			m := walkerModelFor(p.n, p.k)
			require.NotNil(t, m)
			walkerSteps(newWalkerRun(m, simOf(p)), 300, func(kept float64, trapped bool, square string) {
				require.Equal(t, 1.0, kept) // nothing is lost this far from the edge
				require.False(t, trapped)
				walker[square] = true
			})
			assert.ElementsMatch(t, tc.want, slices.Collect(maps.Keys(beginner)))
			assert.ElementsMatch(t, tc.want, slices.Collect(maps.Keys(walker)))
		})
	}
}

// Near the edge the walker's step reports the share of its squares that do
// not lose and steps onto one of those: from 3,8 heading up with 1,7 and 1,8
// blocked, 2,9 would see two free edge squares (1,9 and 1,10).
func TestWalkerStepKept(t *testing.T) {
	p := angelsAfter(t, "7,8", "1,7", "6,8", "1,8", "5,8", "15,15", "4,8", "15,14", "3,8", "15,13")
	m := walkerModelFor(15, 1)
	base := newWalkerRun(m, simOf(p))
	walkerSteps(base, 100, func(kept float64, trapped bool, square string) {
		assert.InDelta(t, 2.0/3, kept, 1e-12)
		assert.False(t, trapped)
		assert.Contains(t, []string{"2,7", "2,8"}, square)
	})
	// With 1,9 blocked as well nothing is lost; with the row free, all is.
	base.block(int(m.edgeOf[0*15+8]))
	walkerSteps(base, 1, func(kept float64, _ bool, _ string) { assert.Equal(t, 1.0, kept) })
	q := angelsAfter(t, "7,8", "15,1", "6,8", "15,2", "5,8", "15,15", "4,8", "15,14", "3,8", "15,13")
	walkerSteps(newWalkerRun(m, simOf(q)), 1, func(kept float64, _ bool, _ string) { assert.Equal(t, 0.0, kept) })
}

// The model: every state's moves stay on the board and off the edge; the
// occupancy behind the urgency table is a probability; the default board is
// built once and large ones are refused.
func TestWalkerModel(t *testing.T) {
	m := walkerModelFor(15, 1)
	require.NotNil(t, m)
	assert.Same(t, m, walkerModelFor(15, 1))
	assert.Len(t, m.ring, 48)
	assert.Len(t, m.edges, 56)
	assert.Equal(t, 4, m.maxDeficit) // a square by a corner sees five edge squares
	for x := range len(m.tOff) - 1 {
		for _, y := range m.trans[m.tOff[x]:m.tOff[x+1]] {
			sq := int(y) / m.steps
			require.False(t, m.edge(sq/m.n, sq%m.n))
		}
	}
	// From the centre a walker needs six moves to stand next to the edge:
	// nothing is urgent for it with one block to go before then, and the
	// urgency at a square grows with its deficit.
	R, D := len(m.ring), m.maxDeficit+1
	x := m.state(7, 7, -1, -1)
	total := float32(0)
	for i := range m.ring {
		u := m.urg[(x*R+i)*D : (x*R+i+1)*D]
		for d := 2; d < D; d++ {
			assert.GreaterOrEqual(t, u[d], u[d-1])
		}
		total += u[1]
	}
	assert.Greater(t, total, float32(0))
	assert.True(t, walkerModelFor(41, 20) == nil)
	assert.True(t, walkerModelFor(29, 1) != nil)
	assert.True(t, walkerModelFor(31, 1) == nil)
}

// A move never waits for a large model: it is built in the background and
// the Devil plays without it until it is ready; the default board's is
// built at once.
func TestWalkerModelNow(t *testing.T) {
	assert.True(t, walkerModelNow(15, 1) != nil)
	walkerModels.Lock()
	delete(walkerModels.m, [2]int{25, 1}) // as in a new process
	walkerModels.Unlock()
	assert.True(t, walkerModelNow(25, 1) == nil) // 2.5 M entries: in the background
	assert.Eventually(t, func() bool { return walkerModelNow(25, 1) != nil }, 10*time.Second, 10*time.Millisecond)
	assert.True(t, walkerModelNow(41, 20) == nil) // too large: never
}

// The Beginner's moves fit the rule walkerWatch checks; a move to the side
// when a square ahead is free, or one that passes up the edge, does not.
func TestWalkerMayStep(t *testing.T) {
	s := aitest.NewState(t, "angels", nil)
	require.NoError(t, game.PlayTurns(s, "7,8", "1,1")) // the Angel on 7,8 from 8,8
	st := s.(*angels.State)
	none := [2]int{-1, -1}
	for _, tc := range []struct {
		name     string
		was      [2]int
		from, to [2]int
		fits     bool
	}{
		{"first move", none, [2]int{7, 7}, [2]int{8, 8}, true},
		{"ahead", [2]int{7, 7}, [2]int{6, 7}, [2]int{5, 6}, true},
		{"to the side", [2]int{7, 7}, [2]int{6, 7}, [2]int{6, 8}, false},
		{"back", [2]int{7, 7}, [2]int{6, 7}, [2]int{7, 7}, false},
		{"stays", none, [2]int{6, 7}, [2]int{6, 7}, false},
		{"passes up the edge", [2]int{2, 2}, [2]int{1, 1}, [2]int{1, 2}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.fits, walkerMayStep(st, tc.was, tc.from, tc.to))
		})
	}
}

// walkerWatch follows a game from one Devil move to the next: a Beginner
// Angel fits throughout, a step to the side ends the fit, and a break in
// the sequence (a takeback) starts over.
func TestWalkerWatch(t *testing.T) {
	s := aitest.NewState(t, "angels", nil)
	var w walkerWatch
	play := func(turns ...string) bool {
		require.NoError(t, game.PlayTurns(s, turns...))
		return w.observe(s.(*angels.State))
	}
	assert.True(t, play("7,8"))
	assert.True(t, play("1,1", "6,8"))
	assert.True(t, play("1,2", "5,9"))
	assert.False(t, play("1,3", "5,8")) // back beside 6,8, with 4,8 to 6,10 free ahead
	assert.False(t, play("1,4", "4,8"))

	s = aitest.NewState(t, "angels", nil)
	assert.True(t, play("9,9"))
}

// The plan: a lone free edge square next to the Angel is blocked at once;
// otherwise the block is a free edge square, the same for the same
// position, and within the budget with a clock.
func TestWalkerPlan(t *testing.T) {
	m := walkerModelFor(15, 1)
	p := angelsAfter(t, "7,8", "1,7", "6,8", "1,9", "5,8", "15,15", "4,8", "15,14", "3,8", "15,13", "2,8")
	best, kept, _, ok := p.walkerPlan(m, ai.NewWorker(nil))
	require.True(t, ok)
	assert.Equal(t, "1,8", p.Format(best))
	assert.Equal(t, 1.0, kept)

	// Three rows from the edge: the edge squares and the squares next to
	// the edge around the Angel compete.
	p = angelsAfter(t, "7,8", "1,1", "6,8", "1,2", "5,8", "1,3", "4,8")
	p.par.walker.maxRollouts = 256
	best, kept, nodes, ok := p.walkerPlan(m, ai.NewWorker(nil))
	require.True(t, ok)
	r, c := unpackSquare(best)
	assert.True(t, m.edge(r, c) || m.ringOf[r*m.n+c] >= 0, "next to the edge or on it: %s", p.Format(best))
	assert.False(t, p.s.Blocked(r, c))
	// The chosen block keeps the walker in far more often than a block
	// behind it (15,8) would.
	behind := newWalkerRun(m, simOf(p))
	behind.block(int(m.edgeOf[14*15+7]))
	w, wasted := newWalkerRun(m, &behind.sim), 0.0
	for seed := range uint64(1024) {
		w.reset(behind)
		w.rng = seed
		wasted += w.rollout(p.par.walker.rolloutMoves) / 1024
	}
	t.Logf("kept %.3f after %s, %.3f after 15,8", kept, p.Format(best), wasted)
	assert.Greater(t, kept, wasted+0.1)
	assert.LessOrEqual(t, kept, 1.0)
	// 12 edge squares and the 5 squares of row 2 within two moves (2,6 to
	// 2,10), 256 rollouts each.
	assert.Equal(t, uint64((p.par.walker.candidates+5)*256), nodes)
	again, _, _, _ := p.walkerPlan(m, ai.NewWorker(nil))
	assert.Equal(t, best, again)
}

// BenchmarkWalkerRollout is one rollout of the Difficult Devil's plan from
// the default opening (the walker and the quick policy, walkerRolloutMoves
// walker moves at most).
func BenchmarkWalkerRollout(b *testing.B) {
	m := walkerModelFor(15, 1)
	s := aitest.NewState(b, "angels", nil)
	require.NoError(b, game.PlayTurns(s, "7,8"))
	par := defaultParams()
	base := newWalkerRun(m, simOf(newAngelsPos(s.(*angels.State), &par)))
	w := newWalkerRun(m, &base.sim)
	seed := uint64(0)
	for b.Loop() {
		w.reset(base)
		seed++
		w.rng = seed
		w.rollout(par.walker.rolloutMoves)
	}
}

// BenchmarkWalkerModel builds the default board's model (once a process).
func BenchmarkWalkerModel(b *testing.B) {
	for b.Loop() {
		buildWalkerModel(15, 1)
	}
}
