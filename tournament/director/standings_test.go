package director

import (
	"time"

	"testing"

	"github.com/stretchr/testify/assert"

	"boardroom/store"
)

// TestPlaceOf: a player's place is ranked as the event's page ranks it:
// an arena by points (a streak doubles), a Swiss event by points in
// halves (a bye a full point), among all its entrants; a stranger has
// none.
func TestPlaceOf(t *testing.T) {
	t.Parallel()
	entrants := []store.Entrant{{Account: "ann", Rating: 1500}, {Account: "bea", Rating: 1600}, {Account: "cat", Rating: 1400}}
	games := []store.TournamentGame{
		{Room: "1", Seats: [2]string{"ann", "bea"}, Result: 0},
		{Room: "2", Seats: [2]string{"ann", "cat"}, Result: 0},
		{Room: "3", Seats: [2]string{"ann", "bea"}, Result: -1},
		{Room: "4", Seats: [2]string{"bea", "cat"}, Result: store.GamePlaying},
	}
	for i := range games {
		games[i].Ended = games[i].Started.Add(time.Duration(i+1) * time.Second)
	}
	swiss := []store.TournamentGame{
		{Room: "1", Seats: [2]string{"bea", "cat"}, Result: -1},
		{Room: store.ByeRoom("s", 1, "ann"), Seats: [2]string{"ann"}, Result: 0},
	}
	for _, tc := range []struct {
		name    string
		kind    string
		games   []store.TournamentGame
		account string
		want    Place
		ok      bool
	}{
		{"arena, first on a streak", store.Arena, games, "ann", Place{Rank: 1, Of: 3, Points: 2 + 2 + 2}, true},
		{"arena, the draw's point", store.Arena, games, "bea", Place{Rank: 2, Of: 3, Points: 1}, true},
		{"arena, nothing yet", store.Arena, games, "cat", Place{Rank: 3, Of: 3}, true},
		{"Swiss, a bye's full point", store.Swiss, swiss, "ann", Place{Rank: 1, Of: 3, Points: 2}, true},
		{"Swiss, a draw's half, the higher rated first", store.Swiss, swiss, "bea", Place{Rank: 2, Of: 3, Points: 1}, true},
		{"a stranger", store.Arena, games, "dan", Place{}, false},
		{"a stranger to a Swiss event", store.Swiss, swiss, "dan", Place{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := PlaceOf(store.Tournament{Kind: tc.kind}, entrants, tc.games, tc.account)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}
