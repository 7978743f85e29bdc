package pairing

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	_ "boardroom/game/all"
	"boardroom/realtime/vocab"
)

var t0 = time.UnixMilli(1_800_000_000_000)

func guest(id string, waited time.Duration) Seeker {
	return Seeker{ID: id, Player: "g" + id, Since: t0.Add(-waited), Ready: t0.Add(-waited)}
}

func player(id string, r float64, waited time.Duration) Seeker {
	s := guest(id, waited)
	s.Player, s.Account, s.Rating = "@"+id, id, r
	return s
}

func ids(pairs []Pair) [][2]string {
	var out [][2]string
	for _, p := range pairs {
		out = append(out, [2]string{p.A.ID, p.B.ID})
	}
	return out
}

func TestParsePool(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Pool
		ok   bool
	}{
		{"kalah/fast", Pool{"kalah", vocab.FastClock}, true},
		{"amazons/bullet", Pool{"amazons", vocab.BulletClock}, true},
		{"kalah/none", Pool{}, false},
		{"chess/fast", Pool{}, false},
		{"kalah", Pool{}, false},
		{"", Pool{}, false},
	} {
		p, err := ParsePool(tc.name)
		if !tc.ok {
			require.ErrorIs(t, err, ErrBadPool, tc.name)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tc.want, p)
		require.Equal(t, tc.name, p.String())
	}
}

func TestMatch(t *testing.T) {
	bot := player("bot", 1500, time.Second)
	bot.Bot = true
	fan := player("fan", 1500, 2*time.Second)
	fan.WantsBots = true
	late := guest("late", time.Second)
	late.Ready = t0.Add(time.Second) // aborts in a row
	for _, tc := range []struct {
		name    string
		seekers []Seeker
		want    [][2]string
	}{
		{"nobody", nil, nil},
		{"alone", []Seeker{guest("a", 0)}, nil},
		{"two guests", []Seeker{guest("a", time.Second), guest("b", 0)}, [][2]string{{"a", "b"}}},
		{"a guest and a player never", []Seeker{guest("a", time.Minute), player("b", 1500, time.Minute)}, nil},
		{"one player twice never", []Seeker{player("a", 1500, 0), {ID: "a2", Player: "@a", Account: "a", Rating: 1500, Since: t0, Ready: t0}}, nil},
		{"near in rating", []Seeker{player("a", 1500, 0), player("b", 1590, 0)}, [][2]string{{"a", "b"}}},
		{"too far, just come", []Seeker{player("a", 1500, 0), player("b", 1700, 0)}, nil},
		{"the range grows with the wait", []Seeker{player("a", 1500, 4*time.Second), player("b", 1700, 0)}, [][2]string{{"a", "b"}}},
		{"anyone after the range opens", []Seeker{player("a", 1500, RangeOpen), player("b", 2400, 0)}, [][2]string{{"a", "b"}}},
		{"the longest wait first, with the nearest", []Seeker{player("c", 1560, 0), player("a", 1500, 3*time.Second), player("b", 1590, time.Second)},
			[][2]string{{"a", "c"}}},
		{"a bot only for who wants one", []Seeker{bot, player("p", 1500, 0)}, nil},
		{"a bot for a fan", []Seeker{bot, fan}, [][2]string{{"fan", "bot"}}},
		{"two bots", []Seeker{bot, func() Seeker { b := player("bot2", 1500, 0); b.Bot = true; return b }()}, [][2]string{{"bot", "bot2"}}},
		{"not before ready", []Seeker{late, guest("b", 0)}, nil},
		{"four guests, two pairs", []Seeker{guest("a", 4), guest("b", 3), guest("c", 2), guest("d", 1)}, [][2]string{{"a", "b"}, {"c", "d"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ids(Match(tc.seekers, t0)))
		})
	}
}

func TestRangeAndAbortWait(t *testing.T) {
	require.Equal(t, RangeStart, Range(0))
	require.Equal(t, RangeStart+10*RangeGrowth, Range(10*time.Second))
	require.True(t, Range(RangeOpen) > 1e9)
	for aborts, want := range []time.Duration{0, 0, 10 * time.Second, 20 * time.Second, 30 * time.Second} {
		require.Equal(t, want, AbortWait(aborts), "%d aborts", aborts)
	}
	require.Equal(t, AbortMax, AbortWait(100))
}

// TestMatchPairsEachOnceAndLeavesNoPairable: whatever waits, nobody is in
// two pairs, every pair is compatible, and nobody left could be paired
// with anyone else left.
func TestMatchPairsEachOnceAndLeavesNoPairable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 500 {
		var seekers []Seeker
		for i := range rng.IntN(30) {
			id := strconv.Itoa(i)
			waited := time.Duration(rng.IntN(40_000)) * time.Millisecond
			s := guest(id, waited)
			if rng.IntN(3) > 0 {
				s = player(id, 1000+float64(rng.IntN(1200)), waited)
				s.Bot, s.WantsBots = rng.IntN(5) == 0, rng.IntN(2) == 0
			}
			if rng.IntN(8) == 0 {
				s.Player = "@shared" // the same player twice
			}
			seekers = append(seekers, s)
		}
		pairs := Match(seekers, t0)
		seen := map[string]bool{}
		for _, p := range pairs {
			require.True(t, compatible(p.A, p.B, t0), "round %d", round)
			for _, s := range []Seeker{p.A, p.B} {
				require.False(t, seen[s.ID], "round %d: %s paired twice", round, s.ID)
				seen[s.ID] = true
			}
		}
		var left []Seeker
		for _, s := range seekers {
			if !seen[s.ID] {
				left = append(left, s)
			}
		}
		for i, a := range left {
			for _, b := range left[i+1:] {
				require.False(t, compatible(a, b, t0), "round %d: %s and %s left waiting", round, a.ID, b.ID)
			}
		}
	}
}

