package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/game/record"
	"boardroom/realtime"
	"boardroom/realtime/match"
	"boardroom/realtime/socket"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

func (s *Server) lobby(w http.ResponseWriter, r *http.Request) {
	s.kit.EnsureToken(w, r)
	var form map[string]string
	if id := r.URL.Query().Get("game"); id != "" { // a rules page's "Play" link
		if _, err := game.Lookup(id); err == nil {
			form = map[string]string{"game": id}
		}
	}
	s.renderLobby(w, r, http.StatusOK, form, "")
}

func (s *Server) renderLobby(w http.ResponseWriter, r *http.Request, status int, form map[string]string, msg string) {
	s.renderLobbyRefusal(w, r, status, form, refusal{text: msg})
}

// renderLobbyRefusal is renderLobby with a refusal that may link the game
// it refers to.
func (s *Server) renderLobbyRefusal(w http.ResponseWriter, r *http.Request, status int, form map[string]string, why refusal) {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	data := templates.LobbyData{Games: game.All(), Form: form, Error: why.text, GameInPlay: why.game}
	var err error
	if data.Lists, err = s.lists(ctx, listPages(r)); err != nil {
		s.kit.LogFailure(r, "lobby lists", err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	data.Pairing = s.Pools != nil
	data.House = data.Pairing && s.Site != nil && s.Pools.House.Active()
	templates.Lobby(data).Render(templates.WithoutRoom(r.Context()), w)
}

// createRoom reads the lobby form, creates the room with the creator seated
// and sends the browser to it.
func (s *Server) createRoom(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	if err := r.ParseForm(); err != nil {
		s.renderLobby(w, r, http.StatusBadRequest, nil, "The form could not be read.")
		return
	}
	form := map[string]string{}
	for key, values := range r.PostForm {
		form[key] = values[len(values)-1]
	}
	signedIn := request.User(r)
	if problem := match.NameProblem(form["name"]); problem != "" && signedIn == nil {
		s.renderLobby(w, r, http.StatusBadRequest, form, problem)
		return
	}
	spec := match.Spec{
		Game: form["game"], Mode: orDefault(form["mode"], vocab.DefaultMode), Level: orDefault(form["level"], vocab.DefaultLevel),
		Algorithm: form["algorithm"], Seat: orDefault(form["seat"], vocab.DefaultSeat), Clock: orDefault(form["clock"], vocab.DefaultClock),
		Pace: vocab.Pace(form["pace"]), LevelSecond: vocab.Level(form["level_second"]), Private: form["private"] == "true",
		Rated: form["rated"] == "true" && (form["mode"] == string(vocab.Friend) || form["mode"] == templates.OpenMode), Name: cmp.Or(match.CleanName(form["name"]), request.ReadName(r)), Options: map[string]string{},
	}
	if spec.Mode == templates.OpenMode { // an open challenge: a friend's game, for anyone in the lobby
		spec.Mode, spec.Open, spec.Private = vocab.Friend, true, false
	}
	quick := form["quick"] == string(vocab.Computer)
	if quick {
		// The lobby's one click: the chosen game, as it comes, against an
		// easy computer, first to move, no clock; the rest of the form
		// does not count.
		spec = match.Spec{Game: spec.Game, Mode: vocab.Computer, Level: vocab.Beginner, Seat: vocab.FirstSeat,
			Clock: vocab.NoClock, Name: spec.Name, Options: map[string]string{}}
	}
	if signedIn != nil { // a signed-in player plays under their username; there is no other name
		spec.Name, spec.Account = signedIn.Name, signedIn.Name
	}
	if text := strings.TrimSpace(form["record"]); text != "" && !quick {
		// A record brings its own game and options, and its moves.
		rec, err := record.Parse(text)
		if err != nil {
			s.renderLobby(w, r, http.StatusBadRequest, form, "The record was refused: "+strings.TrimPrefix(err.Error(), record.ErrBadRecord.Error()+": ")+".")
			return
		}
		spec.Game, spec.Options, spec.Turns = rec.Game.ID(), rec.Options, rec.Turns
	}
	if g, err := game.Lookup(spec.Game); err == nil {
		// Only the chosen game's options count; an empty field is its default.
		for _, o := range g.Options() {
			if v := strings.TrimSpace(form[o.Key]); v != "" && spec.Turns == nil && !quick {
				spec.Options[o.Key] = v
			}
		}
		// The search field is sent even where it is hidden: it counts only
		// for a game whose computer offers a choice.
		if len(game.PlayersOf(g).Algorithms()) == 0 {
			spec.Algorithm = ""
		}
	}
	if spec.Mode == vocab.Computer && form["house"] == "true" && signedIn != nil && !quick {
		s.houseGame(w, r, form, spec)
		return
	}
	if spec.Open && !s.mayOpenChallenge(w, r, form) {
		return
	}
	if !s.kit.MayCreateRoom(r) {
		s.renderLobby(w, r, http.StatusTooManyRequests, form, "You have created many rooms in a short time; wait a minute and try again.")
		return
	}
	token := s.kit.EnsureToken(w, r)
	if spec.Name != "" && signedIn == nil {
		s.kit.RememberName(w, r, spec.Name)
	}
	id, err := s.Hub.Create(r.Context(), spec, token)
	if err != nil {
		if errors.Is(err, match.ErrBadRequest) {
			s.renderLobby(w, r, http.StatusBadRequest, form, friendly(err))
			return
		}
		s.kit.LogFailure(r, "room not created", err)
		s.renderLobby(w, r, http.StatusInternalServerError, form, "The room could not be created; please try again.")
		return
	}
	http.Redirect(w, r, "/r/"+id, http.StatusSeeOther)
}

// friendly strips the sentinel prefixes from an error for people to read.
func friendly(err error) string {
	msg := err.Error()
	for _, prefix := range []string{match.ErrBadRequest.Error() + ": ", game.ErrBadOption.Error() + ": "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg + "."
}

// orDefault reads a form field of the room's vocabulary; Hub.Create
// refuses a value that is not one of the type's.
func orDefault[T ~string](v string, def T) T {
	if v == "" {
		return def
	}
	return T(v)
}

func (s *Server) room(w http.ResponseWriter, r *http.Request) {
	// LivePage finds the room itself (in a cluster, where it runs): no
	// look-up of its own first, which would cost a second acquisition.
	id := r.PathValue("id")
	token := s.kit.EnsureToken(w, r)
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	who := match.Who{TokenHash: secret.Hash(token)}
	if u := request.User(r); u != nil {
		who.Account = u.Name // a seat of the account is this browser's too
	}
	page, err := s.Hub.LivePage(ctx, id, who, request.AbsoluteURL(r, "/r/"+id))
	if s.roomMissing(w, r, id, err) {
		return
	}
	if err != nil {
		s.kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Room unavailable", "The room is restarting; reload in a moment.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	templates.RoomShell(page.Game, page.RoomID, page.Live).Render(r.Context(), w)
}

func (s *Server) websocket(w http.ResponseWriter, r *http.Request) {
	id, ok := s.findRoom(w, r)
	if !ok {
		return
	}
	who, ok := s.kit.SocketHolder(w, r) // a browser, or a bot by its token
	if !ok {
		return
	}
	release, ok := s.kit.OpenConn(r)
	if !ok {
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return
	}
	// Kept before the accept: the client may end its session as soon as
	// the handshake is answered.
	opened, untrack := s.kit.Signouts.Opening(who.Account, who.Session)
	s.Hub.ServeWS(w, r, id, who.TokenHash, who.Name, who.Account, who.BotAccount, s.Origins, realtime.SocketHooks{
		Opened: func(close func(socket.StatusCode, string)) {
			opened(func() { close(signout.Code, signout.Reason) })
		},
		Closed: func() { untrack(); release() }, // when the socket closes
	})
}

// findRoom looks up the room of the path, answering 404 when there is none.
func (s *Server) findRoom(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.PathValue("id")
	err := s.Hub.Exists(r.Context(), id)
	if s.roomMissing(w, r, id, err) {
		return "", false
	}
	if err != nil {
		s.kit.LogFailure(r, "room not loaded", err, "room", id)
		s.kit.ErrorPage(w, r, http.StatusInternalServerError, "Room unavailable", "The room could not be opened.")
		return "", false
	}
	return id, true
}

// roomMissing answers 404 when err says room id does not exist.
func (s *Server) roomMissing(w http.ResponseWriter, r *http.Request, id string, err error) bool {
	if !errors.Is(err, realtime.ErrNoRoom) && !errors.Is(err, store.ErrNotFound) {
		return false
	}
	s.kit.ErrorPage(w, r, http.StatusNotFound, "No such room", "This room does not exist. Check the link, or start a new game.")
	return true
}

// MaxOpenChallenges is how many open challenges one browser may have
// waiting in the lobby at once.
const MaxOpenChallenges = 3

// mayOpenChallenge says whether r's browser may make another open
// challenge; when not, it answers with the lobby and the reason.
func (s *Server) mayOpenChallenge(w http.ResponseWriter, r *http.Request, form map[string]string) bool {
	token := request.ReadToken(r)
	if token == "" {
		return true
	}
	n, err := s.Store.SeeksOf(r.Context(), secret.Hash(token))
	if err != nil {
		s.kit.LogFailure(r, "open challenges", err)
		s.renderLobby(w, r, http.StatusServiceUnavailable, form, "The challenge could not be made just now; try again in a moment.")
		return false
	}
	if n >= MaxOpenChallenges {
		s.renderLobby(w, r, http.StatusConflict, form, fmt.Sprintf("You have %d open challenges waiting already: wait for someone to accept, or abort one in its room.", n))
		return false
	}
	return true
}
