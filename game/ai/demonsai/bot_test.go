package demonsai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
	"boardroom/game/demons"
)

// scriptedDemons is an opponent that plays by a fixed rule.
type scriptedDemons func(s *demons.State, p game.Player) int

// greedyAgainstRandom is the greedy model played straight: the best reply
// to a uniformly random opponent.
func greedyAgainstRandom(s *demons.State, p game.Player) int {
	var g ai.MatrixGame
	fillOneTurn(&g, s)
	v := viewOf(&g, p == game.First)
	best, bestMean := 0, 0.0
	for i := range v.rows {
		var mean float64
		for j := range v.cols {
			mean += v.a[i*v.cols+j]
		}
		if i == 0 || mean > bestMean {
			best, bestMean = i, mean
		}
	}
	return best
}

// newTestMatrixBot is Difficult with the one-turn game only and no clock
// worries, quick enough for the race detector.
func newTestMatrixBot(seed uint64, exploit bool) *matrixBot {
	st := ai.Settings{Level: ai.LevelDifficult, Algorithm: AlgoMatrix, Budget: time.Minute}
	return &matrixBot{st: st, iterations: 2000, lookahead: 1, rng: game.NewRand(seed), exploit: exploit, planMax: 2}
}

// The posterior settles on the model that plays like the opponent.
func TestDemonsPosteriorIdentifiesScriptedOpponents(t *testing.T) {
	opts := map[string]string{"size": "6", "turns": "12"}
	cases := []struct {
		name string
		opp  func() game.Bot // nil: script
		scr  scriptedDemons
		want int
		// also is a model that may win instead: in this game the best
		// reply to a random opponent mostly is the equilibrium's choice.
		also int
	}{
		{name: "repeater", scr: func(*demons.State, game.Player) int { return 7 }, want: modelRepeater, also: -1},
		{name: "greedy", scr: greedyAgainstRandom, want: modelGreedy, also: modelEquilibrium},
		{name: "random", opp: func() game.Bot { return game.NewRandomBot(5) }, want: modelRandom, also: -1},
		{name: "medium counters our last choice", opp: func() game.Bot {
			return newGreedyBot(ai.Settings{Level: ai.LevelMedium, Algorithm: AlgoMatrix, Budget: time.Second}, 9)
		}, want: modelCounter, also: -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, seat := range []game.Player{game.First, game.Second} {
				s := aitest.NewState(t, "demons", opts).(*demons.State)
				bot := newTestMatrixBot(3, true)
				var opp game.Bot
				if tc.opp != nil {
					opp = tc.opp()
				}
				for !s.Over() {
					mine, err := bot.Choose(context.Background(), s, seat)
					require.NoError(t, err)
					var theirs game.Move
					if opp != nil {
						theirs, err = opp.Choose(context.Background(), s, seat.Other())
						require.NoError(t, err)
					} else {
						theirs = s.ChoiceMove(tc.scr(s, seat.Other()))
					}
					turn := []game.Move{mine, theirs}
					if seat == game.Second {
						turn[0], turn[1] = theirs, mine
					}
					require.NoError(t, s.Apply(turn...))
				}
				post := bot.mem[seat].posterior()
				p := post[tc.want]
				if tc.also >= 0 {
					p += post[tc.also]
				} else {
					k, _ := bot.mem[seat].believed()
					require.Equal(t, modelNames[tc.want], modelNames[k], "seat %d: %s", seat, bot.Report())
				}
				require.Greater(t, p, 0.8, "seat %d: %s", seat, bot.Report())
			}
		})
	}
}

// Exploiting a prediction never costs more than the bound below the
// equilibrium's guarantee, and never expects less than the equilibrium.
func TestSafeMixKeepsTheBound(t *testing.T) {
	cases := []struct {
		name       string
		rows, cols int
		a          []float64
		q          []float64
	}{
		{"matching pennies", 2, 2, []float64{1, -1, -1, 1}, []float64{0.9, 0.1}},
		{"rock paper scissors", 3, 3, []float64{0, -1, 1, 1, 0, -1, -1, 1, 0}, []float64{0.6, 0.3, 0.1}},
		{"saddle", 3, 2, []float64{3, 1, 4, 2, 0, 5}, []float64{0.2, 0.8}},
		{"uneven", 3, 3, []float64{2, -3, 1, -1, 4, -2, 0, 1, -1}, []float64{0.1, 0.1, 0.8}},
	}
	for _, tc := range cases {
		for _, bound := range []float64{0, 0.1, 0.5, 2} {
			for _, wcap := range []float64{0.3, 1} {
				g := ai.MatrixGame{Rows: tc.rows, Cols: tc.cols, A: tc.a}
				eq, _, _ := g.Solve(20000, nil)
				v := viewOf(&g, true)
				mix, w, _, expect := safeMix(v, eq, tc.q, bound, wcap)
				require.InDelta(t, 1, sum(mix), 1e-9)
				require.LessOrEqual(t, w, wcap)
				require.GreaterOrEqual(t, v.guarantee(mix), v.guarantee(eq)-bound-1e-9, "%s bound %v", tc.name, bound)
				require.GreaterOrEqual(t, expect, v.expect(eq, tc.q)-1e-9)
				require.InDelta(t, expect, v.expect(mix, tc.q), 1e-9)
				if bound >= 0.5 && tc.name != "saddle" {
					require.Greater(t, w, 0.0, "%s: a loose bound lets it exploit", tc.name)
				}
			}
		}
	}
	// The Demons' view is the transposed, negated game.
	g := ai.MatrixGame{Rows: 2, Cols: 3, A: []float64{1, 2, 3, 4, 5, 6}}
	v := viewOf(&g, false)
	require.Equal(t, []float64{-1, -4, -2, -5, -3, -6}, v.a)
}

