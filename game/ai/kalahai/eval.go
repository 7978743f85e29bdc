package kalahai

import (
	"boardroom/game"
	"boardroom/game/kalah"
)

// The standard board's evaluation, fitted to exact values.
//
// The search's evaluation guesses what the side to move will still gain
// over its opponent from here (the stores aside); the exact solver knows
// it for any position with few enough seeds in the houses. So the weights
// (eval_weights.go) are a ridge least-squares fit of the solver's values of
// positions of the standard board (6 houses × 4 seeds, no empty captures)
// reached by seeded random play: 20,000 with 14 to 34 seeds in the houses
// and 3,000 with 33 to 38, where the search decides (TestMeasureFitEval;
// game/ai/RESULTS.md, issue 28, has the data, the fit and what it did to
// the optimal-move rate). Fitting an evaluation's
// weights to what is known of positions' values is the old idea of
// Samuel's checkers player (1959); a solved game's exact values make the
// best such targets. The features:
//
//   - for each house of either side, its count of seeds (up to evalCap):
//     a value per house and count, not a weight per seed, since a house
//     that ends its sowing in the store, or one whose seeds all cross to
//     the opponent, is worth more or less than its seeds;
//   - the moves that end in one's store (another turn), for either side;
//   - the best capture either side could make at once;
//   - the empty houses of either side (where captures land);
//   - a constant: having the move is worth something.
//
// Other boards keep the plain evaluation (position.go): the weights are
// the standard board's. So do the other levels (players.go).

// evalCap is the largest count of seeds a house's weights tell apart; a
// house with more counts as evalCap (such houses are rare in the fit).
const evalCap = 15

// The features' indexes.
const (
	fConst    = 0
	fMine     = 1                       // (house−1)×(evalCap+1)+count: the mover's houses
	fTheirs   = fMine + 6*(evalCap+1)   // the same for the opponent's houses
	fAgain    = fTheirs + 6*(evalCap+1) // the mover's moves that end in its store
	fAgainOp  = fAgain + 1              // the opponent's moves that end in its store
	fCapture  = fAgain + 2              // the seeds the mover's best capture would bank
	fCaptOp   = fAgain + 3              // the opponent's, were it to move
	fEmpty    = fAgain + 4              // the mover's empty houses
	fEmptyOp  = fAgain + 5              // the opponent's
	nFeatures = fAgain + 6
)

// standardBoard reports whether b is the board the weights were fitted on.
func standardBoard(b *kalah.Board, total int) bool {
	return b.Houses() == 6 && !b.EmptyCapture() && total == 48
}

// houseRows reads b's houses from the mover's view, 1-based.
func houseRows(b *kalah.Board) (mine, theirs [7]int) {
	me := b.Turn()
	op := me.Other()
	for h := 1; h <= 6; h++ {
		mine[h], theirs[h] = b.Seeds(me, h), b.Seeds(op, h)
	}
	return mine, theirs
}

// features fills f with b's features from the mover's view (the fit's
// form of fittedEval).
func features(b *kalah.Board, f *[nFeatures]int) {
	*f = [nFeatures]int{fConst: 1}
	mine, theirs := houseRows(b)
	for h := 1; h <= 6; h++ {
		f[fMine+(h-1)*(evalCap+1)+min(mine[h], evalCap)]++
		f[fTheirs+(h-1)*(evalCap+1)+min(theirs[h], evalCap)]++
	}
	f[fAgain], f[fCapture], f[fEmpty] = sideFeatures(&mine, &theirs)
	f[fAgainOp], f[fCaptOp], f[fEmptyOp] = sideFeatures(&theirs, &mine)
}

// sideFeatures are one side's moves to its store, best capture and empty
// houses, its houses being own and the other side's other (1-based, 6
// each).
func sideFeatures(own, other *[7]int) (again, capture, empty int) {
	for h := 1; h <= 6; h++ {
		n := own[h]
		if n == 0 {
			empty++
			continue
		}
		if n == 7-h {
			again++
		}
		// A capture: the last seed ends, without a lap, in an empty house
		// of one's own, and the house opposite holds seeds.
		if last := h + n; last <= 6 && own[last] == 0 && other[7-last] > 0 {
			capture = max(capture, 1+other[7-last])
		}
	}
	return again, capture, empty
}

// fittedEval is the mover's expected gain from b's houses, in hundredths
// of a seed: the weights' sum over features, without the array.
func fittedEval(b *kalah.Board) int {
	w := &fittedWeights
	mine, theirs := houseRows(b)
	v := w[fConst]
	for h := 1; h <= 6; h++ {
		v += w[fMine+(h-1)*(evalCap+1)+min(mine[h], evalCap)]
		v += w[fTheirs+(h-1)*(evalCap+1)+min(theirs[h], evalCap)]
	}
	again, capture, empty := sideFeatures(&mine, &theirs)
	v += w[fAgain]*again + w[fCapture]*capture + w[fEmpty]*empty
	again, capture, empty = sideFeatures(&theirs, &mine)
	v += w[fAgainOp]*again + w[fCaptOp]*capture + w[fEmptyOp]*empty
	return v
}

// moverView turns a margin (first seat minus second) into the mover's.
func moverView(b *kalah.Board, margin int) int {
	if b.Turn() != game.First {
		return -margin
	}
	return margin
}
