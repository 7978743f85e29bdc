package pages

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/a-h/templ"
	"github.com/yuin/goldmark"

	"boardroom/docs"
	"boardroom/game"
	"boardroom/realtime/view"
	"boardroom/web/templates"
)

// The rules pages. Players read /rules, an index of the games, and
// /rules/{game}, the game's how-to-play page from its View (game.HowTo),
// whose diagrams the room's own board draws. Programmers read the rule book,
// docs/rules.md, as it is: a game's section at /rules/{game}/reference and
// what holds for every game at /rules/reference.

func (a *Area) rulesIndex(w http.ResponseWriter, r *http.Request) {
	var games []templates.HowToGame
	for _, g := range game.All() {
		if hg, ok := howToGame(g); ok {
			games = append(games, hg)
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.RulesIndex(games).Render(r.Context(), w)
}

func (a *Area) rulesPage(w http.ResponseWriter, r *http.Request) {
	g, ok := a.rulesOf(w, r)
	if !ok {
		return
	}
	hg, ok := howToGame(g)
	if !ok {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No rules yet", "This game has no rules written down yet.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.HowToPage(hg).Render(r.Context(), w)
}

func (a *Area) rulesReferencePage(w http.ResponseWriter, r *http.Request) {
	g, ok := a.rulesOf(w, r)
	if !ok {
		return
	}
	rg, ok := rulesGame(g)
	if !ok {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No rules yet", "This game has no rules written down yet.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.ReferencePage(rg).Render(r.Context(), w)
}

func (a *Area) rulesReference(w http.ResponseWriter, r *http.Request) {
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
	templates.RulesReference(games, common).Render(r.Context(), w)
}

// rulesOf is the game a rules page is about, or a 404 page.
func (a *Area) rulesOf(w http.ResponseWriter, r *http.Request) (game.Game, bool) {
	g, err := game.Lookup(r.PathValue("game"))
	if err != nil {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such game", "There are no rules for this game. See all the games at /rules.")
		return nil, false
	}
	return g, true
}

// howToGame is a game's how-to-play page, its diagrams' positions
// decoded; ok is false for a game that has none.
func howToGame(g game.Game) (templates.HowToGame, bool) {
	sections := game.ViewOf(g).HowTo()
	start, err := g.New(nil)
	if len(sections) == 0 || err != nil {
		return templates.HowToGame{}, false
	}
	hg := templates.HowToGame{Game: g, Start: view.Picture(g, start)}
	for _, s := range sections {
		hs := templates.HowToSection{HowToSection: s}
		if st, err := s.Diagram.State(); err == nil && st.Game().ID() == g.ID() {
			hs.Picture = view.Picture(g, st)
		}
		hg.Sections = append(hg.Sections, hs)
	}
	return hg, true
}

// rulesGame is a game's section of the rule book and its starting
// position; ok is false for a game whose rules are not in the rule book.
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
		// A text board is wider than a phone and scrolls in its box: the
		// keyboard must be able to reach it to scroll it.
		html = strings.ReplaceAll(buf.String(), "<pre>", `<pre tabindex="0">`)
	} else { // writing into memory does not fail; show the text as it is
		html = "<pre>" + templ.EscapeString(text) + "</pre>"
	}
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, html)
		return err
	})
}
