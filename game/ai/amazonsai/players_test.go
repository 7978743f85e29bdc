package amazonsai

import (
	"regexp"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/amazons"
	"boardroom/game/kalah"
)

// The scoreboard line says who the estimate favours, by how many squares of
// territory, or who has won, and agrees with Estimate.
func TestScoreLine(t *testing.T) {
	line := regexp.MustCompile(`^Estimate: (even|(White|Black) \+\d+\.\d squares of territory|(White|Black) has won)$`)
	p := players{par: defaultParams()}
	for _, tc := range []struct {
		name  string
		plies int
	}{
		{"opening", 0}, {"middle game", 30}, {"late", 60}, {"over", 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := aitest.RandomPlies(t, aitest.NewState(t, "amazons", nil), tc.plies, 4)
			text, ok := p.ScoreLine(s)
			require.True(t, ok)
			require.Regexp(t, line, text)
			e, ok := p.Estimate(s)
			require.True(t, ok)
			out := s.Outcome()
			switch {
			case out.Over && out.Winner == game.First:
				require.Equal(t, ai.Decided, e)
				require.Equal(t, "Estimate: White has won", text)
			case out.Over:
				require.Equal(t, -ai.Decided, e)
				require.Equal(t, "Estimate: Black has won", text)
			case e >= 0.05:
				require.Contains(t, text, "White +")
			case e <= -0.05:
				require.Contains(t, text, "Black +")
			}
		})
	}
}

// The tree search's position lists every legal turn, and its random turns
// are legal.
func TestTreeMoves(t *testing.T) {
	for _, plies := range []int{0, 20, 50} {
		s := aitest.RandomPlies(t, aitest.NewState(t, "amazons", nil), plies, 9)
		if s.Outcome().Over {
			continue
		}
		tree, err := newAmazonsTree(s)
		require.NoError(t, err)
		p := s.ToMove()[0]
		require.Len(t, tree.AllMoves(nil), len(s.Legal(p, nil)))
		rng := game.NewRand(uint64(plies))
		for range 50 {
			m, ok := tree.RandomMove(rng)
			require.True(t, ok)
			require.True(t, game.IsLegal(s, p, tree.GameMove(m)), tree.Format(m))
		}
	}
	other, err := kalah.Game{}.New(nil)
	require.NoError(t, err)
	_, err = newAmazonsTree(other)
	require.Error(t, err)
}

// lendOne always lends one core, whatever the machine has.
type lendOne struct{ asked *int }

func (l lendOne) Borrow(n int) (int, func()) {
	*l.asked++
	return min(n, 1), func() {}
}

// Ranking on two cores keeps the same turns in the same order as on one,
// and does borrow the core (run under the race detector too).
func TestParallelRankingMatchesSerial(t *testing.T) {
	for _, plies := range []int{0, 10, 30} {
		s := aitest.RandomPlies(t, aitest.NewState(t, "amazons", nil), plies, 5)
		one := newAmazonsPos(s.Clone().(*amazons.State), defaultParams())
		two := newAmazonsPos(s.Clone().(*amazons.State), defaultParams())
		asked := 0
		two.SetWorker(ai.NewWorker(lendOne{&asked}))
		want := one.Moves(nil, 3)
		got := two.Moves(nil, 3)
		require.Equal(t, want, got, "after %d plies", plies)
		require.Len(t, got, defaultParams().prune)
		require.Equal(t, 1, asked)
	}
}

// The evaluation is antisymmetric (one side's gain is the other's loss,
// the tempo included), which the two-core leaf batch relies on to serve a
// child's evaluation from its parent's view.
func TestEvalAntisymmetric(t *testing.T) {
	for _, plies := range []int{0, 15, 40, 70} {
		s := aitest.RandomPlies(t, aitest.NewState(t, "amazons", nil), plies, 6).(*amazons.State)
		var part partition
		require.Equal(t, amazonsEval(s, game.First, &part), -amazonsEval(s, game.Second, &part), "after %d plies", plies)
	}
}

// A fixed-depth search finds the same move and value on two cores (leaves
// evaluated in a batch, best first, served from the cache) as on one.
func TestTwoCoreSearchMatchesOne(t *testing.T) {
	for _, plies := range []int{4, 30} {
		s := aitest.RandomPlies(t, aitest.NewState(t, "amazons", nil), plies, 8)
		one := newAmazonsPos(s.Clone().(*amazons.State), defaultParams())
		two := newAmazonsPos(s.Clone().(*amazons.State), defaultParams())
		asked := 0
		two.SetWorker(ai.NewWorker(lendOne{&asked}))
		a := aitest.SearchFixed(t, one, 2, false)
		b := aitest.SearchFixed(t, two, 2, false)
		require.Equal(t, a.Eval, b.Eval, "after %d plies", plies)
		require.Equal(t, a.Move, b.Move, "after %d plies", plies)
		require.Positive(t, asked)
	}
}

// stuckLender lends a core that never runs the helper until the ranking is
// over: the search's side must rank every turn alone, never wait.
type stuckLender struct{}

func (stuckLender) Borrow(n int) (int, func()) { return min(n, 1), func() {} }

// A borrowed core that is slow to start (another program holds it) costs
// the ranking nothing: with GOMAXPROCS at 1 the helper goroutine cannot
// run while the search's side works, and the ranking still comes out
// whole and the same.
func TestRankingDoesNotWaitForTheHelper(t *testing.T) {
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	s := aitest.RandomPlies(t, aitest.NewState(t, "amazons", nil), 6, 3)
	one := newAmazonsPos(s.Clone().(*amazons.State), defaultParams())
	two := newAmazonsPos(s.Clone().(*amazons.State), defaultParams())
	two.SetWorker(ai.NewWorker(stuckLender{}))
	require.Equal(t, one.Moves(nil, 3), two.Moves(nil, 3))
	leaves := two.Moves(nil, 1)
	require.ElementsMatch(t, one.Moves(nil, 1), leaves, "every leaf, best first")
	require.Equal(t, two.Eval(), two.Eval())
}
