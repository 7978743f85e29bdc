package play

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"boardroom/game"
	"boardroom/inplay"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// /games: the signed-in player's games in play, correspondence and live,
// those awaiting their move first, then the least time left (package
// inplay reads them from the store; no room is asked). The header links
// it on every page of a signed-in player, with the count of the games
// awaiting their move (WithTurns), which the site's socket keeps current
// (lobby/turns.go). A guest is sent to log in, and back here after.

// myGames serves GET /games.
func (a *Area) myGames(w http.ResponseWriter, r *http.Request) {
	me := request.User(r)
	if me == nil {
		http.Redirect(w, r, "/login?next=%2Fgames", http.StatusSeeOther)
		return
	}
	now := time.Now()
	games, more, err := inplay.List(r.Context(), a.Store, me.Name, now)
	if err != nil {
		a.Kit.LogFailure(r, "games in play", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Games unavailable", "Your games could not be read just now; try again in a moment.")
		return
	}
	view := templates.MyGamesView{More: more}
	for _, g := range games {
		if g.MyTurn {
			view.Awaiting++
		}
		view.Games = append(view.Games, myGameRow(g, now))
	}
	// The header's count says what the list says, read once.
	ctx := templates.WithTurnCount(r.Context(), func() int { return view.Awaiting })
	templates.MyGames(view).Render(ctx, w)
}

// myGameRow is one game in play as /games shows it.
func myGameRow(g inplay.Game, now time.Time) templates.MyGameRow {
	row := templates.MyGameRow{GameInPlayRow: templates.GameInPlayRow{RoomID: g.ID, Game: game.NameOf(g.Game),
		Clock: clockWords(g.Summary), Rated: g.Rated, Moves: g.Turns, OneScreen: g.Mode == vocab.Hotseat,
		YourTurn: g.MyTurn}}
	row.Opponent, row.OpponentPage = inplay.Holder(g.Opponent)
	switch {
	case g.ToMove == nil:
	case g.MyTurn && len(g.ToMove) == 2 && !row.OneScreen:
		row.Turn = "Your move (both choose)"
	case g.MyTurn:
		row.Turn = "Your move"
	case len(g.ToMove) > 0:
		row.Turn = "Waiting for " + row.Opponent
	}
	if g.Deadline.IsZero() {
		return row
	}
	left := g.Left(now)
	switch {
	case g.Clock.Correspondence():
		row.Left = vocab.Left(left) + " left"
	case g.Stopped:
		row.Left = liveLeft(left) + " left (the clock stands still)"
	default:
		row.Left, row.Deadline = liveLeft(left)+" left", g.Deadline.UnixMilli()
	}
	return row
}

// liveLeft says a live move clock's time left in seconds ("25 s"), as the
// page counts it down (site.js).
func liveLeft(d time.Duration) string {
	return fmt.Sprintf("%d s", int((d+time.Second-1)/time.Second))
}

// clockWords names a game's speed ("Fast · 30 s a move", "Correspondence
// · 3 days").
func clockWords(sum store.Summary) string {
	if sum.Clock.Correspondence() {
		return sum.Clock.NameDays(sum.Days)
	}
	return sum.Clock.Label()
}

// WithTurns lets a page drawn for account show in its header how many of
// their games await their move (read only when a page is drawn).
func (a *Area) WithTurns(ctx context.Context, account string) context.Context {
	return templates.WithTurnCount(ctx, func() int {
		n, err := inplay.Count(ctx, a.Store, account)
		if err != nil {
			a.Kit.Log.Warn("games awaiting a move not counted for the header", "err", err, "user", account)
		}
		return n
	})
}
