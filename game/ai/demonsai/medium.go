package demonsai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/demons"
)

// greedyBot is Medium Angels & Demons: a shallow player that a thinking
// person can learn to beat. It looks one turn ahead and assumes the opponent
// will choose again the square it chose last turn (on the first turn, a
// random square), and takes the best reply to that, with a little noise to
// break near ties. It is far better than the random Beginner, since every
// choice it makes gains what can be gained against that guess; but its
// choice follows from the opponent's last one, so an opponent who sees the
// pattern knows where it will go and can land on that square (emptying what
// it would cover) or take the squares around it. (A best reply to a random
// opponent instead, the other naive guess, comes too close to the
// equilibrium of this game to be beaten: even a player that knew its every
// choice and planned three turns ahead won by one square; see
// game/ai/RESULTS.md, "Second session".)
type greedyBot struct {
	st   ai.Settings
	rng  *rand.Rand
	last ai.Info
	// The move's matrix is a worker's.

	// Per seat (a bot may be asked for both), the position of its last
	// choice and that choice: what it needs to see the opponent's.
	prev  [2]demons.State
	mine  [2]int
	valid [2]bool
}

// greedyNoise is the amplitude of Medium's noise, in squares: enough to
// choose among equal squares at random, rarely enough to pass over a
// clearly better one.
const greedyNoise = 0.6

func newGreedyBot(st ai.Settings, seed uint64) *greedyBot {
	return &greedyBot{st: st, rng: game.NewRand(seed)}
}

// Choose implements game.Bot, on a spare worker (Alone).
func (b *greedyBot) Choose(ctx context.Context, gs game.State, p game.Player) (game.Move, error) {
	return ai.Alone(ctx, b, gs, p)
}

// ChooseOn implements ai.WorkerBot: the matrix is w's.
func (b *greedyBot) ChooseOn(ctx context.Context, gs game.State, p game.Player, w *ai.Worker, budget time.Duration) (game.Move, error) {
	if err := ai.CheckTurn(gs, p); err != nil {
		return game.Move{}, err
	}
	s, ok := gs.(*demons.State)
	if !ok {
		return game.Move{}, fmt.Errorf("demonsai: the greedy player is for Angels & Demons, not %s", gs.Game().ID())
	}
	clk := ai.NewClock(ctx, ai.Within(b.st.Budget, budget))
	defer clk.Done()
	n := s.NumChoices()
	g := &matricesOf(w).one
	fillOneTurn(g, s)
	view := viewOf(g, p == game.First)
	var opp []int
	if b.valid[p] {
		opp = opponentChoices(&b.prev[p], b.mine[p], p, s)
	}
	// The payoff of each choice against the opponent's last choice, or its
	// expected payoff against a random one.
	best, bestScore, bestMean := 0, 0.0, 0.0
	for i := range n {
		var mean float64
		if len(opp) > 0 {
			mean = view.a[i*n+opp[0]]
		} else {
			for j := range n {
				mean += view.a[i*n+j]
			}
			mean /= float64(n)
		}
		score := mean + greedyNoise*b.rng.Float64()
		if i == 0 || score > bestScore {
			best, bestScore, bestMean = i, score, mean
		}
	}
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	note := "best reply to a random opponent"
	if len(opp) > 0 {
		note = "best reply to " + s.FormatMove(s.ChoiceMove(opp[0])) + " again"
	}
	b.prev[p], b.mine[p], b.valid[p] = *s, best, true
	m := s.ChoiceMove(best)
	b.last = ai.Info{Algorithm: "greedy", Depth: 1, Nodes: uint64(n * n), Eval: int(100 * bestMean), Move: m,
		PV: []string{s.FormatMove(m)}, Note: note, Time: clk.Elapsed()}
	return m, nil
}

// fillOneTurn sets g to the one-turn game of s, all choices against all,
// from the Angels' view.
func fillOneTurn(g *ai.MatrixGame, s *demons.State) {
	n := s.NumChoices()
	g.Reset(n, n)
	last := s.Turn()+1 == s.Turns()
	for a := range n {
		for c := range n {
			g.A[a*n+c] = demonsPayoff(s.CoveredAfter(a, c), last)
		}
	}
}

// Report implements game.Reporter.
func (b *greedyBot) Report() string { return b.st.Level + " " + b.last.String() }

// Label is the seat label the rooms show: Medium.
func (b *greedyBot) Label() string { return ai.Label(b.st.Level, "") }

// LastInfo returns what the last choice was based on.
func (b *greedyBot) LastInfo() ai.Info { return b.last }

// Thought implements game.Thinker.
func (b *greedyBot) Thought() game.Thought { return b.last.Thought() }
