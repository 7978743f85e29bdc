package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// What of the accounts the server keeps itself: the middleware that reads
// each request's session into the request kit (request.WithUser), with the
// header's challenges; and the player pages (/@/{name}), which are the
// players-and-ratings area's, left in the root while that area changes.
// Signing up and in, and the account page, are web/account's.

// noAccountPaths are requests that draw no page: their session is not
// looked up (a picture, a script cost no database read).
var noAccountPaths = []string{"/static/", "/games/", "/games.css", "/sw.js", "/manifest.webmanifest", "/healthz", "/readyz", "/lobby/lists"}

// signedIn reads the session cookie, and puts its player in the request's
// context for the handlers and the header of every page.
func (s *Server) signedIn(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(request.SessionCookie)
		if s.Accounts == nil || err != nil || c.Value == "" || skipAccount(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		u, err := s.Accounts.User(r.Context(), c.Value)
		switch {
		case err == nil:
			s.kit.SeeBrowser(r, u.Name, request.ReadToken(r), false)
			ctx := request.WithUser(r.Context(), u)
			r = r.WithContext(s.withChallenges(templates.WithUser(ctx, u.Name), u.Name))
			// A page drawn for a player names them: no shared cache may
			// keep it, nor the service worker's offline copies (sw.js).
			w.Header().Set("Cache-Control", "private")
		case errors.Is(err, store.ErrNotFound):
			s.kit.ClearSession(w, r) // logged out elsewhere, or expired
		default:
			s.kit.LogFailure(r, "session", err) // the page is served as to a guest
		}
		next.ServeHTTP(w, r)
	})
}

func skipAccount(path string) bool {
	// A room's socket is looked up (a signed-in player joins under their
	// name): once as it opens, never per message.
	if strings.HasPrefix(path, "/r/") && strings.HasSuffix(path, ".svg") {
		return true
	}
	for _, p := range noAccountPaths {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// gamesPerPage is how many games a player's page lists at a time.
const gamesPerPage = 20

func (s *Server) playerPage(w http.ResponseWriter, r *http.Request) {
	u, err := s.Accounts.Player(r.Context(), r.PathValue("name"))
	if errors.Is(err, store.ErrNotFound) {
		s.kit.ErrorPage(w, r, http.StatusNotFound, "No such player", "Nobody plays here under that name.")
		return
	}
	if err != nil {
		s.kit.LogFailure(r, "player page", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Player unavailable", "This page could not be read just now; try again in a moment.")
		return
	}
	s.renderPlayerPage(w, r, u, http.StatusOK, refusal{})
}

// renderPlayerPage answers with u's page, with the challenge the viewer
// just sent (sent) or why it was refused (refused).
func (s *Server) renderPlayerPage(w http.ResponseWriter, r *http.Request, u *store.User, status int, refused refusal) {
	view := templates.PlayerView{Name: u.Name, Since: u.Created.UTC().Format("January 2006"),
		ChallengeError: refused.text, GameInPlay: refused.game}
	err := s.fillPlayerGames(r, &view, u.Name)
	if err == nil {
		err = s.fillPlayerRatings(r, &view, u.Name)
	}
	if err == nil {
		err = s.fillNow(r, &view, u.Name)
	}
	if err == nil {
		view.BotOwner, view.House, err = s.bots.Owner(r.Context(), u.Name)
	}
	if err != nil {
		s.kit.LogFailure(r, "player page", err)
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Player unavailable", "This page could not be read just now; try again in a moment.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	templates.PlayerPage(view).Render(r.Context(), w)
}

// fillPlayerGames puts a player's record and a page of their games
// (?page=N, from 1) in view.
func (s *Server) fillPlayerGames(r *http.Request, view *templates.PlayerView, name string) error {
	rec, err := s.Store.PlayerRecord(r.Context(), name)
	if err != nil {
		return err
	}
	view.Played, view.Won, view.Lost, view.Drawn = rec.Played, rec.Won, rec.Lost, rec.Drawn
	page := 1
	if n, err := strconv.Atoi(r.URL.Query().Get("page")); err == nil && n > 1 && n <= 100000 {
		page = n
	}
	list, err := s.Store.PlayerGames(r.Context(), name, gamesPerPage+1, (page-1)*gamesPerPage)
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
	row := templates.PlayerGame{RoomID: g.ID, Game: g.Game, Opponent: opponent, When: g.Updated.UTC().Format("2 January 2006")}
	if gm, err := game.Lookup(g.Game); err == nil {
		row.Game = gm.Name()
	}
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