func sum(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v
	}
	return s
}

// Difficult with its opponent model repeats its games for a seed.
func TestDemonsDifficultDeterministic(t *testing.T) {
	opts := map[string]string{"size": "6", "turns": "4"}
	play := func() []string {
		s := aitest.NewState(t, "demons", opts)
		var bots [2]game.Bot
		for i, level := range []string{ai.LevelDifficult, ai.LevelMedium} {
			var err error
			bots[i], err = players{}.New(level, "", uint64(7+i), time.Minute)
			require.NoError(t, err)
		}
		var out []string
		for !s.Outcome().Over {
			var moves []game.Move
			for _, p := range s.ToMove() {
				m, err := bots[p].Choose(context.Background(), s, p)
				require.NoError(t, err)
				moves = append(moves, m)
			}
			out = append(out, game.FormatTurn(s, moves)+" "+bots[0].(ai.Infoer).LastInfo().Note)
			require.NoError(t, s.Apply(moves...))
		}
		return out
	}
	require.Equal(t, play(), play())
}

// The memory follows only a game it saw: a position that does not follow
// its last one starts it afresh.
func TestDemonsMemoryResets(t *testing.T) {
	s := aitest.NewState(t, "demons", map[string]string{"size": "6"}).(*demons.State)
	bot := newTestMatrixBot(1, true)
	_, err := bot.Choose(context.Background(), s, game.First)
	require.NoError(t, err)
	require.True(t, bot.mem[game.First].valid)
	other := aitest.RandomPlies(t, s.Clone(), 3, 4).(*demons.State)
	_, err = bot.Choose(context.Background(), other, game.First)
	require.NoError(t, err)
	require.Zero(t, bot.mem[game.First].seen)
	// Following the game it saw, it sees the opponent's choice.
	next := other.Clone().(*demons.State)
	mine, _ := next.ChoiceOf(bot.LastInfo().Move)
	next.MakeTurn(mine, 4)
	_, err = bot.Choose(context.Background(), next, game.First)
	require.NoError(t, err)
	require.Equal(t, 1, bot.mem[game.First].seen)
	require.Contains(t, bot.mem[game.First].oppLast, 4)
}

// Against a repeater the plan is exact: it matches a brute force over the
// bot's choices for the rest of the game.
func TestDemonsPlanAgainstRepeaterIsExact(t *testing.T) {
	for _, seat := range []game.Player{game.First, game.Second} {
		s := aitest.RandomPlies(t, aitest.NewState(t, "demons", map[string]string{"size": "6", "turns": "5"}), 2, 3).(*demons.State)
		const opp = 4
		clk := ai.NewClock(context.Background(), 0)
		scores, depth, _ := planScores(s, seat, modelRepeater, 0, opp, planMaxDepth, clk)
		clk.Done()
		require.Equal(t, 3, depth)
		var brute func(s *demons.State, left int) float64
		brute = func(s *demons.State, left int) float64 {
			best := -1e9
			for a := range s.NumChoices() {
				var u demons.Undo
				if seat == game.First {
					u = s.MakeTurn(a, opp)
				} else {
					u = s.MakeTurn(opp, a)
				}
				v := 0.0
				if left == 1 {
					v = demonsPayoff(s.Covered(), s.Over())
					if seat == game.Second {
						v = -v
					}
				} else {
					v = brute(s, left-1)
				}
				s.UnmakeTurn(u)
				best = max(best, v)
			}
			return best
		}
		want := 0.0
		for _, v := range scores {
			want = max(want, v)
		}
		require.InDelta(t, brute(s, 3), want, 1e-9, "seat %d", seat)
	}
}

// The budget and cancellation hold with the opponent model at work (the
// plan, the gift's columns): Difficult first plays some turns against
// Medium, then a copy of it chooses, best of three on a shared machine.
func TestDemonsModelRespectsBudgetAndCancel(t *testing.T) {
	s := aitest.NewState(t, "demons", nil).(*demons.State)
	d, err := players{}.New(ai.LevelDifficult, "", 5, 40*time.Millisecond)
	require.NoError(t, err)
	m, err := players{}.New(ai.LevelMedium, "", 6, time.Second)
	require.NoError(t, err)
	for range 8 {
		a, err := d.Choose(context.Background(), s, game.First)
		require.NoError(t, err)
		c, err := m.Choose(context.Background(), s, game.Second)
		require.NoError(t, err)
		require.NoError(t, s.Apply(a, c))
	}
	base := d.(*matrixBot)
	require.NotEmpty(t, base.mem[game.First].oppLast)
	budget := 100 * time.Millisecond
	took, late := time.Hour, time.Hour
	for range 3 {
		b := *base
		b.st.Budget = budget
		start := time.Now()
		_, err := b.Choose(context.Background(), s, game.First)
		require.NoError(t, err)
		took = min(took, time.Since(start))

		b = *base
		b.st.Budget = time.Minute
		ctx, cancel := context.WithCancel(context.Background())
		cancelled := make(chan time.Time, 1)
		time.AfterFunc(30*time.Millisecond, func() { cancelled <- time.Now(); cancel() })
		_, err = b.Choose(ctx, s, game.First)
		require.ErrorIs(t, err, context.Canceled)
		late = min(late, time.Since(<-cancelled))
		if took <= budget+budget/10 && late < 50*time.Millisecond {
			break
		}
	}
	require.LessOrEqual(t, took, budget+budget/10, base.Report())
	require.Less(t, late, 50*time.Millisecond)
}
