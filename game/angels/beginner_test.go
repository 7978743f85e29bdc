package angels

import (
	"context"
	"slices"
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

// choices returns the squares the Beginner picks for seat p in s over many
// seeds, sorted, and checks it leaves s alone.
func choices(t *testing.T, s *State, p game.Player) []string {
	t.Helper()
	before := s.Encode()
	seen := map[string]bool{}
	for seed := range uint64(200) {
		m, err := Game{}.Beginner(seed).Choose(context.Background(), s, p)
		require.NoError(t, err)
		require.True(t, game.IsLegal(s, p, m), "illegal %s", s.FormatMove(m))
		seen[s.FormatMove(m)] = true
	}
	require.Equal(t, before, s.Encode(), "the bot changed the position")
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestBeginnerAngel(t *testing.T) {
	// First move: any square in reach but its own, at random.
	s := must(t, map[string]string{"size": "7"})
	require.Equal(t, []string{"3,3", "3,4", "3,5", "4,3", "4,5", "5,3", "5,4", "5,5"}, choices(t, s, game.First))

	// An edge square in reach wins at once.
	s = draw(t, 1, `
		+ + + + + + +
		+ A + + + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + @`, "3,3", true)
	require.Equal(t, []string{"1,1", "1,2", "1,3", "2,1", "3,1"}, choices(t, s, game.First))
	s = draw(t, 1, `
		@ @ @ + + + +
		@ A + + + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + @
		+ + + + + + +`, "3,3", true)
	require.Equal(t, []string{"3,1"}, choices(t, s, game.First))

	// Otherwise a square that was out of reach from the previous one (5,5):
	// row 3 or column 3.
	s = draw(t, 1, `
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + A + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + @`, "5,5", true)
	require.Equal(t, []string{"3,3", "3,4", "3,5", "4,3", "5,3"}, choices(t, s, game.First))
	// ... when those are blocked, any other square but its own.
	s = draw(t, 1, `
		+ + + + + + + + +
		+ + + + + + + + +
		+ + @ @ @ + + + +
		+ + @ A + + + + +
		+ + @ + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +`, "5,5", true)
	require.Equal(t, []string{"4,5", "5,4", "5,5"}, choices(t, s, game.First))
	// After staying, everything in reach was reachable before.
	s = draw(t, 1, `
		+ + + + + + +
		+ + + + + + +
		+ + @ + + + +
		+ + + A + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + +`, "4,4", true)
	require.Len(t, choices(t, s, game.First), 7)

	// Power 2, previous square 7,5 two rows down: rows 3 and 4 were out of
	// its reach.
	s = draw(t, 2, `
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + A + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		+ + + + + + + + +
		@ + + + + + + + +`, "7,5", true)
	require.Equal(t, []string{"3,3", "3,4", "3,5", "3,6", "3,7", "4,3", "4,4", "4,5", "4,6", "4,7"}, choices(t, s, game.First))
}

func TestBeginnerDevil(t *testing.T) {
	devilAfter := func(opts map[string]string, angel string) *State {
		s := must(t, opts)
		require.NoError(t, game.PlayTurns(s, angel))
		return s
	}
	// 15×15: the Angel on 7,7 is in the top-left quarter (rows and columns
	// 1–8); its nearest edge squares are 1,7 and 7,1.
	s := devilAfter(nil, "7,7")
	require.Equal(t, []string{"1,7", "7,1"}, choices(t, s, game.Second))
	// On the centre it is in all four quarters: the four edge midpoints.
	s = devilAfter(nil, "8,8")
	require.Equal(t, []string{"1,8", "15,8", "8,1", "8,15"}, choices(t, s, game.Second))
	// On the middle row, left of the middle column: the left half, whose
	// nearest edge square is straight left.
	s = draw(t, 1, `
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + A + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +
		+ + + + + + + + + + + + + + +`, "8,4", false)
	require.Equal(t, []string{"8,1"}, choices(t, s, game.Second))
	require.NoError(t, game.PlayTurns(s, "8,1", "8,5"))
	require.Equal(t, []string{"7,1", "9,1"}, choices(t, s, game.Second))

	// 6×6 has no middle line: the Angel on 3,4 is in the top-right quarter
	// (rows 1–3, columns 4–6), and 1,4 and 3,6 are two rows or columns away.
	s = devilAfter(map[string]string{"size": "6"}, "3,4")
	require.Equal(t, []string{"1,4", "3,6"}, choices(t, s, game.Second))
	// The bottom-right quarter's edge of a 6×6 board when the Angel is on
	// 4,4: nearest are 6,4 and 4,6.
	s = devilAfter(map[string]string{"size": "6"}, "4,4")
	require.Equal(t, []string{"4,6", "6,4"}, choices(t, s, game.Second))

	// The quarter's edge squares all blocked (7×7, quarter rows and columns
	// 1–4): block the nearest free square in the Angel's reach.
	s = draw(t, 1, `
		@ @ @ @ + + +
		@ + @ + + + +
		@ @ A @ + + +
		@ + + + + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + +`, "4,3", false)
	require.Equal(t, []string{"4,3"}, choices(t, s, game.Second))
	s = draw(t, 1, `
		@ @ @ @ + + +
		@ + @ + + + +
		@ @ A @ + + +
		@ + @ + + + +
		+ + + + + + +
		+ + + + + + +
		+ + + + + + +`, "2,2", false)
	require.Equal(t, []string{"2,2", "2,4", "4,2", "4,4"}, choices(t, s, game.Second))
}

func TestBeginnerRefuses(t *testing.T) {
	bot := Game{}.Beginner(1)
	s := must(t, nil)
	_, err := bot.Choose(context.Background(), s, game.Second)
	require.ErrorIs(t, err, game.ErrNotYourTurn)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = bot.Choose(ctx, s, game.First)
	require.ErrorIs(t, err, context.Canceled)
	require.NoError(t, game.PlayTurns(s, "8,9"))
	_, err = bot.Choose(context.Background(), s, game.First)
	require.ErrorIs(t, err, game.ErrNotYourTurn)
	won := must(t, map[string]string{"size": "5", "power": "2"})
	require.NoError(t, game.PlayTurns(won, "1,1"))
	_, err = bot.Choose(context.Background(), won, game.Second)
	require.ErrorIs(t, err, game.ErrNotYourTurn)
}

// Automated mode: Beginner against Beginner finishes, and the same seeds
// play the same game.
func TestBeginnerSelfPlay(t *testing.T) {
	play := func(opts map[string]string, seed uint64) (string, game.Outcome) {
		s := must(t, opts)
		angel, devil := Game{}.Beginner(seed), game.Beginner(Game{}, seed+1000)
		for !s.Outcome().Over {
			require.Less(t, s.Ply(), maxPlies(s.Size()))
			bot := angel
			if !s.AngelToMove() {
				bot = devil
			}
			m, err := bot.Choose(context.Background(), s, s.ToMove()[0])
			require.NoError(t, err)
			require.NoError(t, s.Apply(m))
		}
		return s.Encode(), s.Outcome()
	}
	wins := map[game.Player]int{}
	for _, opts := range []map[string]string{nil, {"size": "5"}, {"size": "8"}, {"size": "9", "power": "2"}, {"size": "25", "power": "2"}} {
		for seed := range uint64(5) {
			a, outA := play(opts, seed)
			b, _ := play(opts, seed)
			require.Equal(t, a, b, "seed %d", seed)
			wins[outA.Winner]++
		}
	}
	t.Logf("Beginner vs Beginner: Angel %d, Devil %d", wins[game.First], wins[game.Second])
}
