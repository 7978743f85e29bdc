package players

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/inplay"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// A player's games in play, as their page lists them.

// inPlayListed bounds the games in play a player's page lists (the last
// changed): a person plays a few at once, a bot may play many.
const inPlayListed = 20

// fillGamesInPlay puts the player's games in play in view: all of them on
// their own page, each to play; to anyone else those the lobby would list
// (none in a private room), each to watch, since spectating is public.
// Whose turn it is comes from each game's stored position: the rooms are
// not asked, so nothing here reaches a room's goroutine or its moves.
func (a *Area) fillGamesInPlay(r *http.Request, view *templates.PlayerView, name string) error {
	me := request.User(r)
	view.Own = me != nil && strings.EqualFold(me.Name, name)
	list, err := a.Store.LiveGames(r.Context(), name, view.Own, inPlayListed+1)
	if err != nil {
		return err
	}
	if len(list) > inPlayListed {
		list, view.MoreInPlay = list[:inPlayListed], true
	}
	for _, sum := range list {
		view.InPlay = append(view.InPlay, a.gameInPlay(r.Context(), sum, name, view.Own))
	}
	return nil
}

// gameInPlay is one of name's games in play as their page lists it, in
// the words of the player (own) or of anyone else.
func (a *Area) gameInPlay(ctx context.Context, sum store.Summary, name string, own bool) templates.GameInPlayRow {
	mine := 0
	if !strings.EqualFold(sum.Seats[0].Account, name) {
		mine = 1
	}
	row := templates.GameInPlayRow{RoomID: sum.ID, Game: game.NameOf(sum.Game), Clock: inPlayClock(sum), Rated: sum.Rated,
		Moves: sum.Turns, OneScreen: sum.Mode == vocab.Hotseat}
	row.Opponent, row.OpponentPage = inplay.Holder(sum.Seats[1-mine])
	rec, err := a.Store.Room(ctx, sum.ID)
	if err != nil {
		a.Kit.Log.Warn("game in play not read", "room", sum.ID, "err", err)
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
		a.Kit.Log.Warn("game in play's position not read", "room", sum.ID, "err", err)
		return row
	}
	row.Turn, row.YourTurn = turnWords(st.ToMove(), game.Player(mine), name, row, own)
	return row
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

// inPlayClock names a game's clock in the list of games in play ("Fast ·
// 30 s a move", "Correspondence · 3 days").
func inPlayClock(sum store.Summary) string {
	if sum.Clock.Correspondence() {
		return sum.Clock.NameDays(sum.Days)
	}
	return sum.Clock.Label()
}
