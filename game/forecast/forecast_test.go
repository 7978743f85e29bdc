package forecast_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/game/forecast"
)

func start(t testing.TB, id string) game.State {
	t.Helper()
	g, err := game.Lookup(id)
	require.NoError(t, err)
	s, err := g.New(nil)
	require.NoError(t, err)
	return s
}

func TestCheck(t *testing.T) {
	many := func(n int, line []string) [][]string {
		out := make([][]string, n)
		for i := range out {
			out[i] = line
		}
		return out
	}
	long := []string{"d1-d2/d3", "a7-a6/a5", "d2-d1/d2", "a6-a7/a6", "g1-g2/g3", "d10-d9/d8",
		"g2-g1/g2", "d9-d10/d9", "j4-j3/j2", "g10-g9/g8", "j3-j4/j3"}
	for _, tc := range []struct {
		name  string
		game  string
		seat  game.Player
		lines [][]string
		want  [][]string // the kept lines, when accepted
		err   string
	}{
		{name: "lines as the game writes them", game: "amazons", seat: game.Second,
			lines: [][]string{{"D1-D7/G7", "a7-a6/a5"}, {"g1-g7/g8", "d10-d9/d8", "g7-g6/g5", "d9-d10/d9"}},
			want:  [][]string{{"d1-d7/g7", "a7-a6/a5"}, {"g1-g7/g8", "d10-d9/d8", "g7-g6/g5", "d9-d10/d9"}}},
		{name: "a repeated line kept once", game: "amazons", seat: game.Second,
			lines: [][]string{{"d1-d7/g7", "a7-a6/a5"}, {"d1-d7/g7", "a7-a6/a5"}, {}},
			want:  [][]string{{"d1-d7/g7", "a7-a6/a5"}}},
		{name: "lines that share a reply", game: "amazons", seat: game.Second,
			lines: [][]string{{"d1-d7/g7", "a7-a6/a5", "d7-d8/d7", "a6-a7/a6"}, {"d1-d7/g7", "a7-a6/a5", "g1-g2/g3", "d10-d9/d8"}},
			want:  [][]string{{"d1-d7/g7", "a7-a6/a5", "d7-d8/d7", "a6-a7/a6"}, {"d1-d7/g7", "a7-a6/a5", "g1-g2/g3", "d10-d9/d8"}}},
		{name: "two answers to one move", game: "amazons", seat: game.Second,
			lines: [][]string{{"d1-d7/g7", "a7-a6/a5"}, {"d1-d7/g7", "j7-j6/j5"}},
			err:   "line 2 answers d1-d7/g7 with j7-j6/j5, another line with a7-a6/a5"},
		{name: "made while it is one's own move", game: "amazons", seat: game.First,
			lines: [][]string{{"d1-d7/g7", "a7-a6/a5"}}, err: "while your opponent is to move"},
		{name: "an illegal move", game: "amazons", seat: game.Second,
			lines: [][]string{{"d1-d7/g7", "a7-a6/a5"}, {"d1-d10/d9", "a7-a6/a5"}}, err: "line 2: d1-d10/d9"},
		{name: "unreadable", game: "amazons", seat: game.Second,
			lines: [][]string{{"d1 to d7", "a7-a6/a5"}}, err: "line 1:"},
		{name: "no move of one's own", game: "amazons", seat: game.Second,
			lines: [][]string{{"d1-d7/g7"}}, err: "holds no move of yours"},
		{name: "too many lines", game: "amazons", seat: game.Second,
			lines: many(forecast.MaxLines+1, []string{"d1-d7/g7", "a7-a6/a5"}), err: "at most 10 lines"},
		{name: "too long a line", game: "amazons", seat: game.Second,
			lines: [][]string{long}, err: "at most 10 moves"},
		{name: "Kalah: the opponent's extra turn, then the reply", game: "kalah", seat: game.Second,
			lines: [][]string{{"3", "1", "4"}}, want: [][]string{{"3", "1", "4"}}},
		{name: "Kalah: a reply to a move that gives the opponent another", game: "kalah", seat: game.Second,
			lines: [][]string{{"3", "1"}}, err: "holds no move of yours"},
		{name: "a simultaneous game", game: "demons", seat: game.Second,
			lines: [][]string{{"b2"}}, err: "a simultaneous turn cannot be forecast"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, tc.game)
			before := s.Encode()
			f, err := forecast.Check(s, tc.seat, tc.lines)
			assert.Equal(t, before, s.Encode(), "the position is not changed")
			if tc.err != "" {
				require.ErrorIs(t, err, forecast.ErrBad)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.seat, f.Seat)
			assert.Equal(t, tc.want, f.Lines)
		})
	}
}

