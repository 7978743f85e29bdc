package play

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
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/web/request"
	"boardroom/web/templates"
)

func (a *Area) lobby(w http.ResponseWriter, r *http.Request) {
	a.Kit.EnsureToken(w, r)
	var form map[string]string
	if id := r.URL.Query().Get("game"); id != "" { // a rules page's "Play" link
		if _, err := game.Lookup(id); err == nil {
			form = map[string]string{"game": id}
		}
	}
	a.renderLobby(w, r, http.StatusOK, form, "")
}

func (a *Area) renderLobby(w http.ResponseWriter, r *http.Request, status int, form map[string]string, msg string) {
	a.renderLobbyRefusal(w, r, status, form, refusal{text: msg})
}

// renderLobbyRefusal is renderLobby with a refusal that may link the game
// it refers to.
func (a *Area) renderLobbyRefusal(w http.ResponseWriter, r *http.Request, status int, form map[string]string, why refusal) {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	data := templates.LobbyData{Games: game.All(), Form: form, Error: why.text, GameInPlay: why.game}
	var err error
	if data.Lists, err = a.lists(ctx, listPages(r), 0); err != nil {
		a.Kit.LogFailure(r, "lobby lists", err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	data.Pairing = a.Pools != nil
	data.House = data.Pairing && a.Site != nil && a.Pools.House.Active()
	templates.Lobby(data).Render(templates.WithoutRoom(r.Context()), w)
}

// createRoom reads the lobby form, creates the room with the creator seated
// and sends the browser to it.
func (a *Area) createRoom(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, request.MaxFormBytes)
	if err := r.ParseForm(); err != nil {
		a.renderLobby(w, r, http.StatusBadRequest, nil, "The form could not be read.")
		return
	}
	form := map[string]string{}
	for key, values := range r.PostForm {
		form[key] = values[len(values)-1]
	}
	signedIn := request.User(r)
	if problem := match.NameProblem(form["name"]); problem != "" && signedIn == nil {
		a.renderLobby(w, r, http.StatusBadRequest, form, problem)
		return
	}
	spec := match.Spec{
		Game: form["game"], Mode: orDefault(form["mode"], vocab.DefaultMode), Level: orDefault(form["level"], vocab.DefaultLevel),
		Algorithm: form["algorithm"], Seat: orDefault(form["seat"], vocab.DefaultSeat), Clock: orDefault(form["clock"], vocab.DefaultClock),
		Pace: vocab.Pace(form["pace"]), LevelSecond: vocab.Level(form["level_second"]), Private: form["private"] == "true",
		Rated: form["rated"] == "true" && (form["mode"] == string(vocab.Friend) || form["mode"] == templates.OpenMode), Name: cmp.Or(match.CleanName(form["name"]), request.ReadName(r)), Options: map[string]string{},
	}
	days, err := formDays(spec.Clock, form["days"])
	if err != nil {
		a.renderLobby(w, r, http.StatusBadRequest, form, friendly(err))
		return
	}
	spec.Days = days
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
			a.renderLobby(w, r, http.StatusBadRequest, form, "The record was refused: "+strings.TrimPrefix(err.Error(), record.ErrBadRecord.Error()+": ")+".")
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
		a.houseGame(w, r, form, spec)
		return
	}
	if spec.Open && !a.mayOpenChallenge(w, r, form) {
		return
	}
	if !a.Kit.MayCreateRoom(r) {
		a.renderLobby(w, r, http.StatusTooManyRequests, form, "You have created many rooms in a short time; wait a minute and try again.")
		return
	}
	token := a.Kit.EnsureToken(w, r)
	if spec.Name != "" && signedIn == nil {
		a.Kit.RememberName(w, r, spec.Name)
	}
	id, err := a.Hub.Create(r.Context(), spec, token)
	if err != nil {
		if errors.Is(err, match.ErrBadRequest) {
			a.renderLobby(w, r, http.StatusBadRequest, form, friendly(err))
			return
		}
		a.Kit.LogFailure(r, "room not created", err)
		a.renderLobby(w, r, http.StatusInternalServerError, form, "The room could not be created; please try again.")
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
// formDays reads a form's days a move for clock: a correspondence clock's
// (vocab.Days, the default when empty; anything else is refused), none
// for another clock, whose form sends the field hidden (as the search's).
func formDays(clock vocab.Clock, field string) (int, error) {
	if !clock.Correspondence() {
		return 0, nil
	}
	days, err := vocab.ParseDays(clock, field)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", match.ErrBadRequest, err)
	}
	return days, nil
}

func orDefault[T ~string](v string, def T) T {
	if v == "" {
		return def
	}
	return T(v)
}

// MaxOpenChallenges is how many open challenges one browser may have
// waiting in the lobby at once.
const MaxOpenChallenges = 3

// mayOpenChallenge says whether r's browser may make another open
// challenge; when not, it answers with the lobby and the reason.
func (a *Area) mayOpenChallenge(w http.ResponseWriter, r *http.Request, form map[string]string) bool {
	token := request.ReadToken(r)
	if token == "" {
		return true
	}
	n, err := a.Store.SeeksOf(r.Context(), secret.Hash(token))
	if err != nil {
		a.Kit.LogFailure(r, "open challenges", err)
		a.renderLobby(w, r, http.StatusServiceUnavailable, form, "The challenge could not be made just now; try again in a moment.")
		return false
	}
	if n >= MaxOpenChallenges {
		a.renderLobby(w, r, http.StatusConflict, form, fmt.Sprintf("You have %d open challenges waiting already: wait for someone to accept, or abort one in its room.", n))
		return false
	}
	return true
}
