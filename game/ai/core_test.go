package ai

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// takeaway is a toy Position, so that the core is tested without any of the
// games: a pile of stones, each move takes 1 to 3, and whoever takes the
// last stone wins (the mover loses exactly when the pile is a multiple of
// 4). Its evaluation is a pseudo-random function of the position, which
// makes depth-limited trees worth comparing.
type takeaway struct {
	pile int
	side game.Player
}

var takeawayKeys = Zobrist(2*1024, 7)

func (p *takeaway) Side() game.Player { return p.side }

func (p *takeaway) Moves(dst []Move, _ int) []Move {
	for k := 1; k <= min(3, p.pile); k++ {
		dst = append(dst, Move(k))
	}
	return dst
}

func (p *takeaway) Valid(m Move) bool { return m >= 1 && m <= 3 && int(m) <= p.pile }
func (p *takeaway) Make(m Move)       { p.pile -= int(m); p.side = p.side.Other() }
func (p *takeaway) Unmake(m Move)     { p.pile += int(m); p.side = p.side.Other() }
func (p *takeaway) Hash() uint64      { return takeawayKeys[int(p.side)*1024+p.pile] }

func (p *takeaway) Terminal() (bool, int) {
	if p.pile == 0 {
		return true, -Win
	}
	return false, 0
}

func (p *takeaway) Eval() int                 { return int(p.Hash()%201) - 100 }
func (p *takeaway) GameMove(m Move) game.Move { return game.NewMove(game.Cell{Row: int8(m)}) }
func (p *takeaway) Format(m Move) string      { return strconv.Itoa(int(m)) }

func searchToy(pile, depth int, minimax bool) Info {
	clk := NewClock(context.Background(), 0)
	defer clk.Done()
	return NewSearcher(12).Run(&takeaway{pile: pile}, clk, Limits{Depth: depth}, minimax)
}

// Searched to the end, alpha-beta and minimax find the game's value, say it
// is exact, and alpha-beta plays the winning move.
func TestSearchSolvesTheToyGame(t *testing.T) {
	for pile := 1; pile <= 13; pile++ {
		t.Run(strconv.Itoa(pile), func(t *testing.T) {
			ab := searchToy(pile, 0, false)
			require.True(t, ab.Exact || ab.Eval > WinThreshold || ab.Eval < -WinThreshold, "%+v", ab)
			mm := searchToy(pile, pile, true)
			if pile%4 == 0 {
				require.Less(t, ab.Eval, -WinThreshold)
				require.Less(t, mm.Eval, -WinThreshold)
				return
			}
			require.Greater(t, ab.Eval, WinThreshold)
			require.Equal(t, ab.Eval, mm.Eval)
			require.Equal(t, strconv.Itoa(pile%4), ab.PV[0])
		})
	}
}

// At equal depth alpha-beta and minimax value the root alike; alpha-beta's
// move is worth that value, and it visits fewer nodes.
func TestAlphaBetaMatchesMinimaxOnTheToyGame(t *testing.T) {
	for _, tc := range []struct{ pile, depth int }{{20, 4}, {31, 6}, {45, 7}} {
		ab, mm := searchToy(tc.pile, tc.depth, false), searchToy(tc.pile, tc.depth, true)
		require.Equal(t, mm.Eval, ab.Eval, "pile %d", tc.pile)
		p := &takeaway{pile: tc.pile}
		m := Move(ab.Move.Cells[0].Row)
		p.Make(m)
		require.Equal(t, mm.Eval, -NewSearcher(4).MinimaxValue(p, tc.depth-1, 1), "pile %d", tc.pile)
		require.Less(t, ab.Nodes, mm.Nodes)
	}
}

// A search whose context has ended stops at once and still names a legal
// move (the first listed); a budget ends it near its deadline.
func TestClockStopsTheSearch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	clk := NewClock(ctx, 0)
	info := NewSearcher(12).Run(&takeaway{pile: 1000}, clk, Limits{}, false)
	clk.Done()
	require.Equal(t, 0, info.Depth)
	require.Equal(t, "1", info.PV[0])

	start := time.Now()
	clk = NewClock(context.Background(), 30*time.Millisecond)
	NewSearcher(12).Run(&takeaway{pile: 1000}, clk, Limits{}, true)
	clk.Done()
	require.Less(t, time.Since(start), time.Second)
	require.True(t, clk.Stopped() || clk.Fraction() > 0.45)
}

// The solver finds the equilibria of small games.
func TestMatrixGameSolves(t *testing.T) {
	for _, tc := range []struct {
		name       string
		rows, cols int
		a          []float64
		value      float64
		row        []float64
	}{
		{"matching pennies", 2, 2, []float64{1, -1, -1, 1}, 0, []float64{0.5, 0.5}},
		{"rock paper scissors", 3, 3, []float64{0, -1, 1, 1, 0, -1, -1, 1, 0}, 0, []float64{1. / 3, 1. / 3, 1. / 3}},
		{"saddle", 2, 2, []float64{3, 1, 4, 2}, 2, []float64{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g MatrixGame
			g.Reset(tc.rows, tc.cols)
			copy(g.A, tc.a)
			rs, _, v := g.Solve(20000, nil)
			require.InDelta(t, tc.value, v, 0.02)
			for i, p := range tc.row {
				require.InDelta(t, p, rs[i], 0.02)
			}
		})
	}
}

// Levels and algorithms: refusals are bad options, Profile fills in the
// levels' settings, labels say what plays.
func TestLevelsAndLabels(t *testing.T) {
	require.NoError(t, CheckLevel(LevelMedium))
	require.ErrorIs(t, CheckLevel("expert"), game.ErrBadOption)
	for _, tc := range []struct {
		algorithm string
		extra     []string
		want      string
		ok        bool
	}{
		{AlgoBest, nil, AlgoAlphaBeta, true},
		{AlgoMinimax, nil, AlgoMinimax, true},
		{AlgoMCTS, nil, "", false},
		{AlgoMCTS, []string{AlgoMCTS}, AlgoMCTS, true},
		{"negascout", []string{AlgoMCTS}, "", false},
	} {
		got, err := SearchAlgorithm("Toy", tc.algorithm, tc.extra...)
		if !tc.ok {
			require.ErrorIs(t, err, game.ErrBadOption, tc.algorithm)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tc.want, got)
	}
	p := Profile{MediumDepth: 3, Aspiration: 40}
	d := p.Settings(LevelDifficult, AlgoMinimax, 0)
	require.Equal(t, Settings{Level: LevelDifficult, Algorithm: AlgoMinimax, Budget: DefaultBudget, Noise: 2, TTLog2: 20, Aspire: 40}, d)
	require.Equal(t, "Difficult · Minimax", d.Label())
	m := p.Settings(LevelMedium, AlgoAlphaBeta, time.Second)
	require.Equal(t, Settings{Level: LevelMedium, Algorithm: AlgoAlphaBeta, Budget: time.Second, Depth: 3, Noise: 25, TTLog2: 12}, m)
	require.Equal(t, "Medium", m.Label())
}