// play applies a move written in notation and moves the forecast on.
func play(t *testing.T, s game.State, f forecast.Forecast, text string) forecast.Forecast {
	t.Helper()
	m, err := s.ParseMove(s.ToMove()[0], text)
	require.NoError(t, err)
	written := s.FormatMove(m)
	require.NoError(t, s.Apply(m))
	return f.Played(written)
}

// A game goes on with the forecast: each foreseen move of the opponent's is
// answered at once, an unforeseen one ends the forecast.
func TestRepliesAsTheGameGoesOn(t *testing.T) {
	s := start(t, "amazons")
	f, err := forecast.Check(s, game.Second, [][]string{
		{"d1-d7/g7", "a7-a6/a5", "d7-d8/d7", "a6-a7/a6"},
		{"d1-d7/g7", "a7-a6/a5", "g1-g2/g3", "d10-d9/d8"},
		{"g1-g7/g8", "d10-d9/d8"},
	})
	require.NoError(t, err)
	_, ok := f.Reply(s)
	assert.False(t, ok, "White is to move: nothing to reply yet")

	f = play(t, s, f, "d1-d7/g7")
	reply, ok := f.Reply(s)
	require.True(t, ok)
	assert.Equal(t, "a7-a6/a5", s.FormatMove(reply))
	f = play(t, s, f, "a7-a6/a5")
	assert.Len(t, f.Lines, 2, "both lines through a7-a6/a5 go on")

	f = play(t, s, f, "g1-g2/g3")
	reply, ok = f.Reply(s)
	require.True(t, ok)
	assert.Equal(t, "d10-d9/d8", s.FormatMove(reply))
	f = play(t, s, f, "d10-d9/d8")
	assert.True(t, f.Empty(), "the line is played to its end")

	f, err = forecast.Check(s, game.Second, [][]string{{"d7-e7/e8", "a6-a7/a6"}})
	require.NoError(t, err)
	f = play(t, s, f, "j4-j3/j2")
	assert.True(t, f.Empty(), "an unforeseen move ends the forecast")
	_, ok = f.Reply(s)
	assert.False(t, ok)
}

// In Kalah the opponent may move twice: the reply waits for their turn to
// end.
func TestKalahWaitsForTheOpponentsExtraTurn(t *testing.T) {
	s := start(t, "kalah")
	f, err := forecast.Check(s, game.Second, [][]string{{"3", "1", "4"}})
	require.NoError(t, err)
	f = play(t, s, f, "3")
	_, ok := f.Reply(s)
	assert.False(t, ok, "P1 is to move again")
	f = play(t, s, f, "1")
	reply, ok := f.Reply(s)
	require.True(t, ok)
	assert.Equal(t, "4", s.FormatMove(reply))
	assert.True(t, game.IsLegal(s, game.Second, reply))
}

func FuzzCheck(f *testing.F) {
	f.Add("d1-d7/g7 a7-a6/a5|g1-g7/g8 d10-d9/d8")
	f.Add("d1-d7/g7|d1-d7/g7 a7-a6/a5 d7-d8/d7")
	f.Add("a1-a1/a1")
	s := start(f, "amazons")
	f.Fuzz(func(t *testing.T, text string) {
		var lines [][]string
		for _, l := range strings.Split(text, "|") {
			lines = append(lines, strings.Fields(l))
		}
		fc, err := forecast.Check(s, game.Second, lines)
		if err != nil {
			require.ErrorIs(t, err, forecast.ErrBad)
			return
		}
		// What is accepted is accepted again as it was written back.
		again, err := forecast.Check(s, game.Second, fc.Lines)
		require.NoError(t, err)
		require.Equal(t, fc, again)
	})
}

// Live drops the lines with nothing left to play for the seat.
func TestLive(t *testing.T) {
	s := start(t, "kalah")
	tests := []struct {
		name  string
		lines [][]string
		want  [][]string
	}{
		{"a reply ahead", [][]string{{"1", "4"}}, [][]string{{"1", "4"}}},
		{"the opponent's moves alone", [][]string{{"1"}, {"3", "1"}}, nil},
		{"an illegal move before the reply", [][]string{{"9", "4"}}, nil},
		{"some kept", [][]string{{"2"}, {"2", "5"}}, [][]string{{"2", "5"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := s.Encode()
			got := forecast.Forecast{Seat: game.Second, Lines: tc.lines}.Live(s)
			assert.Equal(t, tc.want, got.Lines)
			assert.Equal(t, game.Second, got.Seat)
			assert.Equal(t, before, s.Encode(), "the position is not changed")
		})
	}
}
