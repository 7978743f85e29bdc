package rating

import (
	"fmt"
	"math"
	"time"
)

// The site's rating policy: how one rated game, as it ends, moves its two
// players' ratings. The store reads the ratings before and writes what
// RateGame returns in the transaction that records the result, so that a
// game's result and its rating change are kept together or not at all; the
// decision itself is made here.

// Day is the rating period of inactivity: a rating's deviation grows as
// Glicko-2's does over one period for each day its player did not play
// (Inactive), so that a regular player's rating is provisional again after
// some three months away.
const Day = 24 * time.Hour

// Prior is a player's rating as a rated game ends.
type Prior struct {
	Rating
	// Found says the player had a rating in the game's game and speed;
	// without one they start from Parameters.New.
	Found bool
	// Played is when they last played a rated game in it.
	Played time.Time
}

// Change is how one rated game moved one player's rating: what the store
// keeps with the game (as JSON) and the pages show.
type Change struct {
	Before Rating `json:"before"`
	After  Rating `json:"after"`
}

// Delta is the points the game gave (negative: took), rounded as shown.
func (c Change) Delta() int {
	return int(math.Round(c.After.Rating)) - int(math.Round(c.Before.Rating))
}

// Signed is the change as people read it: "+12", "−8" (a minus sign),
// "±0".
func (c Change) Signed() string {
	switch d := c.Delta(); {
	case d > 0:
		return fmt.Sprintf("+%d", d)
	case d < 0:
		return fmt.Sprintf("−%d", -d)
	}
	return "±0"
}

// RateGame works out both players' new ratings from their prior ones and
// the winner (0, 1, or -1 for a draw), at now, each game one rating period
// (Game) after the days each player was away (Inactive). Each change's
// Before is the rating as the game is shown to have changed it from: the
// prior one, or the new player's default.
func RateGame(prior [2]Prior, winner int, now time.Time) [2]Change {
	p := Defaults()
	var start [2]Rating
	var c [2]Change
	for i, pr := range prior {
		if !pr.Found {
			start[i] = p.New()
			c[i].Before = start[i]
			continue
		}
		c[i].Before = pr.Rating
		start[i] = Inactive(pr.Rating, float64(now.Sub(pr.Played))/float64(Day), p)
	}
	score := Draw
	switch winner {
	case 0:
		score = Win
	case 1:
		score = Loss
	}
	c[0].After, c[1].After = Game(start[0], start[1], score, p)
	return c
}
