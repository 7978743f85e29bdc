//go:build measure

package engine_test

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
)

// Does Difficult lose strength when its table is a worker's? In a computer
// against computer room both seats search on the same worker's table, so
// each seat's entries are overwritten by the other's searches of the same
// positions; before the engine each seat had a table of its own. Here
// Difficult on a shared worker (whose table also takes, after each of the
// opponent's moves, a search of that position under another tag, as the
// opponent's own search would in the room) plays Difficult on a private
// worker, each taking either seat in turn. Even play means no loss.
//
//	ENGINE_GAMES=20 ENGINE_BUDGET=100ms ENGINE_GAME=kalah go test -tags measure -run MeasureSharedTable -v ./game/ai/engine/
func TestMeasureSharedTable(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("ENGINE_GAMES"))
	if games == 0 {
		games = 10
	}
	budget, err := time.ParseDuration(os.Getenv("ENGINE_BUDGET"))
	if err != nil {
		budget = 100 * time.Millisecond
	}
	id := os.Getenv("ENGINE_GAME")
	if id == "" {
		id = "kalah"
	}
	ctx := context.Background()
	score := 0.0 // the shared seat's: a win 1, a draw ½
	for i := range games {
		s := aitest.NewState(t, id, nil)
		players := game.PlayersOf(s.Game())
		shared := game.Player(i % 2)
		w := ai.NewWorker(nil)
		mine, err := players.New(ai.LevelDifficult, "", uint64(2*i+1), budget)
		require.NoError(t, err)
		theirs, err := players.New(ai.LevelDifficult, "", uint64(2*i+2), budget)
		require.NoError(t, err)
		shadow, err := players.New(ai.LevelDifficult, "", uint64(2*i+2), budget)
		require.NoError(t, err)
		for ply := 0; !s.Outcome().Over && ply < 400; ply++ {
			p := s.ToMove()[0]
			var m game.Move
			if p == shared {
				m, err = mine.(ai.WorkerBot).ChooseOn(ctx, s, p, w, 0)
			} else {
				m, err = theirs.Choose(ctx, s, p)
				if err == nil {
					_, err = shadow.(ai.WorkerBot).ChooseOn(ctx, s, p, w, 0)
				}
			}
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
		}
		out := s.Outcome()
		switch {
		case !out.Over || out.Winner == game.NoPlayer:
			score += 0.5
		case out.Winner == shared:
			score++
		}
		t.Logf("game %d: shared seat %d, outcome %+v, score so far %.1f/%d", i+1, shared, out, score, i+1)
	}
	t.Logf("%s at %v: Difficult on a shared worker scored %.1f of %d against Difficult on its own (%.0f%%)",
		id, budget, score, games, 100*score/float64(games))
}
