// Package play is the web's area of finding a game: the lobby (its form,
// which makes rooms, and its lists of rooms and open challenges, with
// their pictures), quick pairing's socket (/pool/ws), the rated game
// against a house bot, and the site's socket (/site/ws) with the direct
// challenges it carries. The pairing itself is lobby's (lobby.Pools,
// lobby.Site); the rooms it makes are web/rooms'. The player page, where a
// challenge is sent from, is web/players': this area draws it through
// Area.PlayerPage, and hands it Social, the page's presence and
// challenges.
package play

import (
	"context"
	"net/http"
	"time"

	"boardroom/accounts"
	"boardroom/lobby"
	"boardroom/rating"
	"boardroom/realtime"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/request"
)

// Store is what the area reads of the store: the rooms to list and draw,
// the open challenges, and the ratings the lists show.
type Store interface {
	List(ctx context.Context, over bool, since time.Time, limit, offset int) ([]store.Summary, error)
	Room(ctx context.Context, id string) (*store.Room, error)
	Seeks(ctx context.Context, limit int) ([]store.Summary, error)
	Playing(ctx context.Context, account string, limit int) ([]store.Playing, error)
	SeeksOf(ctx context.Context, tokenHash string) (int, error)
	CurrentRatings(ctx context.Context, game string, speed vocab.Clock, accounts []string) (map[string]rating.Rating, error)
}

// Area serves the lobby, the pools' and the site's sockets and the
// challenges.
type Area struct {
	Kit   *request.Kit
	Hub   *realtime.Hub
	Store Store
	// Accounts finds the player a challenge is sent to (nil: no accounts,
	// so no challenges).
	Accounts *accounts.Service
	// Pools runs quick pairing (nil: the lobby offers none).
	Pools *lobby.Pools
	// Site runs presence and direct challenges (nil: none).
	Site *lobby.Site
	// ListsFresh is how long the lobby's lists are served as made (0: a
	// few seconds; negative: made for every request, as tests want).
	ListsFresh time.Duration
	// PlayerPage draws u's page (web/players) with status, saying why the
	// viewer's challenge was refused ("": it was sent) and the game in
	// play that stood in its way ("": none).
	PlayerPage func(w http.ResponseWriter, r *http.Request, u *store.User, status int, refused, gameInPlay string)

	// listsCache holds the lobby's lists made a moment ago.
	listsCache listsCache
	// listsWatch tells the lobby pages open here of their lists' changes.
	listsWatch listsWatch
	// EventLive draws an event's live part for the pages watching it over
	// the site's socket (nil: no event is watched).
	EventLive EventLive
	// EventsEntered lists the events a player is in, for their pages to
	// follow them to their games (nil: none are followed).
	EventsEntered EventsEntered
	// JoinEvent and LeaveEvent enter a bot's account in an event and take
	// it out, at its program's word over the site's socket (nil: no
	// events).
	JoinEvent, LeaveEvent EventEntry
	// eventsWatch tells the event pages open here of their events' changes.
	eventsWatch eventsWatch
	// pictures holds the rooms' pictures the lists drew lately.
	pictures pictureCache
}

// Routes adds the lobby's pages and, as the server offers them, quick
// pairing and the challenges.
func (a *Area) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", a.lobby)
	mux.HandleFunc("POST /rooms", a.createRoom)
	mux.HandleFunc("GET /lobby/lists", a.lobbyLists)
	mux.HandleFunc("GET /r/{id}/picture.svg", a.roomPicture)
	mux.HandleFunc("GET /games/{file}", a.gamePicture)
	mux.HandleFunc("GET /games", a.myGames)
	if a.Pools != nil {
		mux.HandleFunc("GET /pool/ws", a.poolSocket)
	}
	if a.Site != nil && a.Accounts != nil {
		mux.HandleFunc("GET /site/ws", a.siteSocket)
		mux.HandleFunc("POST /@/{name}/challenge", a.challenge)
		mux.HandleFunc("POST /challenges/{id}/{action}", a.answerChallenge)
	}
}
