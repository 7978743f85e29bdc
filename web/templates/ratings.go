package templates

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Ratings as pages show them: a player's ratings and the chart of their
// history (drawn here, on the server, as SVG: the page has no chart
// library), and the leaderboards.

// RatingRow is one of a player's ratings: a game at a speed (the clock).
type RatingRow struct {
	Game, GameName   string
	Speed, SpeedName string
	// Rating is as people read it ("1500?" while provisional).
	Rating      string
	Provisional bool
	Deviation   int
	Games       int
	Played      string
}

// Leaderboard is the best players of one game at one speed: Rows those
// whose rating is established, ranked, then Provisional, the others.
type Leaderboard struct {
	Game, GameName   string
	Speed, SpeedName string
	Rows             []LeaderRow
	Provisional      []LeaderRow
}

// All is every player of the board, established and provisional: the
// rows a caller marks (online, bot).
func (b *Leaderboard) All() []*LeaderRow {
	out := make([]*LeaderRow, 0, len(b.Rows)+len(b.Provisional))
	for i := range b.Rows {
		out = append(out, &b.Rows[i])
	}
	for i := range b.Provisional {
		out = append(out, &b.Provisional[i])
	}
	return out
}

// LeaderRow is one player of a leaderboard.
type LeaderRow struct {
	// Rank is the place among established ratings (0: provisional).
	Rank int
	// Rating is as people read it ("1500?" while provisional).
	Name, Rating string
	Provisional  bool
	Games        int
	// Online says the player has a page open on the site now.
	Online bool
	// Bot marks a bot's account; House is a house bot's level.
	Bot   bool
	House string
}

// PlayersView is the players' page: a search by name, who is online now,
// and the leaderboards.
type PlayersView struct {
	// Query is the name searched for; Searched says there was one, Found
	// lists the players whose names hold it (MoreFound: there may be more).
	Query     string
	Searched  bool
	Found     []LeaderRow
	MoreFound bool
	// Online lists the players with a page open now (MoreOnline: and
	// more).
	Online     []LeaderRow
	MoreOnline bool
	Games      []LeaderboardGame
	// Days and Size are the leaderboards' bounds.
	Days, Size int
}

// LeaderboardGame is a game's leaderboards, one per speed.
type LeaderboardGame struct {
	Game, GameName string
	Boards         []Leaderboard
}

// ChartPoint is a player's rating in one series (a game and speed) after
// one rated game.
type ChartPoint struct {
	Series string // "Kalah · Fast"
	Rating float64
	At     time.Time
}

// RatingChart is the drawing of a player's rating history: a line per
// series, on a rating scale with a gridline every step.
//
// The x axis counts rated games, not time: a rating moves only when a game
// ends, so the time between games carries nothing to read, and drawn over
// time a morning's fourteen games after a month away took 5% of the width.
// Each series' line starts from the rating it had before its first game
// drawn (a newcomer's, when the whole history is drawn), so that even one
// game draws a line, not a lone dot.
type RatingChart struct {
	Width, Height int
	// Summary says in words what the chart shows (the SVG's description).
	Summary string
	Lines   []ChartLine
	Ticks   []ChartTick
	// From and To label the x axis's ends ("Start", "Game 14").
	From, To string
	// Left, Right, Top and Bottom bound the plot inside the drawing.
	Left, Right, Top, Bottom float64
}

// ChartLine is one series: its points as an SVG polyline's, and its last
// point, marked and labelled with its value.
type ChartLine struct {
	Label  string
	Class  string // its colour and dashes (series-N)
	Points string
	LastX  string
	LastY  string
	Last   string // the last rating, rounded
}

// ChartTick is a gridline of the rating scale.
type ChartTick struct {
	Y     string
	Label string
}

// chartSeriesStyles is how many series look different (app.css's
// .series-0 … ); more repeat them.
const chartSeriesStyles = 6

// NewRatingChart draws points (oldest first); nil when there are none.
// complete says they are the player's whole history, so that each series
// starts from a newcomer's rating (start); else from its first point.
func NewRatingChart(points []ChartPoint, complete bool, start float64) *RatingChart {
	if len(points) == 0 {
		return nil
	}
	c := &RatingChart{Width: 480, Height: 220, Left: 44, Right: 470, Top: 10, Bottom: 192}
	type at struct {
		game   int // 0: before the first game drawn
		rating float64
	}
	var order []string
	series := map[string][]at{}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, p := range points {
		if _, ok := series[p.Series]; !ok {
			order = append(order, p.Series)
			if complete {
				series[p.Series] = []at{{i, start}}
				lo, hi = math.Min(lo, start), math.Max(hi, start)
			}
		}
		series[p.Series] = append(series[p.Series], at{i + 1, p.Rating})
		lo, hi = math.Min(lo, p.Rating), math.Max(hi, p.Rating)
	}
	step := 50.0
	if hi-lo > 400 {
		step = 100
	}
	lo, hi = math.Floor((lo-step/2)/step)*step, math.Ceil((hi+step/2)/step)*step
	y := func(r float64) float64 { return c.Bottom - (r-lo)/(hi-lo)*(c.Bottom-c.Top) }
	first := 1 // the leftmost game: 0, the start, when there is one
	if complete {
		first = 0
	}
	x := func(game int) float64 {
		if len(points) == first {
			return (c.Left + c.Right) / 2
		}
		return c.Left + float64(game-first)/float64(len(points)-first)*(c.Right-c.Left)
	}
	for r := lo; r <= hi; r += step {
		c.Ticks = append(c.Ticks, ChartTick{Y: num(y(r)), Label: strconv.Itoa(int(r))})
	}
	var words []string
	for i, name := range order {
		ps := series[name]
		var pts []string
		for _, p := range ps {
			pts = append(pts, num(x(p.game))+","+num(y(p.rating)))
		}
		end := ps[len(ps)-1]
		games := len(ps)
		if complete {
			games-- // the start is no game
		}
		l := ChartLine{Label: name, Class: fmt.Sprintf("series-%d", i%chartSeriesStyles), Points: strings.Join(pts, " "),
			LastX: num(x(end.game)), LastY: num(y(end.rating)), Last: strconv.Itoa(int(math.Round(end.rating)))}
		c.Lines = append(c.Lines, l)
		words = append(words, fmt.Sprintf("%s: %s after %d rated %s", name, l.Last, games, plural(games, "game", "games")))
	}
	c.From, c.To = "Start", "Game "+strconv.Itoa(len(points))
	if !complete {
		c.From, c.To = strconv.Itoa(len(points))+" games ago", "Last game"
	}
	from, to := points[0].At.UTC().Format("2 Jan 2006"), points[len(points)-1].At.UTC().Format("2 Jan 2006")
	when := "from " + from + " to " + to
	if from == to {
		when = "on " + from
	}
	c.Summary = "Rating after each rated game, " + when + ". " + strings.Join(words, "; ") + "."
	return c
}

// more is note when there is more than a list shows ("": not).
func more(yes bool, note string) string {
	if yes {
		return note
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
