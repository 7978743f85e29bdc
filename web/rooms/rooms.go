// Package rooms is the web's area of the rooms: a room's page (/r/{id}),
// its socket (/r/{id}/ws), over which every click goes and every move
// comes back as HTML (or JSON, for a program), and its game's record to
// download (/r/{id}/record). The room itself, its seats, clocks and
// computer players, is realtime's: these handlers find it, say who asks,
// and hand the socket over. The lobby that makes rooms is web/play's.
package rooms

import (
	"context"
	"errors"
	"net/http"
	"time"

	"boardroom/realtime"
	"boardroom/realtime/match"
	"boardroom/realtime/socket"
	"boardroom/secret"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Store is what the area reads of the store: a room's record.
type Store interface {
	Room(ctx context.Context, id string) (*store.Room, error)
}

// Area serves the rooms' pages.
type Area struct {
	Kit   *request.Kit
	Hub   *realtime.Hub
	Store Store
}

// Routes adds the rooms' pages.
func (a *Area) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /r/{id}", a.room)
	mux.HandleFunc("GET /r/{id}/ws", a.websocket)
	mux.HandleFunc("GET /r/{id}/record", a.roomRecord)
}

func (a *Area) room(w http.ResponseWriter, r *http.Request) {
	// LivePage finds the room itself (in a cluster, where it runs): no
	// look-up of its own first, which would cost a second acquisition.
	id := r.PathValue("id")
	token := a.Kit.EnsureToken(w, r)
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	who := match.Who{TokenHash: secret.Hash(token)}
	if u := request.User(r); u != nil {
		who.Account = u.Name // a seat of the account is this browser's too
	}
	page, err := a.Hub.LivePage(ctx, id, who, request.AbsoluteURL(r, "/r/"+id))
	if a.roomMissing(w, r, err) {
		return
	}
	if err != nil {
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Room unavailable", "The room is restarting; reload in a moment.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	templates.RoomShell(page.Game, page.RoomID, page.Live).Render(r.Context(), w)
}

func (a *Area) websocket(w http.ResponseWriter, r *http.Request) {
	id, ok := a.findRoom(w, r)
	if !ok {
		return
	}
	who, ok := a.Kit.SocketHolder(w, r) // a browser, or a bot by its token
	if !ok {
		return
	}
	release, ok := a.Kit.OpenConn(r)
	if !ok {
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return
	}
	// Kept before the accept: the client may end its session as soon as
	// the handshake is answered.
	opened, untrack := a.Kit.Signouts.Opening(who.Account, who.Session)
	a.Hub.ServeWS(w, r, id, who.TokenHash, who.Name, who.Account, who.BotAccount, a.Kit.Origins, realtime.SocketHooks{
		Opened: func(close func(socket.StatusCode, string)) {
			opened(func() { close(signout.Code, signout.Reason) })
		},
		Closed: func() { untrack(); release() }, // when the socket closes
	})
}

// findRoom looks up the room of the path, answering 404 when there is none.
func (a *Area) findRoom(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.PathValue("id")
	err := a.Hub.Exists(r.Context(), id)
	if a.roomMissing(w, r, err) {
		return "", false
	}
	if err != nil {
		a.Kit.LogFailure(r, "room not loaded", err, "room", id)
		a.Kit.ErrorPage(w, r, http.StatusInternalServerError, "Room unavailable", "The room could not be opened.")
		return "", false
	}
	return id, true
}

// roomMissing answers 404 when err, from the hub, says the room does
// not exist.
func (a *Area) roomMissing(w http.ResponseWriter, r *http.Request, err error) bool {
	if !errors.Is(err, realtime.ErrNoRoom) && !errors.Is(err, store.ErrNotFound) {
		return false
	}
	a.Kit.NoSuchRoom(w, r)
	return true
}
