package tournament

import (
	"cmp"
	"errors"
	"slices"

	"boardroom/tournament/matching"
)

// Colour is the seat a Swiss player had in a round: White moves first.
type Colour int8

// The colours; NoColour is a round without a game (a bye, absent).
const (
	NoColour Colour = iota
	White
	Black
)

// SwissPlayer is a player before a Swiss round is paired.
type SwissPlayer struct {
	ID     string
	Rating int
	// Points is the score so far, in half points (a win 2, a draw 1).
	Points int
	// Colours are the colours of the rounds played, in order.
	Colours []Colour
	// Opponents are everyone the player has met.
	Opponents []string
	// HadBye: the player has had the odd player's full-point bye.
	HadBye bool
}

// balance is whites minus blacks.
func (p SwissPlayer) balance() int {
	b := 0
	for _, c := range p.Colours {
		switch c {
		case White:
			b++
		case Black:
			b--
		}
	}
	return b
}

// lastTwo is the colour of the player's last two games when they were
// the same (NoColour otherwise): a third in a row is not given.
func (p SwissPlayer) lastTwo() Colour {
	var played []Colour
	for _, c := range p.Colours {
		if c != NoColour {
			played = append(played, c)
		}
	}
	if n := len(played); n >= 2 && played[n-1] == played[n-2] {
		return played[n-1]
	}
	return NoColour
}

// due is the colour the player should have next: the one they had less,
// else the other of their last; and how strongly (2: must, 1: should, 0:
// no preference).
func (p SwissPlayer) due() (Colour, int) {
	switch same := p.lastTwo(); {
	case same == White:
		return Black, 2
	case same == Black:
		return White, 2
	}
	switch b := p.balance(); {
	case b > 1:
		return Black, 2
	case b < -1:
		return White, 2
	case b > 0:
		return Black, 1
	case b < 0:
		return White, 1
	}
	for i := len(p.Colours) - 1; i >= 0; i-- {
		switch p.Colours[i] {
		case White:
			return Black, 1
		case Black:
			return White, 1
		}
	}
	return NoColour, 0
}

// SwissRound is a round's pairings: each Pair is White then Black.
type SwissRound struct {
	Pairs []Pair
	// Bye is the player who sits out with a full point ("" for none).
	Bye string
}

// ErrNoPairing means the players left cannot all be paired without
// meeting someone again: the tournament has run out of rounds.
var ErrNoPairing = errors.New("tournament: no pairing left without a repeat")

// Weights of a Swiss pairing, most important first: everyone is paired
// (maximum cardinality), no pair repeats (no edge), nobody gets a colour a
// third time running or a balance past two (as FIDE's absolute colour
// rule), players meet within their score group (the square of the score
// gap), colours are given as due, and inside a score group the top half
// meets the bottom half.
const (
	swissBase     = 1 << 56
	swissAbsolute = 1 << 48
	swissScore    = 1 << 30
	swissColour   = 1 << 20
)

// PairSwiss pairs a round. With an odd number of players the lowest
// ranked who has not had a bye sits out with a full point. The rest are
// paired by maximum-weight matching: never a repeat, within score groups
// where possible, top half against bottom half inside a group, and
// colours that keep every player within one of even and never three the
// same in a row where the pairing allows.
func PairSwiss(players []SwissPlayer) (SwissRound, error) {
	ranked := slices.Clone(players)
	slices.SortStableFunc(ranked, func(a, b SwissPlayer) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
	})
	var round SwissRound
	if len(ranked)%2 == 1 {
		bye := len(ranked) - 1
		for bye >= 0 && ranked[bye].HadBye {
			bye--
		}
		if bye < 0 {
			bye = len(ranked) - 1 // all have had one: the last again
		}
		round.Bye = ranked[bye].ID
		ranked = slices.Delete(ranked, bye, bye+1)
	}
	// Each player's place inside their score group, for top half against
	// bottom half.
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
	var edges []matching.Edge
	for i := range ranked {
		met := map[string]bool{}
		for _, o := range ranked[i].Opponents {
			met[o] = true
		}
		for j := i + 1; j < len(ranked); j++ {
			if met[ranked[j].ID] {
				continue // never a repeat
			}
			edges = append(edges, matching.Edge{I: i, J: j, Weight: swissWeight(ranked, place, size, i, j)})
		}
	}
	mates := matching.Max(len(ranked), edges, true)
	for i, j := range mates {
		if j == -1 {
			return SwissRound{}, ErrNoPairing
		}
		if j > i {
			round.Pairs = append(round.Pairs, colours(ranked[i], ranked[j]))
		}
	}
	return round, nil
}

func swissWeight(ranked []SwissPlayer, place, size []int, i, j int) int64 {
	a, b := ranked[i], ranked[j]
	w := int64(swissBase)
	gap := int64(a.Points - b.Points)
	w -= gap * gap * swissScore
	ca, sa := a.due()
	cb, sb := b.due()
	if ca != NoColour && ca == cb {
		// One of them gets the colour they are not due.
		if sa == 2 && sb == 2 {
			w -= swissAbsolute
		}
		w -= int64(min(sa, sb)+1) * swissColour
	}
	if a.Points == b.Points {
		// In a group of n, place k should meet place k + n/2.
		want := place[i] + size[i]/2
		d := int64(place[j] - want)
		w -= d * d
	}
	return w
}

// colours seats a pair: the player more strongly due White gets it; on
// equal claims the higher ranked (a, who comes first) gets their due
// colour, and with no claims at all, White.
func colours(a, b SwissPlayer) Pair {
	ca, sa := a.due()
	cb, sb := b.due()
	aWhite := true
	switch {
	case sa > sb:
		aWhite = ca == White
	case sb > sa:
		aWhite = cb == Black
	case ca != NoColour:
		aWhite = ca == White
	}
	if aWhite {
		return Pair{a.ID, b.ID}
	}
	return Pair{b.ID, a.ID}
}
