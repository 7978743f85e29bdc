package demonsai

import (
	"fmt"
	"math"
	"slices"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/demons"
)

// Opponent modelling for Difficult Angels & Demons.
//
// The position does not keep the choices of earlier turns, so the bot
// remembers the position it chose in and its own choice; on its next turn it
// finds which choices of the opponent turn that position into the new one
// (usually one; several when they cover only squares the opponent already
// held, which all had the same effect). Each model of the opponent predicted
// a distribution over its choices; the posterior over the models is updated
// by how likely each made what was seen, with old evidence fading a little so
// that an opponent who changes its ways is followed.

// The opponent models.
const (
	modelEquilibrium = iota // plays the equilibrium of our matrix game
	modelGreedy             // best reply, one turn, to a uniformly random opponent
	modelRepeater           // plays its last choice again
	modelCounter            // best reply, one turn, to our repeating our last choice
	modelRandom             // uniformly random
	numModels
)

var modelNames = [numModels]string{"equilibrium", "greedy", "repeater", "counter", "random"}

// modelPrior is model k's prior probability. It leans to the equilibrium:
// with little evidence the bot plays safe.
func modelPrior(k int) float64 {
	if k == modelEquilibrium {
		return 0.4
	}
	return 0.15
}

const (
	// modelFloor is the share of every prediction spread uniformly: no model
	// is ever certain, so one surprise does not rule it out for good.
	modelFloor = 0.05
	// modelTemp is the softmax temperature, in squares, of the models that
	// pick by one-turn payoffs: near ties are predicted as near coin flips.
	modelTemp = 0.3
	// modelDecay is how much of the past evidence is kept from turn to turn.
	modelDecay = 0.9
	// safeAllowance is how much below the equilibrium's guarantee, in
	// squares of lookahead value, the bot risks each turn besides what the
	// opponent has already given away.
	safeAllowance = 0.5
)

// demonsMemory is what Difficult remembers of the game it plays in one seat.
type demonsMemory struct {
	valid bool
	prev  demons.State // the position of its last choice
	mine  int          // its choice there

	preds    [numModels][]float64 // each model's prediction there, over all choices
	rows     []int                // its candidate choices there
	cols     []int                // the opponent's candidate choices there
	pay      payoffView           // their payoffs (rows × cols, its view)
	lookTwo  bool                 // pay looked two turns ahead
	mix      []float64            // the mix it sampled, over rows
	floor    float64              // the equilibrium's guarantee there
	oppLast  []int                // the opponent's possible last choices
	evidence [numModels]float64   // fading sum of log-likelihoods
	seen     int                  // turns observed
	gift     float64              // what the opponent gave away, in expectation
}

// posterior returns the model probabilities.
func (m *demonsMemory) posterior() [numModels]float64 {
	var post [numModels]float64
	top := math.Inf(-1)
	for k := range post {
		top = max(top, m.evidence[k])
	}
	var sum float64
	for k := range post {
		post[k] = modelPrior(k) * math.Exp(m.evidence[k]-top)
		sum += post[k]
	}
	for k := range post {
		post[k] /= sum
	}
	return post
}

// believed returns the most probable model and its probability.
func (m *demonsMemory) believed() (int, float64) {
	post := m.posterior()
	best := 0
	for k, p := range post {
		if p > post[best] {
			best = k
		}
	}
	return best, post[best]
}

// confidence is how far the bot may move from the equilibrium towards its
// prediction: the probability that the opponent is not the equilibrium
// player, discounted while the evidence is thin.
func (m *demonsMemory) confidence() float64 {
	post := m.posterior()
	return (1 - post[modelEquilibrium]) * float64(m.seen) / float64(m.seen+3)
}

