package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPairSwissRules(t *testing.T) {
	p := func(id string, rating, points int, colours string, opponents ...string) SwissPlayer {
		var cs []Colour
		for _, c := range colours {
			cs = append(cs, map[rune]Colour{'W': White, 'B': Black, '-': NoColour}[c])
		}
		return SwissPlayer{ID: id, Rating: rating, Points: points, Colours: cs, Opponents: opponents}
	}
	for _, tc := range []struct {
		name    string
		players []SwissPlayer
		want    []Pair
		bye     string
		err     error
	}{
		{"round one: top half against bottom half, the higher rated White",
			[]SwissPlayer{p("a", 2000, 0, ""), p("b", 1900, 0, ""), p("c", 1800, 0, ""), p("d", 1700, 0, "")},
			[]Pair{{"a", "c"}, {"b", "d"}}, "", nil},
		{"within score groups",
			[]SwissPlayer{p("a", 2000, 2, "W", "c"), p("b", 1900, 2, "W", "d"), p("c", 1800, 0, "B", "a"), p("d", 1700, 0, "B", "b")},
			[]Pair{{"b", "a"}, {"c", "d"}}, "", nil},
		{"never a repeat",
			[]SwissPlayer{p("a", 2000, 2, "W", "b"), p("b", 1900, 2, "B", "a"), p("c", 1800, 2, "W", "d"), p("d", 1700, 2, "B", "c")},
			nil, "", nil},
		{"the odd player's bye goes to the lowest ranked without one",
			[]SwissPlayer{p("a", 2000, 2, "W"), p("b", 1900, 0, "B"), {ID: "c", Rating: 1800, HadBye: true, Colours: []Colour{NoColour}}},
			[]Pair{{"c", "a"}}, "b", nil},
		{"two players who met have no round left",
			[]SwissPlayer{p("a", 2000, 2, "W", "b"), p("b", 1900, 0, "B", "a")},
			nil, "", ErrNoPairing},
		{"no third White in a row",
			[]SwissPlayer{p("a", 2000, 2, "WW", "x", "y"), p("b", 1900, 2, "BW", "x2", "y2")},
			[]Pair{{"b", "a"}}, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			round, err := PairSwiss(tc.players)
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.bye, round.Bye)
			if tc.want != nil {
				assert.ElementsMatch(t, tc.want, round.Pairs)
			}
			met := map[[2]string]bool{}
			for _, pl := range tc.players {
				for _, o := range pl.Opponents {
					met[[2]string{pl.ID, o}] = true
				}
			}
			for _, pair := range round.Pairs {
				assert.False(t, met[pair] || met[[2]string{pair[1], pair[0]}], "%v met before", pair)
			}
		})
	}
}

// swissTotal is the weight of a round's pairs, as PairSwiss weighs them.
func swissTotal(players []SwissPlayer, bye string, pairs []Pair) int64 {
	ranked := slices.Clone(players)
	slices.SortStableFunc(ranked, func(a, b SwissPlayer) int {
		if a.Points != b.Points {
			return b.Points - a.Points
		}
		if a.Rating != b.Rating {
			return b.Rating - a.Rating
		}
		if a.ID < b.ID {
			return -1
		}
		return 1
	})
	ranked = slices.DeleteFunc(ranked, func(p SwissPlayer) bool { return p.ID == bye })
	index := map[string]int{}
	for i, p := range ranked {
		index[p.ID] = i
	}
	place, size := make([]int, len(ranked)), make([]int, len(ranked))
	for i := 0; i < len(ranked); {
		j := i
		for j < len(ranked) && ranked[j].Points == ranked[i].Points {
			j++
		}
		for k := i; k < j; k++ {
			place[k], size[k] = k-i, j-i
		}
		i = j
	}
	var total int64
	for _, p := range pairs {
		i, j := index[p[0]], index[p[1]]
		total += swissWeight(ranked, place, size, min(i, j), max(i, j))
	}
	return total
}

// bestSwiss is the brute force: the heaviest perfect pairing without a
// repeat of the players left after the bye, and whether there is one.
func bestSwiss(players []SwissPlayer, bye string) (int64, bool) {
	var left []SwissPlayer
	for _, p := range players {
		if p.ID != bye {
			left = append(left, p)
		}
	}
	best, found := int64(0), false
	used := make([]bool, len(left))
	var pairs []Pair
	var try func(i int)
	try = func(i int) {
		for i < len(left) && used[i] {
			i++
		}
		if i == len(left) {
			if w := swissTotal(players, bye, pairs); !found || w > best {
				best, found = w, true
			}
			return
		}
		used[i] = true
		for j := i + 1; j < len(left); j++ {
			if !used[j] && !slices.Contains(left[i].Opponents, left[j].ID) {
				used[j] = true
				pairs = append(pairs, Pair{left[i].ID, left[j].ID})
				try(i + 1)
				pairs = pairs[:len(pairs)-1]
				used[j] = false
			}
		}
		used[i] = false
	}
	try(0)
	return best, found
}

