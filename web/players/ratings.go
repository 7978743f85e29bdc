package players

import (
	"net/http"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/lobby"
	"boardroom/rating"
	"boardroom/realtime/vocab"
	"boardroom/web/templates"
)

// The ratings' pages: a player's ratings and their chart on the player's
// page, and the leaderboards (/players).

// Leaderboards list the LeaderboardSize best players of each game and
// speed who played a rated game in the last LeaderboardDays days.
const (
	LeaderboardSize = 50
	LeaderboardDays = 30
)

// chartGames bounds the rated games the rating chart draws (the last).
const chartGames = 500

// fillPlayerRatings puts a player's ratings and the chart of their history
// in view.
func (a *Area) fillPlayerRatings(r *http.Request, view *templates.PlayerView, name string) error {
	list, err := a.Store.PlayerRatings(r.Context(), name)
	if err != nil {
		return err
	}
	for _, pr := range list {
		view.Ratings = append(view.Ratings, templates.RatingRow{
			Game: pr.Game, GameName: game.NameOf(pr.Game), Speed: string(pr.Speed), SpeedName: pr.Speed.Name(),
			Rating: pr.Rating.String(), Provisional: rating.Provisional(pr.Rating), Deviation: int(pr.Deviation),
			Games: pr.Games, Played: pr.Played.UTC().Format("2 Jan 2006"),
		})
	}
	history, err := a.Store.RatingHistory(r.Context(), name, chartGames)
	if err != nil {
		return err
	}
	points := make([]templates.ChartPoint, len(history))
	for i, p := range history {
		points[i] = templates.ChartPoint{Series: game.NameOf(p.Game) + " · " + p.Speed.Name(), Rating: p.Rating, At: p.At}
	}
	view.Chart = templates.NewRatingChart(points, len(history) < chartGames, rating.Defaults().New().Rating)
	return nil
}

// The players' page also finds players by name (?q=) and lists who is
// online now, each list bounded.
const (
	foundPlayers  = 20
	onlinePlayers = 50
	// queryLength bounds what a search reads of its query (the longest
	// username is shorter).
	queryLength = 40
)

// players serves the players' page: a search by name, who is online now,
// and the leaderboards, one per game and speed.
func (a *Area) players(w http.ResponseWriter, r *http.Request) {
	unavailable := func(err error) {
		a.Kit.LogFailure(r, "players", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Players unavailable", "The players could not be read just now; try again in a moment.")
	}
	view := templates.PlayersView{Days: LeaderboardDays, Size: LeaderboardSize}
	since := time.Now().Add(-LeaderboardDays * 24 * time.Hour)
	for _, g := range game.All() {
		lg := templates.LeaderboardGame{Game: g.ID(), GameName: g.Name()}
		for _, speed := range vocab.Clocks() {
			list, err := a.Store.Leaderboard(r.Context(), g.ID(), speed, since, LeaderboardSize)
			if err != nil {
				unavailable(err)
				return
			}
			b := templates.Leaderboard{Game: g.ID(), GameName: g.Name(), Speed: string(speed), SpeedName: speed.Name()}
			for _, pr := range list { // the established first (store.Ratings.Leaderboard)
				row := templates.LeaderRow{Name: pr.Name, Rating: pr.Rating.String(), Games: pr.Games}
				if rating.Provisional(pr.Rating) {
					row.Provisional = true
					b.Provisional = append(b.Provisional, row)
					continue
				}
				row.Rank = len(b.Rows) + 1
				b.Rows = append(b.Rows, row)
			}
			lg.Boards = append(lg.Boards, b)
		}
		view.Games = append(view.Games, lg)
	}
	if err := a.findPlayers(r, &view); err != nil {
		unavailable(err)
		return
	}
	rows := append(leaderRows(view.Games), rowPointers(view.Found)...)
	rows = append(rows, rowPointers(view.Online)...)
	a.markOnline(r, rows)
	if err := a.MarkBots(r.Context(), rows); err != nil {
		unavailable(err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.PlayersPage(view).Render(r.Context(), w)
}

// findPlayers puts in view the players whose names hold the query ?q=, and
// those online now.
func (a *Area) findPlayers(r *http.Request, view *templates.PlayersView) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len(q) > queryLength {
		q = q[:queryLength]
	}
	view.Query = q
	if q != "" {
		names, err := a.Store.FindPlayers(r.Context(), q, foundPlayers)
		if err != nil {
			return err
		}
		view.Searched, view.Found, view.MoreFound = true, playerRows(names), len(names) == foundPlayers
	}
	if a.Site == nil {
		return nil
	}
	names, err := a.Store.OnlineNames(r.Context(), time.Now().Add(-lobby.OnlineFor), onlinePlayers+1)
	if err != nil {
		return err
	}
	if len(names) > onlinePlayers {
		names, view.MoreOnline = names[:onlinePlayers], true
	}
	view.Online = playerRows(names)
	return nil
}

// playerRows are rows of players' names, to mark and show.
func playerRows(names []string) []templates.LeaderRow {
	out := make([]templates.LeaderRow, len(names))
	for i, n := range names {
		out[i] = templates.LeaderRow{Name: n}
	}
	return out
}

// rowPointers points at each of rows.
func rowPointers(rows []templates.LeaderRow) []*templates.LeaderRow {
	out := make([]*templates.LeaderRow, len(rows))
	for i := range rows {
		out[i] = &rows[i]
	}
	return out
}

// markOnline marks the players listed who have a page open on the site
// now.
func (a *Area) markOnline(r *http.Request, rows []*templates.LeaderRow) {
	if a.Site == nil || len(rows) == 0 {
		return
	}
	online, err := a.Site.Online(r.Context(), rowNames(rows))
	if err != nil {
		a.Kit.LogFailure(r, "presence", err) // the lists go without it
		return
	}
	for _, row := range rows {
		row.Online = online[row.Name]
	}
}

// leaderRows is every row of every board, to mark.
func leaderRows(games []templates.LeaderboardGame) []*templates.LeaderRow {
	var out []*templates.LeaderRow
	for gi := range games {
		for bi := range games[gi].Boards {
			out = append(out, games[gi].Boards[bi].All()...)
		}
	}
	return out
}

// rowNames is the rows' players' names.
func rowNames(rows []*templates.LeaderRow) []string {
	names := make([]string, len(rows))
	for i, row := range rows {
		names[i] = row.Name
	}
	return names
}
