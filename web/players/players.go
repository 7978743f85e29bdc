// Package players is the web's area of the players: a player's page
// (/@/{name}: their record and games, ratings and chart, the events they
// played, games in play, presence and the viewer's challenges to them)
// and the players' page (/players: a search by name, who is online, the
// leaderboards). The
// ratings themselves are rating's, kept by the store. The bots' marks and
// the challenges come from the areas that own them (web/bots, web/play),
// handed in by the server as functions: areas do not import each other.
package players

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"boardroom/accounts"
	"boardroom/game"
	"boardroom/lobby"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Store is what the area reads of the store.
type Store interface {
	PlayerRecord(ctx context.Context, account string) (store.Record, error)
	PlayerGames(ctx context.Context, account string, limit, offset int) ([]store.Summary, error)
	PlayerRatings(ctx context.Context, accounts ...string) ([]store.PlayerRating, error)
	RatingHistory(ctx context.Context, account string, limit int) ([]store.RatingPoint, error)
	Leaderboard(ctx context.Context, game string, speed vocab.Clock, since time.Time, limit int) ([]store.PlayerRating, error)
	FindPlayers(ctx context.Context, query string, limit int) ([]string, error)
	OnlineNames(ctx context.Context, since time.Time, limit int) ([]string, error)
	LiveGames(ctx context.Context, account string, private bool, limit int) ([]store.Summary, error)
	Room(ctx context.Context, id string) (*store.Room, error)
	TournamentsPlayed(ctx context.Context, account string, limit int) ([]store.TournamentRecord, error)
}

// Area serves the players' pages.
type Area struct {
	Kit      *request.Kit
	Accounts *accounts.Service
	Store    Store
	// Site says who is online (nil: nobody is shown online).
	Site *lobby.Site
	// Social puts on a player's page their presence and the viewer's
	// challenges (web/play; nil: none).
	Social func(r *http.Request, view *templates.PlayerView, name string) error
	// BotOwner is the owner of the bot account name ("": a person), and
	// the level a house bot plays (web/bots).
	BotOwner func(ctx context.Context, name string) (owner, house string, err error)
	// MarkBots marks the bots among players listed (web/bots).
	MarkBots func(ctx context.Context, rows []*templates.LeaderRow) error
}

// Routes adds the players' pages.
func (a *Area) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /players", a.players)
	mux.HandleFunc("GET /@/{name}", a.playerPage)
}

// gamesPerPage is how many games a player's page lists at a time.
const gamesPerPage = 20

// playerPage serves /@/{name}.
func (a *Area) playerPage(w http.ResponseWriter, r *http.Request) {
	u, err := a.Accounts.Player(r.Context(), r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such player", "Nobody plays here under that name.")
		return
	}
	if err != nil {
		a.Kit.LogFailure(r, "player page", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Player unavailable", "This page could not be read just now; try again in a moment.")
		return
	}
	a.Page(w, r, u, http.StatusOK, "", "")
}

// Page answers with u's page, saying why the challenge the viewer just
// sent was refused ("": it was sent, or none was) and the game in play
// that stood in its way ("": none). The challenges' area (web/play)
// answers its form with it.
func (a *Area) Page(w http.ResponseWriter, r *http.Request, u *store.User, status int, refused, gameInPlay string) {
	view := templates.PlayerView{Name: u.Name, Since: u.Created.UTC().Format("January 2006"),
		ChallengeError: refused, GameInPlay: gameInPlay}
	err := a.fillPlayerGames(r, &view, u.Name)
	if err == nil {
		err = a.fillPlayerRatings(r, &view, u.Name)
	}
	if err == nil {
		err = a.fillGamesInPlay(r, &view, u.Name)
	}
	if err == nil {
		err = a.fillEvents(r, &view, u.Name)
	}
	if err == nil && a.Social != nil {
		err = a.Social(r, &view, u.Name)
	}
	if err == nil {
		view.BotOwner, view.House, err = a.BotOwner(r.Context(), u.Name)
	}
	if err != nil {
		a.Kit.LogFailure(r, "player page", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Player unavailable", "This page could not be read just now; try again in a moment.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	templates.PlayerPage(view).Render(r.Context(), w)
}

// fillPlayerGames puts a player's record and a page of their games
// (?page=N, from 1) in view.
func (a *Area) fillPlayerGames(r *http.Request, view *templates.PlayerView, name string) error {
	rec, err := a.Store.PlayerRecord(r.Context(), name)
	if err != nil {
		return err
	}
	view.Played, view.Won, view.Lost, view.Drawn = rec.Played, rec.Won, rec.Lost, rec.Drawn
	page := 1
	if n, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && n > 1 && n <= 100000 {
		page = n
	}
	list, err := a.Store.PlayerGames(r.Context(), name, gamesPerPage+1, (page-1)*gamesPerPage)
	if err != nil {
		return err
	}
	if len(list) > gamesPerPage {
		list = list[:gamesPerPage]
		view.Next = "/@/" + name + "?page=" + strconv.Itoa(page+1)
	}
	if page > 1 {
		view.Prev = "/@/" + name + "?page=" + strconv.Itoa(page-1)
	}
	for _, g := range list {
		view.Games = append(view.Games, playerGame(g, name))
	}
	return nil
}

// playerGame is one finished game as name's page lists it.
func playerGame(g store.Summary, name string) templates.PlayerGame {
	mine := 0
	if g.Seats[0].Account != name {
		mine = 1
	}
	opp := g.Seats[1-mine]
	opponent := opp.Name
	switch {
	case opp.Kind == vocab.ComputerSeat:
		opponent = "the computer"
	case opponent == "":
		opponent = "a guest"
	}
	row := templates.PlayerGame{RoomID: g.ID, Game: game.NameOf(g.Game), Opponent: opponent, When: g.Updated.UTC().Format("2 January 2006")}
	row.Clock = g.Clock.Name()
	row.Rated = g.Rated
	if g.RatingChanges != nil {
		row.Change = g.RatingChanges[mine].Signed()
	}
	switch g.Winner {
	case -1:
		row.Result, row.ResultClass = "Drawn", "drawn"
	case mine:
		row.Result, row.ResultClass = "Won", "won"
	default:
		row.Result, row.ResultClass = "Lost", "lost"
	}
	return row
}