// House bots take the seekers who accept a bot and found nobody in
// HouseAfter, nearest in rating within their range, while the server has
// slots for house games.
func TestHouse(t *testing.T) {
	houseBot := func(id string, r float64) Seeker {
		s := player(id, r, 0)
		s.Bot = true
		return s
	}
	house := []Seeker{houseBot("beginner", 1100), houseBot("medium", 1500), houseBot("difficult", 1900)}
	bot := func(id string, r float64, waited time.Duration) Seeker {
		s := player(id, r, waited)
		s.Bot = true
		return s
	}
	wants := func(s Seeker) Seeker { s.WantsBots = true; return s }
	long := HouseAfter + time.Second
	tests := []struct {
		name    string
		seekers []Seeker
		pairs   []Pair
		slots   int
		want    [][2]string
	}{
		{"a bot alone long enough", []Seeker{bot("b", 1520, long)}, nil, 4, [][2]string{{"b", "medium"}}},
		{"nearest in rating", []Seeker{bot("b", 1800, long)}, nil, 4, [][2]string{{"b", "difficult"}}},
		{"not before HouseAfter", []Seeker{bot("b", 1500, HouseAfter-time.Second)}, nil, 4, nil},
		{"a person who wants bots", []Seeker{wants(player("p", 1150, long))}, nil, 4, [][2]string{{"p", "beginner"}}},
		{"a person who does not", []Seeker{player("p", 1500, time.Minute)}, nil, 4, nil},
		{"a guest never", []Seeker{func() Seeker { s := guest("g", time.Minute); s.WantsBots = true; return s }()}, nil, 4, nil},
		{"out of range until it widens", []Seeker{bot("b", 2500, long)}, nil, 4, nil},
		{"anyone once the range is open", []Seeker{bot("b", 2500, RangeOpen)}, nil, 4, [][2]string{{"b", "difficult"}}},
		{"not a seeker paired already", []Seeker{bot("a", 1500, long), bot("b", 1500, long)},
			[]Pair{{A: bot("a", 1500, long), B: bot("b", 1500, long)}}, 4, nil},
		{"longest waiting first while slots last",
			[]Seeker{bot("new", 1500, long), bot("old", 1500, 2*long), bot("older", 1500, 3*long)}, nil, 2,
			[][2]string{{"older", "medium"}, {"old", "medium"}}},
		{"no slots", []Seeker{bot("b", 1500, long)}, nil, 0, nil},
		{"not ready yet (a habit of aborting)", []Seeker{func() Seeker { s := bot("b", 1500, long); s.Ready = t0.Add(time.Second); return s }()}, nil, 4, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := House(tc.seekers, tc.pairs, house, t0, tc.slots)
			require.Equal(t, tc.want, ids(got))
			for _, p := range got {
				require.True(t, p.Rated(), "a bot's game against a house bot is rated")
			}
		})
	}
	require.Empty(t, House([]Seeker{bot("b", 1500, long)}, nil, nil, t0, 4), "no house bots")
}

// Seekers kept apart (a bot and its owner, two accounts of one browser)
// are not paired with each other, whichever of them names the other; each
// is paired with someone else, and the pool goes on.
func TestApartArePassedOver(t *testing.T) {
	apart := func(s Seeker, others ...string) Seeker { s.Apart = others; return s }
	for _, tc := range []struct {
		name    string
		seekers []Seeker
		want    [][2]string
	}{
		{"strangers meet", []Seeker{player("ann", 1500, 3*time.Second), player("bea", 1500, 2*time.Second)},
			[][2]string{{"ann", "bea"}}},
		{"apart, as named by the first", []Seeker{apart(player("ann", 1500, 3*time.Second), "BEA"), player("bea", 1500, 2*time.Second)}, nil},
		{"apart, as named by the second", []Seeker{player("ann", 1500, 3*time.Second), apart(player("bea", 1500, 2*time.Second), "ann")}, nil},
		{"each meets another", []Seeker{
			apart(player("ann", 1500, 4*time.Second), "bea"), apart(player("bea", 1500, 3*time.Second), "ann"),
			player("cat", 1600, 2*time.Second), player("dan", 1400, time.Second)},
			[][2]string{{"ann", "cat"}, {"bea", "dan"}}},
		{"the nearest in rating passed over for the next", []Seeker{
			apart(player("ann", 1500, 3*time.Second), "bea"), player("bea", 1500, 2*time.Second), player("cat", 1550, time.Second)},
			[][2]string{{"ann", "cat"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ids(Match(tc.seekers, t0)))
		})
	}
}
