package templates

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// TestSeatsShowTheirHoldersNames: a seat shows its holder's name, the
// viewer's own marked, and a name is text whatever it holds.
func TestSeatsShowTheirHoldersNames(t *testing.T) {
	tests := []struct {
		name   string
		seats  [2]view.Seat
		want   [2]string
		noHTML bool
	}{
		{"a player's page", [2]view.Seat{{Holder: "Alice", Kind: vocab.Human, Yours: true}, {Holder: "Bob", Kind: vocab.Human}},
			[2]string{"Alice (you)", "Bob"}, false},
		{"a spectator's page", [2]view.Seat{{Holder: "Alice", Kind: vocab.Human}, {Holder: "Bob", Kind: vocab.Human}},
			[2]string{"Alice", "Bob"}, false},
		{"against the computer", [2]view.Seat{{Holder: "Alice", Kind: vocab.Human, Yours: true},
			{Holder: "Computer · Difficult · Minimax", Kind: vocab.ComputerSeat, Yours: false}},
			[2]string{"Alice (you)", "Computer · Difficult · Minimax"}, false},
		{"markup in names", [2]view.Seat{{Holder: "<script>alert(1)</script", Kind: vocab.Human},
			{Holder: `"><img src=x onerror=alert(1)>`, Kind: vocab.Human, Yours: true}},
			[2]string{"<script>alert(1)</script", `"><img src=x onerror=alert(1)> (you)`}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := page(t, "kalah", nil)
			for i := range p.Seats {
				p.Seats[i].Holder, p.Seats[i].Kind, p.Seats[i].Yours = tc.seats[i].Holder, tc.seats[i].Kind, tc.seats[i].Yours
			}
			html := string(Renderer{}.Frame(p, nil).HTML)
			doc := render(t, p)
			for i, want := range tc.want {
				require.Equal(t, want, strings.TrimSpace(doc.Find(".player.seat"+itoa(i)+" .holder").Text()))
			}
			require.Zero(t, doc.Find(".players script, .players img").Length(), "names are never markup")
			if tc.noHTML {
				require.NotContains(t, html, "<script>alert")
				require.Contains(t, html, "&lt;script&gt;alert(1)&lt;/script")
			}
		})
	}
}

func TestNameFields(t *testing.T) {
	p := page(t, "kalah", nil)
	p.Spectator, p.Controls.Join = true, true
	join := render(t, p).Find("form[data-testid=join]")
	require.Equal(t, 1, join.Length())
	input := join.Find("input[name=name]")
	require.Equal(t, "24", input.AttrOr("maxlength", ""))
	_, filled := input.Attr("data-name-input")
	require.True(t, filled, "the page's script fills the remembered name")
	require.Equal(t, "submit", join.Find("[data-action=join]").AttrOr("type", ""))

	var buf bytes.Buffer
	require.NoError(t, Lobby(LobbyData{Games: game.All(), Form: map[string]string{"name": "<b>Zoë</b>"}}).Render(context.Background(), &buf))
	doc, err := goquery.NewDocumentFromReader(&buf)
	require.NoError(t, err)
	field := doc.Find("form[data-testid=new-room] input[name=name]")
	require.Equal(t, "<b>Zoë</b>", field.AttrOr("value", ""), "a refused form keeps the name, as text")
	require.Equal(t, "24", field.AttrOr("maxlength", ""))
	require.NotContains(t, buf.String(), "<b>Zoë")
}
