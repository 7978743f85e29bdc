package web

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/lobby"
	"boardroom/rating"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// The ratings' pages: a player's ratings and their chart on the player's
// page, and the leaderboards (/players); and the player page's games in
// play.

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
func (s *Server) fillPlayerRatings(r *http.Request, view *templates.PlayerView, name string) error {
	list, err := s.Store.PlayerRatings(r.Context(), name)
	if err != nil {
		return err
	}
	for _, pr := range list {
		view.Ratings = append(view.Ratings, templates.RatingRow{
			Game: pr.Game, GameName: gameName(pr.Game), Speed: string(pr.Speed), SpeedName: pr.Speed.Name(),
			Rating: pr.Rating.String(), Provisional: rating.Provisional(pr.Rating), Deviation: int(pr.Deviation),
			Games: pr.Games, Played: pr.Played.UTC().Format("2 Jan 2006"),
		})
	}
	history, err := s.Store.RatingHistory(r.Context(), name, chartGames)
	if err != nil {
		return err
	}
	points := make([]templates.ChartPoint, len(history))
	for i, p := range history {
		points[i] = templates.ChartPoint{Series: gameName(p.Game) + " · " + p.Speed.Name(), Rating: p.Rating, At: p.At}
	}
	view.Chart = templates.NewRatingChart(points, len(history) < chartGames, rating.Defaults().New().Rating)
	return nil
}