// observe updates the memory with the position s the seat me now chooses
// in: which choices the opponent made since the last one, how likely each
// model found them, and what they gave away. col computes the payoffs of the
// remembered rows against an opponent choice that was not a candidate (nil
// when out of time: the gift is then left as it was). A
// position that does not follow the remembered one starts the memory afresh.
func (m *demonsMemory) observe(s *demons.State, me game.Player, col func(prev *demons.State, me game.Player, rows []int, c int, two bool) []float64) {
	if !m.valid || s.Turn() != m.prev.Turn()+1 {
		*m = demonsMemory{}
		return
	}
	opp := opponentChoices(&m.prev, m.mine, me, s)
	if len(opp) == 0 {
		*m = demonsMemory{}
		return
	}
	for k := range numModels {
		var lik float64
		for _, c := range opp {
			lik += m.preds[k][c]
		}
		m.evidence[k] = modelDecay*m.evidence[k] + math.Log(lik)
	}
	// What the mix played expected against the opponent's choice (the least
	// for the choices that could have been), above the guarantee.
	worst := math.Inf(1)
	computed := 0
	for _, c := range opp {
		var u []float64
		if j := slices.Index(m.cols, c); j >= 0 {
			u = make([]float64, len(m.rows))
			for i := range m.rows {
				u[i] = m.pay.a[i*m.pay.cols+j]
			}
		} else if computed < 2 {
			// Ambiguous choices all had the same effect: two suffice.
			computed++
			u = col(&m.prev, me, m.rows, c, m.lookTwo)
		}
		if u == nil {
			continue
		}
		var e float64
		for i, p := range m.mix {
			e += p * u[i]
		}
		worst = min(worst, e)
	}
	if !math.IsInf(worst, 1) {
		m.gift += worst - m.floor
	}
	m.oppLast = opp
	m.seen++
}

// opponentChoices returns the choices of the opponent of me that, with
// me's choice mine, turn prev into s (none when s does not follow prev).
func opponentChoices(prev *demons.State, mine int, me game.Player, s *demons.State) []int {
	if s.Turn() != prev.Turn()+1 {
		return nil
	}
	want := s.Encode()
	var opp []int
	for c := range s.NumChoices() {
		t := *prev
		if me == game.First {
			t.MakeTurn(mine, c)
		} else {
			t.MakeTurn(c, mine)
		}
		if t.Encode() == want {
			opp = append(opp, c)
		}
	}
	return opp
}

// predict fills the predictions of every model but the equilibrium's for
// the opponent's choice, from one: the one-turn game from the bot's view.
func (m *demonsMemory) predict(one payoffView) {
	n := one.cols
	for k := range numModels {
		m.preds[k] = make([]float64, n)
	}
	// Greedy: the opponent's expected payoff against a uniform bot is minus
	// the column's mean.
	score := make([]float64, n)
	for j := range n {
		var s float64
		for i := range one.rows {
			s -= one.a[i*n+j]
		}
		score[j] = s / float64(one.rows)
	}
	softmax(m.preds[modelGreedy], score, modelTemp)
	// Counter: the opponent's best replies to our last choice.
	if m.valid {
		for j := range n {
			score[j] = -one.a[m.mine*n+j]
		}
		softmax(m.preds[modelCounter], score, modelTemp)
	} else {
		copy(m.preds[modelCounter], m.preds[modelGreedy])
	}
	if len(m.oppLast) > 0 {
		for _, c := range m.oppLast {
			m.preds[modelRepeater][c] = 1 / float64(len(m.oppLast))
		}
	} else {
		copy(m.preds[modelRepeater], m.preds[modelGreedy])
	}
	for j := range n {
		m.preds[modelRandom][j] = 1 / float64(n)
	}
	for k := range numModels {
		if k != modelEquilibrium {
			smooth(m.preds[k])
		}
	}
}

// setEquilibrium sets the equilibrium model's prediction: strat over the
// opponent's choices cols, out of n.
func (m *demonsMemory) setEquilibrium(strat []float64, cols []int, n int) {
	p := make([]float64, n)
	for j, c := range cols {
		p[c] = strat[j]
	}
	smooth(p)
	m.preds[modelEquilibrium] = p
}

// mixture is the posterior-weighted prediction, restricted to cols and
// normalised (what falls outside the candidates is mostly the models'
// uniform floor).
func (m *demonsMemory) mixture(cols []int) []float64 {
	post := m.posterior()
	q := make([]float64, len(cols))
	for j, c := range cols {
		for k := range numModels {
			q[j] += post[k] * m.preds[k][c]
		}
	}
	ai.Normalise(q, q)
	return q
}

// note says what the bot believes, for its report.
func (m *demonsMemory) note(w float64) string {
	k, p := m.believed()
	return fmt.Sprintf("opponent %s %.0f%% after %d turns, exploit weight %.2f, risk %.1f",
		modelNames[k], 100*p, m.seen, w, safeAllowance+max(0, m.gift))
}

// softmax writes into dst the softmax of score at temperature temp.
func softmax(dst, score []float64, temp float64) {
	top := score[0]
	for _, s := range score {
		top = max(top, s)
	}
	for j, s := range score {
		dst[j] = math.Exp((s - top) / temp)
	}
	ai.Normalise(dst, dst)
}

// smooth mixes a prediction with the uniform one by modelFloor.
func smooth(p []float64) {
	u := modelFloor / float64(len(p))
	for j := range p {
		p[j] = (1-modelFloor)*p[j] + u
	}
}
