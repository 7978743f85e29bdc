package demonsai

import (
	"slices"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/demons"
)

// Planning against a model of the opponent.
//
// The lookahead matrix game assumes the opponent plays its best; against an
// opponent the posterior has identified as predictable (greedy, repeater,
// counter) the bot can do better by looking several turns ahead along the
// choices the model predicts, including how its own choices steer the
// model's next ones (a counter-player answers the bot's last square). The
// plan scores every choice of this turn; safeMix then decides how far to
// follow it.

// planner searches the bot's choices against one model of the opponent.
type planner struct {
	model  int
	me     game.Player
	clk    *ai.Clock
	nodes  uint64
	broken bool
}

const (
	planReplies = 3   // the model's likeliest choices followed at a node
	planMinProb = 0.1 // less likely ones are dropped
	planBeam    = 8   // the bot's choices searched below the root
	// planMaxDepth caps the plan: each turn deeper costs some twenty times
	// more, and a model's predictions are worth little further ahead.
	planMaxDepth = 5
)

// planScores returns the plan's value of each of the bot's choices in s
// (its view: covered difference at the horizon, with the last turn's bonus
// for winning), searched as deep as the clock allows up to the end of the
// game and maxDepth turns, and the depth completed (0: none; then scores is nil).
func planScores(s *demons.State, me game.Player, model, myLast, oppLast, maxDepth int, clk *ai.Clock) ([]float64, int, uint64) {
	p := &planner{model: model, me: me, clk: clk}
	var best []float64
	depth := 0
	for d := 1; d <= min(maxDepth, s.Turns()-s.Turn()); d++ {
		t := *s
		scores := p.root(&t, d, myLast, oppLast)
		if p.broken {
			break
		}
		best, depth = scores, d
	}
	return best, depth, p.nodes
}

func (p *planner) root(s *demons.State, depth, myLast, oppLast int) []float64 {
	cs, ps := p.predict(s, myLast, oppLast)
	out := make([]float64, s.NumChoices())
	for a := range out {
		out[a] = p.after(s, a, cs, ps, depth)
		if p.broken {
			return nil
		}
	}
	return out
}

// after is the expected value of choosing a against the predicted choices
// cs (probabilities ps) and playing on to depth turns in all.
func (p *planner) after(s *demons.State, a int, cs []int, ps []float64, depth int) float64 {
	var v float64
	for k, c := range cs {
		p.nodes++
		if p.nodes&15 == 0 && p.clk.ExpiredNow() {
			p.broken = true
			return 0
		}
		u := p.make(s, a, c)
		if depth == 1 || s.Over() {
			v += ps[k] * p.leaf(s)
		} else {
			v += ps[k] * p.value(s, depth-1, a, c)
		}
		s.UnmakeTurn(u)
	}
	return v
}

// value is the best the bot can expect in s with depth turns to go, having
// chosen myLast against the opponent's oppLast.
func (p *planner) value(s *demons.State, depth, myLast, oppLast int) float64 {
	cs, ps := p.predict(s, myLast, oppLast)
	n := s.NumChoices()
	last := s.Turn()+1 == s.Turns()
	// The beam: the bot's best choices against the prediction, one turn.
	type scored struct {
		a int
		v float64
	}
	order := make([]scored, n)
	for a := range n {
		var v float64
		for k, c := range cs {
			v += ps[k] * p.pay(s, a, c, last)
		}
		order[a] = scored{a, v}
	}
	slices.SortStableFunc(order, func(x, y scored) int { return cmpDesc(x.v, y.v) })
	best := order[0].v
	if depth == 1 {
		return best
	}
	for _, o := range order[:min(planBeam, n)] {
		v := p.after(s, o.a, cs, ps, depth)
		if p.broken {
			return 0
		}
		best = max(best, v)
	}
	return best
}

// make plays the bot's a against the opponent's c.
func (p *planner) make(s *demons.State, a, c int) demons.Undo {
	if p.me == game.First {
		return s.MakeTurn(a, c)
	}
	return s.MakeTurn(c, a)
}

// pay is the bot's one-turn payoff for a against c.
func (p *planner) pay(s *demons.State, a, c int, last bool) float64 {
	if p.me == game.First {
		return demonsPayoff(s.CoveredAfter(a, c), last)
	}
	return -demonsPayoff(s.CoveredAfter(c, a), last)
}

// leaf is the bot's value of a position the plan stops in.
func (p *planner) leaf(s *demons.State) float64 {
	v := demonsPayoff(s.Covered(), s.Over())
	if p.me == game.Second {
		v = -v
	}
	return v
}

// predict returns the model's likeliest choices for the opponent in s and
// their probabilities (renormalised): the greedy model's best replies to a
// random bot, the counter model's to the bot's last choice, the repeater's
// last choice.
func (p *planner) predict(s *demons.State, myLast, oppLast int) ([]int, []float64) {
	if p.model == modelRepeater && oppLast >= 0 {
		return []int{oppLast}, []float64{1}
	}
	n := s.NumChoices()
	last := s.Turn()+1 == s.Turns()
	score := make([]float64, n)
	for c := range n {
		if p.model == modelCounter && myLast >= 0 {
			score[c] = -p.pay(s, myLast, c, last)
			continue
		}
		var sum float64
		for a := range n {
			sum -= p.pay(s, a, c, last)
		}
		score[c] = sum / float64(n)
	}
	prob := make([]float64, n)
	softmax(prob, score, modelTemp)
	order := seq(n)
	slices.SortStableFunc(order, func(x, y int) int { return cmpDesc(prob[x], prob[y]) })
	var cs []int
	var ps []float64
	var total float64
	for _, c := range order[:planReplies] {
		if len(cs) > 0 && prob[c] < planMinProb {
			break
		}
		cs, ps = append(cs, c), append(ps, prob[c])
		total += prob[c]
	}
	for k := range ps {
		ps[k] /= total
	}
	return cs, ps
}