// gameName is a registered game's name (a game no longer registered keeps
// its id).
func gameName(id string) string {
	if g, err := game.Lookup(id); err == nil {
		return g.Name()
	}
	return id
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
func (s *Server) players(w http.ResponseWriter, r *http.Request) {
	unavailable := func(err error) {
		s.kit.LogFailure(r, "players", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Players unavailable", "The players could not be read just now; try again in a moment.")
	}
	view := templates.PlayersView{Days: LeaderboardDays, Size: LeaderboardSize}
	since := time.Now().Add(-LeaderboardDays * 24 * time.Hour)
	for _, g := range game.All() {
		lg := templates.LeaderboardGame{Game: g.ID(), GameName: g.Name()}
		for _, speed := range vocab.Clocks() {
			list, err := s.Store.Leaderboard(r.Context(), g.ID(), speed, since, LeaderboardSize)
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
	if err := s.findPlayers(r, &view); err != nil {
		unavailable(err)
		return
	}
	rows := append(leaderRows(view.Games), rowPointers(view.Found)...)
	rows = append(rows, rowPointers(view.Online)...)
	s.markOnline(r, rows)
	if err := s.bots.Mark(r.Context(), rows); err != nil {
		unavailable(err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.PlayersPage(view).Render(r.Context(), w)
}

// findPlayers puts in view the players whose names hold the query ?q=, and
// those online now.
func (s *Server) findPlayers(r *http.Request, view *templates.PlayersView) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if len(q) > queryLength {
		q = q[:queryLength]
	}
	view.Query = q
	if q != "" {
		names, err := s.Store.FindPlayers(r.Context(), q, foundPlayers)
		if err != nil {
			return err
		}
		view.Searched, view.Found, view.MoreFound = true, playerRows(names), len(names) == foundPlayers
	}
	if s.Site == nil {
		return nil
	}
	names, err := s.Store.OnlineNames(r.Context(), time.Now().Add(-lobby.OnlineFor), onlinePlayers+1)
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
func (s *Server) markOnline(r *http.Request, rows []*templates.LeaderRow) {
	if s.Site == nil || len(rows) == 0 {
		return
	}
	online, err := s.Site.Online(r.Context(), rowNames(rows))
	if err != nil {
		s.kit.LogFailure(r, "presence", err) // the lists go without it
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

// inPlayListed bounds the games in play a player's page lists (the last
// changed): a person plays a few at once, a bot may play many.
const inPlayListed = 20

// fillGamesInPlay puts the player's games in play in view: all of them on
// their own page, each to play; to anyone else those the lobby would list
// (none in a private room), each to watch, since spectating is public.
// Whose turn it is comes from each game's stored position: the rooms are
// not asked, so nothing here reaches a room's goroutine or its moves.
func (s *Server) fillGamesInPlay(r *http.Request, view *templates.PlayerView, name string) error {
	me := request.User(r)
	view.Own = me != nil && strings.EqualFold(me.Name, name)
	list, err := s.Store.LiveGames(r.Context(), name, view.Own, inPlayListed+1)
	if err != nil {
		return err
	}
	if len(list) > inPlayListed {
		list, view.MoreInPlay = list[:inPlayListed], true
	}
	for _, sum := range list {
		view.InPlay = append(view.InPlay, s.gameInPlay(r.Context(), sum, name, view.Own))
	}
	return nil
}

// gameInPlay is one of name's games in play as their page lists it, in
// the words of the player (own) or of anyone else.
func (s *Server) gameInPlay(ctx context.Context, sum store.Summary, name string, own bool) templates.GameInPlayRow {
	mine := 0
	if !strings.EqualFold(sum.Seats[0].Account, name) {
		mine = 1
	}
	row := templates.GameInPlayRow{RoomID: sum.ID, Game: gameName(sum.Game), Clock: sum.Clock.Label(), Rated: sum.Rated,
		Moves: sum.Turns, OneScreen: sum.Mode == vocab.Hotseat}
	row.Opponent, row.OpponentPage = opponent(sum.Seats[1-mine])
	rec, err := s.Store.Room(ctx, sum.ID)
	if err != nil {
		s.Log.Warn("game in play not read", "room", sum.ID, "err", err)
		row.Started = sum.Updated
		return row
	}
	row.Started = gameStart(rec)
	g, err := game.Lookup(rec.Game)
	var st game.State
	if err == nil {
		st, err = match.Position(g, rec)
	}
	if err != nil {
		s.Log.Warn("game in play's position not read", "room", sum.ID, "err", err)
		return row
	}
	row.Turn, row.YourTurn = turnWords(st.ToMove(), game.Player(mine), name, row, own)
	return row
}

// opponent names the holder of a seat and links their page ("": none).
func opponent(seat store.Seat) (name, page string) {
	switch {
	case seat.Kind == vocab.ComputerSeat && seat.Account != "": // a house bot
		return vocab.ComputerName(seat.Level.Label()), "/@/" + seat.Account
	case seat.Kind == vocab.ComputerSeat:
		return vocab.ComputerName(seat.Level.Label()), ""
	case seat.Account != "":
		return seat.Account, "/@/" + seat.Account
	case seat.Name != "":
		return seat.Name + " (guest)", ""
	}
	return "a guest", ""
}

// turnWords says whose turn it is to the viewer, and whether it is the
// player's (on their own page, the viewer's): seats to move, the
// player's seat.
func turnWords(toMove []game.Player, mine game.Player, name string, row templates.GameInPlayRow, own bool) (string, bool) {
	if len(toMove) == 0 {
		return "", false
	}
	theirs := slices.Contains(toMove, mine) || row.OneScreen
	switch {
	case own && theirs:
		return "Your turn", true
	case own:
		return "Waiting for " + row.Opponent, false
	case len(toMove) == 2 && !row.OneScreen:
		return "Both choose their move", false
	case theirs:
		return name + " to move", false
	}
	return row.Opponent + " to move", false
}

// gameStart is when a room's game began, as near as its record says: the
// clock's recorded start while nobody has moved (a rematch keeps its
// room's creation time), else its first move's time.
func gameStart(rec *store.Room) time.Time {
	switch {
	case len(rec.Turns) > 0:
		return rec.Turns[0].At
	case !rec.ClockFrom.IsZero():
		return rec.ClockFrom
	}
	return rec.Created
}
