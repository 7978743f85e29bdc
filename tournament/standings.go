package tournament

import (
	"cmp"
	"slices"
)

// SwissGame is a finished game of a Swiss round. With two games a round
// (both colours), each is a SwissGame of its own.
type SwissGame struct {
	White, Black string
	// WhitePoints is White's result in half points: 2 a win, 1 a draw,
	// 0 a loss; Black has the rest of 2.
	WhitePoints int
}

// SwissStanding is a player's line in a Swiss table, in half points.
type SwissStanding struct {
	ID     string
	Rating int
	Points int
	// Buchholz is the sum of the opponents' points.
	Buchholz int
	// SonnebornBerger2 is twice the Sonneborn–Berger score: the points of
	// the opponents beaten, and half those of the opponents drawn (twice,
	// to stay whole).
	SonnebornBerger2 int
}

// Players names a player and their rating, for ties that the tie-breaks
// leave.
type Players map[string]int

// SwissStandings ranks the players by points, then Buchholz, then
// Sonneborn–Berger, then rating. byes holds the half points each player
// got without a game (2 for the odd player's bye, 1 for a late joiner's):
// they count in the points, not in the opponents' tie-breaks.
func SwissStandings(players Players, games []SwissGame, byes map[string]int) []SwissStanding {
	points := map[string]int{}
	for id := range players {
		points[id] = byes[id]
	}
	for _, g := range games {
		points[g.White] += g.WhitePoints
		points[g.Black] += 2 - g.WhitePoints
	}
	table := map[string]*SwissStanding{}
	for id, rating := range players {
		table[id] = &SwissStanding{ID: id, Rating: rating, Points: points[id]}
	}
	credit := func(id, opp string, got int) {
		s := table[id]
		if s == nil {
			return
		}
		s.Buchholz += points[opp]
		s.SonnebornBerger2 += got * points[opp]
	}
	for _, g := range games {
		credit(g.White, g.Black, g.WhitePoints)
		credit(g.Black, g.White, 2-g.WhitePoints)
	}
	out := make([]SwissStanding, 0, len(table))
	for _, s := range table {
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b SwissStanding) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Buchholz, a.Buchholz),
			cmp.Compare(b.SonnebornBerger2, a.SonnebornBerger2), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.ID, b.ID))
	})
	return out
}
