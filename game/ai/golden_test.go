package ai_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/aitest"
)

// The fixed-depth levels play exactly the games they played before the
// search workers took over the tables (recorded then): where the
// computer's choices repeat for a seed, they are the same choices. A game
// is Medium against Medium from the start, seeds s and s+1, for at most
// plies turns; the record is the first 12 hex digits of the SHA-256 of its
// turns, one per line.
func TestMediumPlaysTheRecordedGames(t *testing.T) {
	cases := []struct {
		id, algo string
		plies    int
		want     [3]string // seeds 40 and 41, 50 and 51, 60 and 61
	}{
		{"amazons", "", 30, [3]string{"c1f12acd7f6b", "207ac6adec03", "f7521587fe3d"}},
		{"amazons", ai.AlgoMinimax, 8, [3]string{"d32c38897166", "9685dc58e319", "c219e0ca4bef"}},
		{"kalah", "", 200, [3]string{"7d4788aa864c", "27b1270d9673", "1d2ad0cf45b9"}},
		{"angels", "", 60, [3]string{"a366b4353832", "a44ef0784e17", "1b5bef84c425"}},
		{"bishops", "", 200, [3]string{"d1439655c1eb", "217187a82006", "981b37df9af4"}},
		{"demons", "", 200, [3]string{"b67192d6246d", "6b496d715f73", "b5cefccfa671"}},
	}
	for _, tc := range cases {
		t.Run(tc.id+"/"+tc.algo, func(t *testing.T) {
			for i, want := range tc.want {
				turns := playMedium(t, tc.id, tc.algo, uint64(40+10*i), tc.plies)
				sum := sha256.Sum256([]byte(strings.Join(turns, "\n")))
				require.Equal(t, want, hex.EncodeToString(sum[:6]), "seed %d, turns:\n%s", 40+10*i, strings.Join(turns, " "))
			}
		})
	}
}

// playMedium plays Medium against Medium and returns the turns.
func playMedium(t *testing.T, id, algo string, seed uint64, plies int) []string {
	s := aitest.NewState(t, id, nil)
	g := s.Game()
	var bots [2]game.Bot
	for i := range bots {
		var err error
		bots[i], err = newBot(g, ai.LevelMedium, algo, seed+uint64(i), time.Minute)
		require.NoError(t, err)
	}
	var out []string
	for ply := 0; ply < plies && !s.Outcome().Over; ply++ {
		var moves []game.Move
		for _, p := range s.ToMove() {
			m, err := bots[p].Choose(context.Background(), s, p)
			require.NoError(t, err)
			moves = append(moves, m)
		}
		out = append(out, game.FormatTurn(s, moves))
		require.NoError(t, s.Apply(moves...))
	}
	return out
}
