package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"boardroom/lobby"
	"boardroom/pairing"
	"boardroom/realtime/match"
)

// Quick pairing: a page waits in a pool while its socket to /pool/ws is
// open. The server says {"waiting":"kalah/fast","since":MS} once the wait
// has begun, then {"room":"/r/ID"} when the player is paired, or
// {"error":"…"} and closes. The page sends {"cancel":true} to leave (so
// does closing the socket, or the page).

// poolMessage is what the server says on a pool's socket.
type poolMessage struct {
	Waiting string `json:"waiting,omitempty"`
	Since   int64  `json:"since,omitempty"`
	Room    string `json:"room,omitempty"`
	Error   string `json:"error,omitempty"`
	// Left says the wait ended without a game: the player entered another
	// pool (in another tab).
	Left bool `json:"left,omitempty"`
}

// poolSocket serves /pool/ws?pool=GAME/SPEED.
func (s *Server) poolSocket(w http.ResponseWriter, r *http.Request) {
	pool, err := pairing.ParsePool(r.URL.Query().Get("pool"))
	if err != nil {
		http.Error(w, "Bad pool: "+err.Error(), http.StatusBadRequest)
		return
	}
	release, ok := s.limits.openConn(s.clientAddr(r))
	if !ok {
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return
	}
	defer release()
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.Origins})
	if err != nil {
		return // the library has answered
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1024)
	ctx := r.Context()
	say := func(m poolMessage) {
		b, _ := json.Marshal(m)
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		ws.Write(wctx, websocket.MessageText, b)
	}
	if !s.mayEnterPool(r) {
		say(poolMessage{Error: "You have entered pools many times in a short time; wait a minute and try again."})
		ws.Close(websocket.StatusPolicyViolation, "too many")
		return
	}
	p := lobby.Player{TokenHash: match.HashToken(readToken(r)), Name: readName(r)}
	if u := userOf(r); u != nil {
		p.Account = u.Name
	}
	wait, err := s.Pools.Enter(ctx, pool, p)
	if err != nil {
		msg := "The pool could not be entered just now; try again in a moment."
		if errors.Is(err, lobby.ErrNoToken) {
			msg = "Your browser sent no cookie: allow cookies to play."
		} else {
			s.logFailure(r, "pool not entered", err)
		}
		say(poolMessage{Error: msg})
		ws.Close(websocket.StatusNormalClosure, "")
		return
	}
	say(poolMessage{Waiting: pool.String(), Since: wait.Since.UnixMilli()})
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		for {
			_, b, err := ws.Read(ctx)
			if err != nil {
				return // closed: the page left
			}
			var m struct{ Cancel bool }
			if json.Unmarshal(b, &m) == nil && m.Cancel {
				return
			}
		}
	}()
	select {
	case <-wait.Done():
		if room := wait.Room(); room != "" {
			say(poolMessage{Room: "/r/" + room})
		} else {
			say(poolMessage{Left: true})
		}
		ws.Close(websocket.StatusNormalClosure, "")
	case <-gone:
		lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := s.Pools.Leave(lctx, wait); err != nil {
			s.logFailure(r, "pool not left", err)
		}
		if room := wait.Room(); room != "" { // paired as it left: the game is there all the same
			say(poolMessage{Room: "/r/" + room})
		}
		ws.Close(websocket.StatusNormalClosure, "")
	}
}