// absoluteFree reports whether the players left after the bye can be
// paired without a repeat and with no pair both bound to the same colour
// (a third in a row, or a balance past two).
func absoluteFree(players []SwissPlayer, bye string) bool {
	var left []SwissPlayer
	for _, p := range players {
		if p.ID != bye {
			left = append(left, p)
		}
	}
	used := make([]bool, len(left))
	var try func(i int) bool
	try = func(i int) bool {
		for i < len(left) && used[i] {
			i++
		}
		if i == len(left) {
			return true
		}
		used[i] = true
		defer func() { used[i] = false }()
		ci, si := left[i].due()
		for j := i + 1; j < len(left); j++ {
			cj, sj := left[j].due()
			if used[j] || slices.Contains(left[i].Opponents, left[j].ID) || si == 2 && sj == 2 && ci == cj {
				continue
			}
			used[j] = true
			ok := try(i + 1)
			used[j] = false
			if ok {
				return true
			}
		}
		return false
	}
	return try(0)
}

// Tournaments of 2 to 10 players played out with random results: every
// round's pairing is as good as the brute force's by the same weights, no
// pair ever repeats, a bye goes to nobody twice while others have had
// none, and no one gets a colour a third time running unless every
// pairing left without a repeat forces it.
func TestSwissTournamentsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 150 {
		n := 2 + rng.IntN(9)
		players := make([]SwissPlayer, n)
		for i := range players {
			players[i] = SwissPlayer{ID: fmt.Sprint("p", i), Rating: 1500 + rng.IntN(400)}
		}
		byes := map[string]int{}
		for round := 1; round <= 6; round++ {
			r, err := PairSwiss(players)
			if err != nil {
				_, possible := bestSwiss(players, r.Bye)
				require.False(t, possible && r.Bye != "", "trial %d round %d: a pairing existed", trial, round)
				break
			}
			want, ok := bestSwiss(players, r.Bye)
			require.True(t, ok)
			require.Equal(t, want, swissTotal(players, r.Bye, r.Pairs), "trial %d round %d", trial, round)
			byID := map[string]*SwissPlayer{}
			for i := range players {
				byID[players[i].ID] = &players[i]
			}
			if r.Bye != "" {
				byes[r.Bye]++
				b := byID[r.Bye]
				b.HadBye, b.Points = true, b.Points+2
				b.Colours = append(b.Colours, NoColour)
				require.LessOrEqual(t, byes[r.Bye], (round+n-1)/n, "trial %d: byes spread", trial)
			}
			free := absoluteFree(players, r.Bye)
			for _, pair := range r.Pairs {
				w, b := byID[pair[0]], byID[pair[1]]
				require.NotContains(t, w.Opponents, b.ID, "trial %d round %d: a repeat", trial, round)
				w.Opponents, b.Opponents = append(w.Opponents, b.ID), append(b.Opponents, w.ID)
				w.Colours, b.Colours = append(w.Colours, White), append(b.Colours, Black)
				result := rng.IntN(3)
				w.Points += result
				b.Points += 2 - result
			}
			for _, p := range players {
				if free {
					assert.Equal(t, NoColour, threeInARow(p.Colours), "trial %d round %d: %s", trial, round, p.ID)
				}
			}
		}
	}
}

// threeInARow is the colour of a player's last three games when it is
// the same (NoColour otherwise).
func threeInARow(cs []Colour) Colour {
	var played []Colour
	for _, c := range cs {
		if c != NoColour {
			played = append(played, c)
		}
	}
	if n := len(played); n >= 3 && played[n-1] == played[n-2] && played[n-1] == played[n-3] {
		return played[n-1]
	}
	return NoColour
}

func TestSwissStandings(t *testing.T) {
	// a beat b and drew c; b beat c; c had a bye. Points (half): a 3, b 2, c 1+2.
	games := []SwissGame{{"a", "b", 2}, {"c", "a", 1}, {"b", "c", 2}}
	table := SwissStandings(Players{"a": 1500, "b": 1600, "c": 1700}, games, map[string]int{"c": 2})
	require.Len(t, table, 3)
	byID := map[string]SwissStanding{}
	for _, s := range table {
		byID[s.ID] = s
	}
	assert.Equal(t, SwissStanding{ID: "a", Rating: 1500, Points: 3, Buchholz: 2 + 3, SonnebornBerger2: 2*2 + 1*3}, byID["a"])
	assert.Equal(t, SwissStanding{ID: "b", Rating: 1600, Points: 2, Buchholz: 3 + 3, SonnebornBerger2: 2 * 3}, byID["b"])
	assert.Equal(t, SwissStanding{ID: "c", Rating: 1700, Points: 3, Buchholz: 3 + 2, SonnebornBerger2: 1 * 3}, byID["c"])
	// a and c have 3 points and Buchholz 5: Sonneborn–Berger puts a first.
	assert.Equal(t, []string{"a", "c", "b"}, []string{table[0].ID, table[1].ID, table[2].ID})
}
