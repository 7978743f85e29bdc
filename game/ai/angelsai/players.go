package angelsai

import (
	"context"
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/angels"
)

func init() { game.RegisterPlayers(angels.Game{}.ID(), players{}) }

// players are the computer players of Angels & Devils.
type players struct{}

// New implements game.Players: the Angel searches; the Devil, with
// alpha-beta, plays its planners (devilPlanner) before any search.
func (players) New(level, algorithm string, seed uint64, budget time.Duration) (game.Bot, error) {
	b, _, err := newBot(level, algorithm, seed, budget, defaultParams())
	return b, err
}

// newBot is New with the tuning knobs, and returns the Devil's
// planner too (nil without one), for tests and measurements.
func newBot(level, algorithm string, seed uint64, budget time.Duration, par params) (game.Bot, *devilPlanner, error) {
	if err := ai.CheckLevel(level); err != nil {
		return nil, nil, err
	}
	algorithm, err := ai.SearchAlgorithm(angels.Game{}.Name(), algorithm)
	if err != nil {
		return nil, nil, err
	}
	if level == ai.LevelBeginner {
		return ai.NewBeginner(angels.Game{}, seed), nil, nil
	}
	st := par.profile.Settings(level, algorithm, budget)
	position := func(s game.State) (ai.Position, error) {
		p, err := angelsPosition(s, &par)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	if algorithm != ai.AlgoAlphaBeta {
		return ai.NewSearchBot(st, seed, position, nil), nil, nil
	}
	d := &devilPlanner{difficult: level == ai.LevelDifficult}
	return ai.NewSearchBot(st, seed, position, d), d, nil
}

// angelsPosition is the search position of a copy of s for the seat to
// move: the Devil's search evaluates with its own measure (devilValue), the
// Angel's with angelValue.
func angelsPosition(s game.State, par *params) (*angelsPos, error) {
	st, ok := s.Clone().(*angels.State)
	if !ok {
		return nil, fmt.Errorf("angelsai: not an Angels & Devils position: %s", s.Game().ID())
	}
	p := newAngelsPos(st, par)
	p.devil = !st.AngelToMove()
	return p, nil
}

// Algorithms implements game.Players: Angels & Devils offers no choice.
func (players) Algorithms() []game.Choice { return nil }

// Position implements ai.Positioner.
func (players) Position(s game.State) (ai.Position, error) {
	par := defaultParams()
	p, err := angelsPosition(s, &par)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Estimate implements game.Players: from the Angel's view, each free edge
// square adds 120/d³ for an edge d Angel moves away, less 2 per move to the
// nearest one, so an open Angel in the middle of the board is near +6 and
// one next to a wide free edge far above; a shut-in Angel is −Decided, as
// is a finished game the Devil won.
func (players) Estimate(s game.State) (float64, bool) {
	if v, ok := ai.FinishedEstimate(s); ok {
		return v, true
	}
	st, ok := s.Clone().(*angels.State)
	if !ok {
		return 0, false
	}
	par := defaultParams()
	return ai.EvalEstimate(newAngelsPos(st, &par)), true
}

// devilPlanner is the Devil's ai.Shortcut at Medium and Difficult with
// alpha-beta: against best play every Devil move on the default board
// loses, so rather than search it plans against a fallible Angel. At
// Difficult, while the Angel walks like the Beginner, it plans against that
// exact walk (plan.go); otherwise, and at Medium, it scores its
// blocks by a two-ply look-ahead (devil_choose.go), which Difficult
// follows with escape rollouts (rollout.go). Once the Angel is
// enclosed it leaves the move to the search, which fills the region better.
type devilPlanner struct {
	difficult bool
	// watch tells whether the Angel has walked like the Beginner.
	watch walkerWatch
}

// Try implements ai.Shortcut.
func (d *devilPlanner) Try(_ context.Context, _ game.State, pos ai.Position, _ *ai.Clock, w *ai.Worker) (ai.Info, bool) {
	a := pos.(*angelsPos)
	if !a.devil {
		return ai.Info{}, false
	}
	if info, ok := d.walkerDevil(a, w); ok {
		return info, true
	}
	if m, v, n, ok := a.devilChoose(d.difficult); ok {
		return ai.Info{Algorithm: "devil lookahead", Depth: 2, Nodes: n, Eval: -v, Move: a.GameMove(m), PV: []string{a.Format(m)}}, true
	}
	return ai.Info{}, false
}

// walkerDevil is Difficult's Devil against an Angel that has walked like
// the Beginner all game, on a board small enough for the model, while the
// Angel is not yet enclosed (the search fills an enclosure better). Its
// rollouts run on w's core and those w can borrow.
func (d *devilPlanner) walkerDevil(p *angelsPos, w *ai.Worker) (info ai.Info, ok bool) {
	if !d.difficult || !d.watch.observe(p.s) || p.angelValue() < -ai.Win/4 {
		return info, false
	}
	m := walkerModelNow(p.n, p.k)
	if m == nil {
		return info, false
	}
	best, kept, nodes, ok := p.walkerPlan(m, w)
	if !ok {
		return info, false
	}
	// The evaluation runs from −1.00 (every rollout lost) to +1.00.
	return ai.Info{Algorithm: "walker rollouts", Depth: 1, Nodes: nodes, Eval: int(200*kept) - 100,
		Move: p.GameMove(best), PV: []string{p.Format(best)},
		Note: fmt.Sprintf("the walker kept in %.0f%% of its rollouts", 100*kept)}, true
}
