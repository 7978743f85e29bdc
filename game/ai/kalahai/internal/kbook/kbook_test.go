package kbook

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/game/kalah"
)

// reached plays the moves from the start of 6×4 (or the options' board).
func reached(t *testing.T, opts map[string]string, moves ...string) *kalah.State {
	t.Helper()
	s, err := kalah.New(opts)
	require.NoError(t, err)
	require.NoError(t, game.PlayTurns(s, moves...))
	return s
}

// A written book reads back: every entry is found under its position's
// key, with its keep mask and value; other positions are not found; the
// margin is the first seat's whoever moves.
func TestWriteParseLookup(t *testing.T) {
	lines := [][]string{{}, {"1"}, {"3"}, {"3", "1"}, {"6", "4"}, {"5", "1"}, {"2", "4", "4", "5"}}
	w := &Writer{Depth: 4}
	for i, l := range lines {
		k, ok := KeyOf(reached(t, nil, l...))
		require.True(t, ok)
		w.Add(k, Entry{Keep: uint16(1 << (i % 6)), Value: i - 3})
		w.Add(k, Entry{Keep: 0, Value: 99}) // the first entry stays
		require.True(t, w.Has(k))
	}
	data := w.Bytes()
	require.Len(t, data, header+len(lines)*entrySize)
	b, err := Parse(data)
	require.NoError(t, err)
	require.Equal(t, 4, b.Depth)
	require.Equal(t, len(lines), b.Len())
	for i, l := range lines {
		s := reached(t, nil, l...)
		e, ok := b.Find(s)
		require.True(t, ok, "%v", l)
		require.Equal(t, uint16(1<<(i%6)), e.Keep)
		require.Equal(t, i-3, e.Value)
		require.True(t, e.Keeps(i%6+1))
		require.False(t, e.Keeps(0))
		me := s.Turn()
		rel := s.Store(me) - s.Store(me.Other()) + e.Value
		if me == game.First {
			require.Equal(t, rel, e.Margin(s))
		} else {
			require.Equal(t, -rel, e.Margin(s))
		}
	}
	_, ok := b.Find(reached(t, nil, "1", "1"))
	require.False(t, ok)

	// Each gives the entries back, so that a builder can resume.
	again := &Writer{Depth: b.Depth}
	b.Each(again.Add)
	require.Equal(t, data, again.Bytes())
}

// Keys tell positions apart exactly: the houses seen from the mover, the
// stores left out; other boards have none.
func TestKeyOf(t *testing.T) {
	seen := map[Key]string{}
	s := reached(t, nil)
	r := game.NewRandomBot(1)
	for range 200 {
		if s.Outcome().Over {
			s = reached(t, nil)
		}
		k, ok := KeyOf(s)
		require.True(t, ok)
		me := s.Turn()
		var houses []int
		for h := 1; h <= Houses; h++ {
			houses = append(houses, s.Seeds(me, h))
		}
		for h := 1; h <= Houses; h++ {
			houses = append(houses, s.Seeds(me.Other(), h))
		}
		id := ""
		for _, v := range houses {
			id += string(rune('A' + v))
		}
		if prev, ok := seen[k]; ok {
			require.Equal(t, prev, id, "two positions, one key")
		}
		seen[k] = id
		m, err := r.Choose(context.Background(), s, me)
		require.NoError(t, err)
		require.NoError(t, s.Apply(m))
	}
	for _, opts := range []map[string]string{
		{kalah.OptHouses: "5"}, {kalah.OptSeeds: "3"}, {kalah.OptEmptyCapture: "true"},
	} {
		_, ok := KeyOf(reached(t, opts))
		require.False(t, ok, "%v", opts)
	}
}

// Damaged books are refused.
func TestParseRefuses(t *testing.T) {
	w := &Writer{Depth: 1}
	for _, l := range [][]string{{}, {"1"}} {
		k, _ := KeyOf(reached(t, nil, l...))
		w.Add(k, Entry{Keep: 1})
	}
	good := w.Bytes()
	swapped := append([]byte{}, good...)
	copy(swapped[header:], good[header+entrySize:])
	copy(swapped[header+entrySize:], good[header:header+entrySize])
	for name, data := range map[string][]byte{
		"empty":        nil,
		"magic":        append([]byte("XXXX"), good[4:]...),
		"board":        append(append([]byte{}, good[:4]...), append([]byte{5}, good[5:]...)...),
		"truncated":    good[:len(good)-1],
		"out of order": swapped,
	} {
		_, err := Parse(data)
		require.Error(t, err, name)
	}
	_, err := Parse(good)
	require.NoError(t, err)
}
