package templates

import (
	"bytes"
	"context"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"
	"github.com/stretchr/testify/require"

	"boardroom/game"
)

// renderDoc renders a page for the signed-in user (none: a guest).
func renderDoc(t *testing.T, c templ.Component, user string) *goquery.Document {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, c.Render(WithUser(context.Background(), user), &buf))
	doc, err := goquery.NewDocumentFromReader(&buf)
	require.NoError(t, err)
	return doc
}

// TestWordsForPlayers: what a newcomer read that did not hold (issue 42,
// "Words"): ratings promised "soon", the friend of an open challenge, a
// count of "1 games".
func TestWordsForPlayers(t *testing.T) {
	ladder := BotsView{PerHour: 30, Most: 5, Bots: []LadderRow{{Name: "Robo", Owner: "olga",
		Ratings: []LadderRating{{Game: "kalah", GameName: "Kalah", SpeedName: "Fast", Rating: "1520?", Games: 1}}}}}
	tests := []struct {
		name    string
		page    templ.Component
		user    string
		sel     string
		want    string
		notWant string
	}{
		{name: "sign-up", page: SignUpPage(AccountForm{}), sel: "main",
			want: "An account keeps your name, your games and your ratings, on every device.", notWant: "soon"},
		{name: "rated with a friend", page: Lobby(LobbyData{Games: game.All()}), user: "alice",
			sel: ".for-friend small .not-for-open", want: "Your friend needs an account too."},
		{name: "rated, open challenge", page: Lobby(LobbyData{Games: game.All()}), user: "alice",
			sel: ".for-friend small .only-for-open", want: "Whoever accepts needs an account too."},
		{name: "one rated game", page: BotsPage(ladder), sel: "[data-testid=bot-rating]",
			want: "(1 game)", notWant: "1 games"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := renderDoc(t, tc.page, tc.user).Find(tc.sel).Text()
			require.Contains(t, text, tc.want)
			if tc.notWant != "" {
				require.NotContains(t, text, tc.notWant)
			}
		})
	}
}
