package angelsai

import "boardroom/game/ai"

// params are the tuning knobs of Angels & Devils' computer players,
// nearly all the Devil's; defaultParams are the measured values
// (game/ai/RESULTS.md, the Devil's sections). A bot keeps its own copy, so a
// measurement may change one without touching other bots.
type params struct {
	// profile: Medium looks two plies ahead; no aspiration window (it did
	// not pay).
	profile ai.Profile

	// The Devil's evaluation (devil.go).

	// distWeight[d] is a double square's weight d Angel moves away: it
	// halves with each move (devilWeights(0.5)), since each move gives the
	// Devil another block.
	distWeight [24]int
	// ahead is how much the direction of the Angel's last move counts
	// (0.75).
	ahead float64
	// edgeShare[i] is the share of its weight a square with i+1 free edge
	// squares in reach counts ({0.05, 0.6, 1}): with one, the Devil answers
	// (at the cost of a tempo); with two it is lost; with three, one block
	// leaves it lost, which is why blocking edge squares ahead, not the
	// squares next to them, pays.
	edgeShare [3]float64
	// quiesce is how many plies a ladder may play out at the horizon (12),
	// longer than other games' captures.
	quiesce int

	// The two-ply look-ahead (devil_choose.go).

	// candidates is how many blocks, best first by the evaluation after
	// them, the look-ahead scores (20).
	candidates int
	// replyBias is how much more likely an Angel reply straight ahead is
	// than one to the side (e^bias) or behind (e^2·bias) (2.5).
	replyBias float64
	// worstShare is the weight of the Angel's best reply in the mix, the
	// rest being its expected reply (0.3).
	worstShare float64

	// Escape rollouts (rollout.go).

	// rollout shapes the rollout Angel and Devil.
	rollout rolloutParams
	// rolloutShare is the share of the budget the rollouts may use (0.6);
	// rolloutMax the most rollouts a block gets (2048: enough for a stable
	// ranking; a long budget need not be spent), in rounds of rolloutBatch
	// (32).
	rolloutShare float64
	rolloutMax   int
	rolloutBatch int
	// rolloutTieBreak converts two-ply values (eval units) into escape
	// score (1e-6): small, so they only decide between blocks the rollouts
	// cannot tell apart.
	rolloutTieBreak float64

	// The plan against the Beginner's walk (plan.go).
	walker walkerParams
}

// walkerParams are the walker planner's settings.
type walkerParams struct {
	candidates   int     // edge squares compared, the most urgent first (12)
	rolloutMoves int     // walker moves a rollout lasts (10)
	batch        int     // rollouts a block gets per round (16)
	share        float64 // share of the budget the rounds may use (0.85)
	maxRollouts  int     // the most rollouts a block gets (4096)
	workers      int     // the most cores the rollouts use (4)
	// steer: the squares next to the edge within this many Angel moves
	// are candidates too (2).
	steer int
}

func defaultParams() params {
	return params{
		profile:    ai.Profile{MediumDepth: 2},
		distWeight: devilWeights(0.5),
		ahead:      0.75,
		edgeShare:  [3]float64{0.05, 0.6, 1},
		quiesce:    12,

		candidates: 20,
		replyBias:  2.5,
		worstShare: 0.3,

		rollout:         rolloutParams{ahead: 2.5, out: 1.0, double: 2.0, decay: 0.8, horizon: 14, devilAhead: 1.5},
		rolloutShare:    0.6,
		rolloutMax:      2048,
		rolloutBatch:    32,
		rolloutTieBreak: 1e-6,

		walker: walkerParams{candidates: 12, rolloutMoves: 10, batch: 16, share: 0.85, maxRollouts: 4096, workers: 4, steer: 2},
	}
}

// devilWeights is a table of distWeight that falls by decay a move.
func devilWeights(decay float64) (w [24]int) {
	x := 64000.0
	for d := 1; d < len(w); d++ {
		x *= decay
		w[d] = int(x)
	}
	return
}
