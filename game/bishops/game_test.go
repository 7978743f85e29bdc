package bishops

import (
	"testing"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestGameDescription(t *testing.T) {
	g := Game{}
	require.Equal(t, "bishops", g.ID())
	require.Equal(t, "Mad Bishops", g.Name())
	require.Equal(t, [2]string{"White", "Black"}, g.Seats())
	require.False(t, g.Simultaneous())
	opts := g.Options()
	require.Len(t, opts, 1)
	require.Equal(t, "setup", opts[0].Key)
	require.Equal(t, SetupClassic, opts[0].Default)
	require.Equal(t, []string{SetupClassic, SetupStripes}, opts[0].Values())
	require.NotEmpty(t, opts[0].Label)
	require.NotEmpty(t, opts[0].Help)

	for _, bad := range []map[string]string{{"setup": "Stripes"}, {"setup": ""}, {"size": "8"}} {
		_, err := New(bad)
		require.ErrorIs(t, err, game.ErrBadOption, "%v", bad)
	}
	s, err := g.New(map[string]string{"setup": " stripes "})
	require.NoError(t, err, "values are trimmed")
	require.Equal(t, "stripes", s.Options().String("setup"))
	require.Equal(t, "bishops", s.Game().ID())
}

func TestAccessors(t *testing.T) {
	s, err := New(nil)
	require.NoError(t, err)
	require.Equal(t, game.First, s.Turn())
	require.Equal(t, 0, s.Ply())
	require.Equal(t, game.NoPlayer, s.At(game.Cell{Row: 0, Col: 0}), "a light square")
	require.Equal(t, game.NoPlayer, s.At(game.Cell{Row: -1, Col: 4}), "off the board")
	require.Equal(t, game.NoPlayer, s.At(game.Cell{Row: 10, Col: 1}), "off the board")
	require.Equal(t, game.Second, s.At(game.Cell{Row: 0, Col: 1}), "b10 is Black")

	b := s.Board()
	c3, _ := SquareOf(game.Cell{Row: 7, Col: 2})
	b4, _ := SquareOf(game.Cell{Row: 6, Col: 1})
	d2, _ := SquareOf(game.Cell{Row: 8, Col: 3})
	to, kill := b.Targets(game.First, c3)
	require.True(t, kill, "c3 sees the Black pieces on b4 and d2")
	require.Equal(t, b4.Bit()|d2.Bit(), to)
	to, kill = b.Targets(game.Second, c3)
	require.Zero(t, to, "no Black piece on c3")
	require.False(t, kill)
	require.Equal(t, game.First, b.At(c3))
	a1, _ := SquareOf(game.Cell{Row: 9, Col: 0})
	to, _ = b.Targets(game.First, a1)
	require.Zero(t, to, "a1 is shut in by b2")
	require.Equal(t, 25, b.Count(game.First))
	require.Equal(t, 49, b.CountMoves(game.First))
	require.Len(t, b.Moves(game.First, nil), 49)
	killers, engagers, sight := b.Threats(game.First)
	require.Equal(t, b.Pieces[game.First], killers|engagers)
	require.Zero(t, killers&engagers)
	require.Equal(t, killers, sight&b.Pieces[game.First])
	require.Zero(t, b.Empty())

	// The clone is independent and Board() is a copy.
	c := s.Clone().(*State)
	require.NoError(t, c.Apply(c.Legal(game.First, nil)[0]))
	require.Equal(t, 0, s.Ply())
	require.Equal(t, 1, c.Ply())
	b.Pieces[0] = 0
	require.Equal(t, 25, s.Count(game.First))
}
