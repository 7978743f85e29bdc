package record

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
)

func TestRoundTripEveryGame(t *testing.T) {
	for _, g := range game.All() {
		t.Run(g.ID(), func(t *testing.T) {
			s, err := g.New(nil)
			require.NoError(t, err)
			bot := game.NewRandomBot(5)
			var turns []string
			for i := 0; i < 30 && !s.Outcome().Over; i++ {
				var turn []game.Move
				for _, p := range s.ToMove() {
					m, err := bot.Choose(context.Background(), s, p)
					require.NoError(t, err)
					turn = append(turn, m)
				}
				turns = append(turns, game.FormatTurn(s, turn))
				require.NoError(t, s.Apply(turn...))
			}
			text := Format(g, s.Options(), turns, "White won — by a test")
			rec, err := Parse(text)
			require.NoError(t, err, text)
			require.Equal(t, g.ID(), rec.Game.ID())
			require.Equal(t, turns, rec.Turns)
			require.Equal(t, s.Encode(), rec.Final.Encode())
		})
	}
}

func TestParseRefusesWithTheLine(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"empty", "\n# nothing\n", "it is empty"},
		{"unknown game", "chess\n", `line 1: unknown game "chess"`},
		{"bad option", "kalah houses=99\n", "line 1: "},
		{"illegal turn", "kalah houses=3 seeds=2\n# a comment\n1\n\n9\n", `line 5: "9" is not a legal turn here`},
		{"after the end", "kalah houses=1 seeds=1\n1\n1\n", `line 3: "1" comes after the end of the game`},
		{"too big", "kalah\n" + strings.Repeat("1\n", MaxBytes), "bytes is more than"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.text)
			require.ErrorIs(t, err, ErrBadRecord)
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add("kalah houses=6 seeds=4\n3\n1\n")
	f.Add("amazons\nd1-d7/g7\n")
	f.Add("demons size=6 turns=3\nb2+e5\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := Parse(text)
		if err != nil {
			require.ErrorIs(t, err, ErrBadRecord)
			return
		}
		again, err := Parse(Format(rec.Game, rec.Options, rec.Turns, ""))
		require.NoError(t, err)
		require.Equal(t, rec.Final.Encode(), again.Final.Encode())
	})
}
