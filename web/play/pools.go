package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"time"

	"boardroom/lobby"
	"boardroom/pairing"
	"boardroom/realtime/socket"
)

// Quick pairing: a page waits in a pool while its socket to /pool/ws is
// open. The server says {"waiting":"kalah/fast","since":MS} once the wait
// has begun, then {"room":"/r/ID"} when the player is paired, or
// {"error":"…"} and closes. Meanwhile, every second, it says how the wait
// goes: {"status":{"in_pool":N,"range":R}}, N those waiting in the pool
// (the player included), R the rating difference a signed-in player
// accepts now (pairing.Range), or "open":true once any rating will do.
// The page sends {"cancel":true} to leave (so does closing the socket, or
// the page).

// poolMessage is what the server says on a pool's socket.
type poolMessage struct {
	Waiting string `json:"waiting,omitempty"`
	Since   int64  `json:"since,omitempty"`
	Room    string `json:"room,omitempty"`
	Error   string `json:"error,omitempty"`
	// Left says the wait ended without a game: the player entered another
	// pool (in another tab).
	Left bool `json:"left,omitempty"`
	// RetryAfter is, with an Error, the seconds after which a bot that
	// played its games of the hour may enter again.
	RetryAfter int64 `json:"retry_after,omitempty"`
	// Status is how the wait goes.
	Status *poolStatus `json:"status,omitempty"`
}

// poolStatus is how a wait goes: how many wait in the pool, and how far
// the rating range has widened (signed-in players only: guests meet any
// guest).
type poolStatus struct {
	InPool int  `json:"in_pool"`
	Range  int  `json:"range,omitempty"`
	Open   bool `json:"open,omitempty"`
}

// poolStatusEvery is how often a waiting page is told how its wait goes.
const poolStatusEvery = time.Second

// statusOf is how a wait in pool by a player (signed in or not) since
// since goes at now.
func (a *Area) statusOf(pool pairing.Pool, signedIn bool, since, now time.Time) *poolStatus {
	st := &poolStatus{InPool: max(a.Pools.Waiting(pool), 1)}
	if signedIn {
		r := pairing.Range(now.Sub(since))
		st.Open = math.IsInf(r, 1)
		if !st.Open {
			st.Range = int(r)
		}
	}
	return st
}

// waitText says a wait in words: "12 minutes", "1 minute", "40 seconds".
func waitText(d time.Duration) string {
	switch {
	case d >= 90*time.Second:
		return fmt.Sprintf("%d minutes", int(math.Round(d.Minutes())))
	case d >= 60*time.Second:
		return "1 minute"
	case d > time.Second:
		return fmt.Sprintf("%d seconds", int(d.Seconds()))
	}
	return "1 second"
}

// poolSocket serves /pool/ws?pool=GAME/SPEED (&bots=1: a person lets
// quick pairing give them a bot). A bot's program opens it with its
// token (request.Kit.SocketHolder).
func (a *Area) poolSocket(w http.ResponseWriter, r *http.Request) {
	pool, err := pairing.ParsePool(r.URL.Query().Get("pool"))
	if err != nil {
		http.Error(w, "Bad pool: "+err.Error(), http.StatusBadRequest)
		return
	}
	wantsBots, ok := map[string]bool{"": false, "0": false, "1": true}[r.URL.Query().Get("bots")]
	if !ok {
		http.Error(w, "Bad bots: 1 lets quick pairing give you a bot, 0 does not", http.StatusBadRequest)
		return
	}
	who, ok := a.Kit.SocketHolder(w, r)
	if !ok {
		return
	}
	ws, done, ok := a.Kit.OpenSocket(w, r, who)
	if !ok {
		return
	}
	defer done()
	ctx := r.Context()
	say := func(m poolMessage) {
		b, _ := json.Marshal(m)
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		ws.Write(wctx, b)
	}
	if !a.Kit.MayEnterPool(r) {
		say(poolMessage{Error: "You have entered pools many times in a short time; wait a minute and try again."})
		ws.Close(socket.PolicyViolation, "too many")
		return
	}
	p := lobby.Player{TokenHash: who.TokenHash, Name: who.Name, Account: who.Account, Bot: who.BotAccount, WantsBots: wantsBots && !who.BotAccount}
	wait, err := a.Pools.Enter(ctx, pool, p)
	if err != nil {
		msg, retry := "The pool could not be entered just now; try again in a moment.", int64(0)
		var busy *lobby.BotBusyError
		switch {
		case errors.Is(err, lobby.ErrNoToken):
			msg = "Your browser sent no cookie: allow cookies to play."
		case errors.As(err, &busy):
			retry = int64(math.Ceil(busy.Until.Sub(time.Now()).Seconds()))
			msg = fmt.Sprintf("This bot has begun %d games in the last hour, the most a bot may; it may play again in %s.",
				busy.Games, waitText(time.Duration(retry)*time.Second))
		default:
			a.Kit.LogFailure(r, "pool not entered", err)
		}
		say(poolMessage{Error: msg, RetryAfter: retry})
		ws.Close(socket.NormalClosure, "")
		return
	}
	say(poolMessage{Waiting: pool.String(), Since: wait.Since.UnixMilli()})
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		for {
			b, err := ws.Read(ctx)
			if err != nil {
				return // closed: the page left
			}
			var m struct{ Cancel bool }
			if json.Unmarshal(b, &m) == nil && m.Cancel {
				return
			}
		}
	}()
	status := time.NewTicker(poolStatusEvery)
	defer status.Stop()
	for {
		select {
		case <-status.C:
			say(poolMessage{Status: a.statusOf(pool, p.Account != "", wait.Since, time.Now())})
			continue
		case <-wait.Done():
			a.paired(wait, say)
		case <-gone:
			a.leftPool(r, wait, say)
		}
		ws.Close(socket.NormalClosure, "")
		return
	}
}

// paired tells a page whose wait ended its room (none: it went on in
// another pool).
func (a *Area) paired(wait *lobby.Wait, say func(poolMessage)) {
	if room := wait.Room(); room != "" {
		say(poolMessage{Room: "/r/" + room})
	} else {
		say(poolMessage{Left: true})
	}
}

// leftPool takes a wait whose page left out of its pool.
func (a *Area) leftPool(r *http.Request, wait *lobby.Wait, say func(poolMessage)) {
	lctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 5*time.Second)
	defer cancel()
	if err := a.Pools.Leave(lctx, wait); err != nil {
		a.Kit.LogFailure(r, "pool not left", err)
	}
	if room := wait.Room(); room != "" { // paired as it left: the game is there all the same
		say(poolMessage{Room: "/r/" + room})
	}
}
