package pages_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// The rules pages speak to players: a how-to-play page per game in the
// words of a game box, its diagrams pictures rather than boards to click;
// the rule book's precise words stay on the reference pages, linked from
// the bottom.

// jargon is what the rule book says for programmers and a player's page
// must not.
var jargon = []string{"id amazons", "id kalah", "id angels", "id bishops", "id demons", "Decided", "0-based", "Text board", "Notation"}

func TestRulesHowToPages(t *testing.T) {
	ts := sitetest.New(t)
	c := ts.Browser(t)
	for _, tc := range []struct {
		id, name string
		cells    int // a diagram's cells: the room's board
		marks    int // the cells pointed out, all sections together
		arrows   int // the moves drawn, all sections together
	}{
		{"amazons", "Game of the Amazons", 100, 4, 4},
		{"kalah", "Kalah", 14, 12, 0},
		{"angels", "Angels & Devils", 225, 24, 1},
		{"bishops", "Mad Bishops", 100, 6, 3},
		{"demons", "Angels & Demons", 64, 4, 0},
	} {
		t.Run(tc.id, func(t *testing.T) {
			resp, doc := webtest.Get(t, c, ts.URL+"/rules/"+tc.id)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			main := doc.Find("main")
			require.Equal(t, 1, doc.Find("h1").Length(), "one h1")
			require.Equal(t, tc.name, strings.TrimSpace(doc.Find("h1").Text()))
			var headings []string
			main.Find("h1, h2, h3, h4").Each(func(_ int, s *goquery.Selection) { headings = append(headings, goquery.NodeName(s)) })
			require.Equal(t, []string{"h1", "h2", "h2", "h2", "h2"}, headings, "headings in order, a section each")

			sections := main.Find("[data-testid=howto-section]")
			require.Equal(t, len(game.HowToTitles), sections.Length())
			marks, arrows := 0, 0
			sections.Each(func(i int, s *goquery.Selection) {
				title := strings.TrimSpace(s.Find("h2").Text())
				require.True(t, strings.HasSuffix(title, game.HowToTitles[i]), "section %d is %q", i+1, title)
				require.NotEmpty(t, strings.TrimSpace(s.Find("p").First().Text()), "%s: words", title)
				d := s.Find("figure [data-testid=diagram]")
				require.Equal(t, 1, d.Length(), "%s: a diagram", title)
				require.Equal(t, "img", d.AttrOr("role", ""), "%s: the diagram is one picture", title)
				require.Greater(t, len(d.AttrOr("aria-label", "")), 20, "%s: the picture says what it shows", title)
				require.Equal(t, tc.cells, d.Find(".cell").Length(), "%s: drawn by the room's own cells", title)
				require.NotEmpty(t, strings.TrimSpace(s.Find("figcaption").Text()), "%s: a caption", title)
				marks += d.Find(".cell.marked").Length()
				arrows += d.Find(".howto-arrows line").Length()
			})
			require.Equal(t, tc.marks, marks, "cells pointed out")
			require.Equal(t, tc.arrows, arrows, "moves drawn")
			require.Zero(t, main.Find("button, [role=grid], [data-cell], [tabindex]").Length(), "nothing on the page is a board to click")

			text := main.Text()
			for _, w := range jargon {
				require.NotContains(t, text, w, "a word for programmers")
			}

			last := main.Children().Last()
			require.Equal(t, "for-programmers", last.AttrOr("data-testid", ""), "the reference is linked at the bottom")
			href := last.Find("a[data-testid=reference-link]").AttrOr("href", "")
			require.Equal(t, "/rules/"+tc.id+"/reference", href)
			resp, ref := webtest.Get(t, c, ts.URL+href)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			require.Contains(t, ref.Find("h1").Text(), tc.name)
			require.Contains(t, ref.Find("[data-testid=rules-text]").Text(), "id "+tc.id, "the reference is the rule book's own section")
			require.Equal(t, 1, ref.Find("[data-testid=rules-diagram] [role=img]").Length(), "with the start drawn as a picture")
			require.Zero(t, ref.Find(`pre:not([tabindex="0"])`).Length(), "a text board scrolls in its box: the keyboard reaches it")
		})
	}
}

func TestRulesIndex(t *testing.T) {
	ts := sitetest.New(t)
	c := ts.Browser(t)
	resp, doc := webtest.Get(t, c, ts.URL+"/rules")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "How to play", strings.TrimSpace(doc.Find("h1").Text()))
	var links, names []string
	doc.Find("[data-testid=rules-index] li").Each(func(_ int, s *goquery.Selection) {
		links = append(links, s.Find("a").AttrOr("href", ""))
		names = append(names, s.Find("strong").Text())
		require.Equal(t, 1, s.Find(".mini-board").Length(), "a small start picture")
		require.NotEmpty(t, strings.TrimSpace(s.Find(".howto-pitch").Text()), "a one-line pitch")
	})
	require.Equal(t, []string{"/rules/amazons", "/rules/kalah", "/rules/angels", "/rules/bishops", "/rules/demons"}, links,
		"every game with a how-to-play page (tic-tac-toe, registered by these tests, has none)")
	require.Equal(t, []string{"Game of the Amazons", "Kalah", "Angels & Devils", "Mad Bishops", "Angels & Demons"}, names)
	for _, w := range jargon {
		require.NotContains(t, doc.Find("main").Text(), w)
	}
	href := doc.Find("main [data-testid=reference-link]").AttrOr("href", "")
	require.Equal(t, "/rules/reference", href, "the rule book, for programmers")
	resp, book := webtest.Get(t, c, ts.URL+href)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "The rule book", strings.TrimSpace(book.Find("h1").Text()))
	require.Contains(t, book.Find("main").Text(), "Rooms (all games)", "what holds for every game")
	require.Equal(t, 5, book.Find(".rules-refs a").Length(), "and a link to each game's section")
}

func TestRulesUnknownGame(t *testing.T) {
	ts := sitetest.New(t)
	c := ts.Browser(t)
	for _, tc := range []struct{ path, title string }{
		{"/rules/chess", "No such game"},
		{"/rules/chess/reference", "No such game"},
		{"/rules/tictactoe", "No rules yet"},
		{"/rules/tictactoe/reference", "No rules yet"},
	} {
		resp, doc := webtest.Get(t, c, ts.URL+tc.path)
		require.Equal(t, http.StatusNotFound, resp.StatusCode, tc.path)
		require.Equal(t, tc.title, doc.Find("h1").Text(), tc.path)
	}
}
