// Package tournament holds the rules of Boardroom's events, without I/O:
// how an arena scores and pairs, and how a Swiss tournament pairs, gives
// byes and breaks ties (docs/rules.md, "Tournaments"). Who plays when, and
// where results are kept, is for the package that runs events.
package tournament

import (
	"cmp"
	"slices"

	"boardroom/tournament/matching"
)

// Outcome is a game's result for one player.
type Outcome int

// The outcomes, for the player whose sheet it is.
const (
	Loss Outcome = iota
	Draw
	Win
)

// ArenaGame is one finished game of an arena, for one player.
type ArenaGame struct {
	Outcome Outcome
	// Berserk: the player halved their time before their first move.
	Berserk bool
	// OwnMoves counts the moves the player made in the game.
	OwnMoves int
}

// BerserkMinMoves is how many of their own moves a berserked win must
// last to earn its extra point: a win by an opponent who left early earns
// none.
const BerserkMinMoves = 7

// ArenaSheet is a player's arena score: the points of each game in order,
// their sum, and whether the player is on a streak now.
type ArenaSheet struct {
	Points []int
	// Doubled says which games were played on a streak (their points
	// doubled).
	Doubled  []bool
	Total    int
	OnStreak bool
}

// ScoreArena scores a player's games in the order played. A win scores 2,
// a draw 1, a loss 0. Two wins in a row put the player on a streak, where
// a win scores 4 and a draw 2, until a game that is not a win. A berserked
// win of at least BerserkMinMoves own moves scores 1 more.
func ScoreArena(games []ArenaGame) ArenaSheet {
	var s ArenaSheet
	wins := 0 // wins in a row
	for _, g := range games {
		points := int(g.Outcome) // Win 2, Draw 1, Loss 0
		if s.OnStreak {
			points *= 2
		}
		if g.Outcome == Win && g.Berserk && g.OwnMoves >= BerserkMinMoves {
			points++
		}
		if g.Outcome == Win {
			wins++
		} else {
			wins = 0
		}
		s.Doubled = append(s.Doubled, s.OnStreak)
		s.OnStreak = wins >= 2
		s.Points = append(s.Points, points)
		s.Total += points
	}
	return s
}

// Waiting is an arena player free to be paired.
type Waiting struct {
	Player string
	// Rank is the player's place in the standings, 1 the top; players
	// with equal scores have their own ranks by rating.
	Rank int
	// Last is the opponent of the player's last game ("" for none).
	Last string
}

// Pair is two players to play a game; in a Swiss round, White is first.
type Pair [2]string

// arenaGroup bounds how many waiting players one matching takes: the
// algorithm is cubic, and a player is better paired a few ranks away
// than waited for. A larger crowd is cut by rank into groups of this size.
const arenaGroup = 100

// Weights of an arena pairing: near ranks are preferred, and a rematch of
// one's last game is made only when there is no other game to play.
const (
	arenaBase    = 1 << 40
	arenaRematch = 1 << 30
)

// PairArena pairs as many of the waiting players as can be, each with a
// near rank and, when possible, not their last opponent. With an odd
// number one player, the lowest placed where that costs least, waits for
// the next wave.
func PairArena(waiting []Waiting) []Pair {
	players := slices.Clone(waiting)
	slices.SortStableFunc(players, func(a, b Waiting) int { return cmp.Compare(a.Rank, b.Rank) })
	var pairs []Pair
	for start := 0; start < len(players); start += arenaGroup {
		group := players[start:min(start+arenaGroup, len(players))]
		if rest := len(players) - start - arenaGroup; rest > 0 && rest < arenaGroup/2 {
			// A small remainder joins this group rather than be paired
			// among few.
			group = players[start:]
			start = len(players)
		}
		pairs = append(pairs, pairArenaGroup(group)...)
	}
	return pairs
}

func pairArenaGroup(group []Waiting) []Pair {
	var edges []matching.Edge
	for i := range group {
		for j := i + 1; j < len(group); j++ {
			a, b := group[i], group[j]
			w := int64(arenaBase)
			d := int64(a.Rank - b.Rank)
			w -= d * d // a far pairing costs more than two near ones
			if a.Last == b.Player || b.Last == a.Player {
				w -= arenaRematch
			}
			edges = append(edges, matching.Edge{I: i, J: j, Weight: w})
		}
	}
	mates := matching.Max(len(group), edges, true)
	var pairs []Pair
	for i, j := range mates {
		if j > i {
			pairs = append(pairs, Pair{group[i].Player, group[j].Player})
		}
	}
	return pairs
}
