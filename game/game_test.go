package game_test

import (
	"context"
	"testing"

	"boardroom/game"
	"boardroom/game/gametest"

	"github.com/stretchr/testify/require"
)

func TestToyConformance(t *testing.T) {
	cfg := gametest.Config{MaxPlies: 20, Options: []map[string]string{nil, {"pile": "1"}, {"pile": "20", "mode": "fancy"}}}
	gametest.Run(t, toy{}, cfg)
	gametest.Run(t, toy{simultaneous: true}, cfg)
}

func TestResolve(t *testing.T) {
	schema := []game.Option{
		{Key: "n", Kind: game.IntOption, Default: "6", Min: 6, Max: 12, Step: 2},
		{Key: "flag", Kind: game.BoolOption, Default: "false"},
		{Key: "setup", Kind: game.ChoiceOption, Default: "a", Choices: []string{"a", "b"}},
	}
	tests := []struct {
		name    string
		given   map[string]string
		want    game.Options
		wantErr string
	}{
		{"defaults", nil, game.Options{"n": "6", "flag": "false", "setup": "a"}, ""},
		{"all given", map[string]string{"n": " 10 ", "flag": "YES", "setup": "b"}, game.Options{"n": "10", "flag": "true", "setup": "b"}, ""},
		{"bool words", map[string]string{"flag": "off"}, game.Options{"n": "6", "flag": "false", "setup": "a"}, ""},
		{"below range", map[string]string{"n": "4"}, nil, "n must be from 6 to 12, got 4"},
		{"above range", map[string]string{"n": "14"}, nil, "n must be from 6 to 12, got 14"},
		{"off step", map[string]string{"n": "7"}, nil, "n must be one of 6, 8, 10, 12, got 7"},
		{"not a number", map[string]string{"n": "six"}, nil, "n must be a whole number"},
		{"bad bool", map[string]string{"flag": "maybe"}, nil, "flag must be true or false"},
		{"bad choice", map[string]string{"setup": "c"}, nil, "setup must be one of a, b"},
		{"unknown key", map[string]string{"size": "8"}, nil, `unknown option "size" (known: n, flag, setup)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := game.Resolve(schema, tc.given)
			if tc.wantErr != "" {
				require.ErrorIs(t, err, game.ErrBadOption)
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	opts, err := game.Resolve(schema, map[string]string{"n": "8", "flag": "1"})
	require.NoError(t, err)
	require.Equal(t, 8, opts.Int("n"))
	require.True(t, opts.Bool("flag"))
	require.Equal(t, "a", opts.String("setup"))
	require.Equal(t, "n=8 flag=true setup=a", opts.Format(schema))
	require.Equal(t, []string{"6", "8", "10", "12"}, schema[0].Values())
	require.Equal(t, []string{"a", "b"}, schema[2].Values())
	require.Nil(t, schema[1].Values())
}

func TestParseOptionArgs(t *testing.T) {
	got, err := game.ParseOptionArgs([]string{"houses=4", "empty_capture=true", "x="})
	require.NoError(t, err)
	require.Equal(t, map[string]string{"houses": "4", "empty_capture": "true", "x": ""}, got)
	for _, bad := range [][]string{{"houses"}, {"=4"}, {"a=1", "a=2"}} {
		_, err := game.ParseOptionArgs(bad)
		require.ErrorIs(t, err, game.ErrBadOption, "%v", bad)
	}
}

func TestMove(t *testing.T) {
	a, b, c := game.Cell{Row: 1, Col: 2}, game.Cell{Row: 3, Col: 4}, game.Cell{Row: 5, Col: 6}
	m := game.NewMove(a, b, c)
	require.Equal(t, []game.Cell{a, b, c}, m.Path())
	require.True(t, m.HasPrefix(nil))
	require.True(t, m.HasPrefix([]game.Cell{a, b}))
	require.False(t, m.HasPrefix([]game.Cell{b}))
	require.False(t, m.HasPrefix([]game.Cell{a, b, c, a}))
	require.True(t, m.SamePath([]game.Cell{a, b, c}))
	require.False(t, m.SamePath([]game.Cell{a, b}))
	require.Equal(t, "1,2", a.String())
	require.Equal(t, game.NewMove(a, b), game.NewMove(a, b), "moves compare by value")
	require.NotEqual(t, game.NewMove(a, b), game.NewMove(a, c))
	require.Panics(t, func() { game.NewMove(a, b, c, a) })
	require.Equal(t, game.Second, game.First.Other())
	require.False(t, game.NoPlayer.Valid())
}

func TestRegistry(t *testing.T) {
	g, err := game.Lookup("toy")
	require.NoError(t, err)
	require.Equal(t, "toy", g.ID())
	_, err = game.Lookup("chess")
	require.ErrorIs(t, err, game.ErrUnknownGame)
	require.ErrorContains(t, err, "toy")
	require.Panics(t, func() { game.Register(toy{}) })
	require.Contains(t, game.IDs(), "toysim")
	require.Len(t, game.All(), len(game.IDs()))
	require.Equal(t, g.Name(), game.NameOf("toy"))
	require.Equal(t, "chess", game.NameOf("chess"), "a game no longer registered keeps its id")
}

func TestDecode(t *testing.T) {
	s, err := toy{}.New(map[string]string{"pile": "7"})
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(s, "2", "1"))
	text := s.Encode()
	require.Equal(t, "toy pile=7 mode=plain | 4 2 2 1", text)
	back, err := game.Decode(text)
	require.NoError(t, err)
	require.Equal(t, text, back.Encode())

	bad := []struct {
		text string
		err  error
	}{
		{"", game.ErrBadPosition},
		{"toy pile=7", game.ErrBadPosition},
		{" | 4 2 2 1", game.ErrBadPosition},
		{"chess | x", game.ErrUnknownGame},
		{"toy pile=99 | 4 2 2 1", game.ErrBadOption},
		{"toy pile | 4 2 2 1", game.ErrBadOption},
		{"toy | four", game.ErrBadPosition},
	}
	for _, tc := range bad {
		_, err := game.Decode(tc.text)
		require.ErrorIs(t, err, tc.err, "%q", tc.text)
	}
}

func TestTurnsAndPerft(t *testing.T) {
	seq, err := toy{}.New(map[string]string{"pile": "4"})
	require.NoError(t, err)
	// Sequences of 1s and 2s: perft counts them, a finished game adding nothing.
	require.Equal(t, uint64(1), game.Perft(seq, 0))
	require.Equal(t, uint64(2), game.Perft(seq, 1))
	require.Equal(t, uint64(4), game.Perft(seq, 2))
	require.Equal(t, uint64(4), game.Perft(seq, 3)) // 111, 112, 121, 211
	require.Equal(t, uint64(1), game.Perft(seq, 4)) // only 1111 lasts four turns
	require.Equal(t, uint64(0), game.Perft(seq, 5))

	sim, err := toy{simultaneous: true}.New(map[string]string{"pile": "1"})
	require.NoError(t, err)
	require.Equal(t, uint64(4), game.Perft(sim, 1), "every pair of choices is one turn")
	moves, err := game.ParseTurn(sim, "1+2")
	require.NoError(t, err)
	require.Equal(t, "1+2", game.FormatTurn(sim, moves))
	require.ErrorIs(t, sim.Apply(game.NewMove(game.Cell{Col: 3}), game.NewMove(game.Cell{Col: 2})), game.ErrIllegalMove)
	require.ErrorIs(t, sim.Apply(moves[0]), game.ErrIllegalMove, "a simultaneous turn needs both choices")
	require.NoError(t, sim.Apply(moves...))
	require.Equal(t, game.Win(game.Second, "took more"), sim.Outcome())
	_, err = game.ParseTurn(sim, "1+1")
	require.ErrorIs(t, err, game.ErrGameOver)

	sim2, _ := toy{simultaneous: true}.New(nil)
	for _, bad := range []string{"1", "1+2+1", "x+1"} {
		_, err := game.ParseTurn(sim2, bad)
		require.ErrorIs(t, err, game.ErrBadNotation, "%q", bad)
	}
	require.ErrorContains(t, game.PlayTurns(sim2, "1+1", "3+1"), "turn 2 (3+1)")
}

func TestRandomBot(t *testing.T) {
	play := func(seed uint64) string {
		s, _ := toy{}.New(map[string]string{"pile": "20"})
		bot := game.NewRandomBot(seed)
		var log string
		for !s.Outcome().Over {
			m, err := bot.Choose(context.Background(), s, s.ToMove()[0])
			require.NoError(t, err)
			log += s.FormatMove(m)
			require.NoError(t, s.Apply(m))
		}
		return log
	}
	require.Equal(t, play(7), play(7), "the same seed plays the same game")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, _ := toy{}.New(nil)
	_, err := game.Beginner(toy{}, 1).Choose(ctx, s, game.First)
	require.ErrorIs(t, err, context.Canceled)
}
