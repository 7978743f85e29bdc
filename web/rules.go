package web

import (
	"bytes"
	"context"
	"io"
	"net/http"

	"github.com/a-h/templ"
	"github.com/yuin/goldmark"

	"boardroom/docs"
	"boardroom/game"
	"boardroom/realtime/view"
	"boardroom/web/templates"
)

// The rules pages: docs/rules.md, a game's section at /rules/{game}, each
// with its starting position drawn by the room's own board.

func (s *Server) rulesIndex(w http.ResponseWriter, r *http.Request) {
	var games []templates.RulesGame
	for _, g := range game.All() {
		if rg, ok := rulesGame(g); ok {
			games = append(games, rg)
		}
	}
	var common []templ.Component
	for _, text := range docs.Common() {
		common = append(common, markdown(text))
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.RulesIndex(games, common).Render(r.Context(), w)
}

func (s *Server) rulesPage(w http.ResponseWriter, r *http.Request) {
	g, err := game.Lookup(r.PathValue("game"))
	if err != nil {
		s.errorPage(w, r, http.StatusNotFound, "No such game", "There are no rules for this game. See all the rules at /rules.")
		return
	}
	rg, ok := rulesGame(g)
	if !ok {
		s.errorPage(w, r, http.StatusNotFound, "No rules yet", "This game has no rules written down yet.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.RulesPage(rg).Render(r.Context(), w)
}

// rulesGame is a game's rules and starting position; ok is false for a game
// whose rules are not in the rule book.
func rulesGame(g game.Game) (templates.RulesGame, bool) {
	text, ok := docs.Section(game.ViewOf(g).RulesAnchor())
	if !ok {
		return templates.RulesGame{}, false
	}
	start, err := g.New(nil)
	if err != nil {
		return templates.RulesGame{}, false
	}
	return templates.RulesGame{Game: g, Start: view.Picture(g, start), Text: markdown(text)}, true
}

// markdown renders the rule book's text; goldmark leaves out any raw HTML.
func markdown(text string) templ.Component {
	var buf bytes.Buffer
	html := ""
	if err := goldmark.Convert([]byte(text), &buf); err == nil {
		html = buf.String()
	} else { // writing into memory does not fail; show the text as it is
		html = "<pre>" + templ.EscapeString(text) + "</pre>"
	}
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, html)
		return err
	})
}
