package templates

import (
	"context"
	"strconv"
)

// MyGamesView is /games: the signed-in player's games in play, those
// awaiting their move first (package inplay).
type MyGamesView struct {
	Games []MyGameRow
	// Awaiting is how many await the player's move.
	Awaiting int
	// More says there were more than are listed.
	More bool
}

// MyGameRow is one game on /games.
type MyGameRow struct {
	GameInPlayRow
	// Left is the time left on the turn's clock, in words ("2 days 5 h
	// left"; "": no clock runs); Deadline its end in Unix milliseconds
	// for the page to count down a live clock (0: not counted down).
	Left     string
	Deadline int64
}

// TurnCountWords says a count of games awaiting the player's move, as the
// header's count is read out ("3 games awaiting your move").
func TurnCountWords(n int) string {
	if n == 1 {
		return "1 game awaiting your move"
	}
	return strconv.Itoa(n) + " games awaiting your move"
}

type turnCountKey struct{}

// WithTurnCount gives a page's rendering the count of the signed-in
// player's games awaiting their move, for the header: count is called
// only by a page that shows it (never by a redirect or a socket).
func WithTurnCount(ctx context.Context, count func() int) context.Context {
	return context.WithValue(ctx, turnCountKey{}, count)
}

// turnCountOf is the signed-in player's count of games awaiting their
// move (0 when not known).
func turnCountOf(ctx context.Context) int {
	if count, ok := ctx.Value(turnCountKey{}).(func() int); ok {
		return count()
	}
	return 0
}
