// Package pages is the web's area of the pages that are the same for
// everyone and hold no game: the rules (how to play each game, and the
// rule book for programmers), the installable site (the manifest and the
// service worker) and the style rules made from the registry of games
// (/games.css). They are made from the games and the static files once,
// when the server starts.
package pages

import (
	"io"
	"net/http"

	"boardroom/game"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Area serves the pages.
type Area struct {
	Kit *request.Kit

	css string // GamesCSS, made once
	// sw and manifest are /sw.js and /manifest.webmanifest, made once.
	sw, manifest []byte
}

// New makes the pages of the games registered now, for the static files'
// version set already (templates.AssetVersion names the worker's cache).
func New(kit *request.Kit) *Area {
	return &Area{Kit: kit, css: templates.GamesCSS(game.All()), sw: serviceWorker(), manifest: manifest()}
}

// Routes adds the pages.
func (a *Area) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /games.css", a.gamesCSS)
	mux.HandleFunc("GET /sw.js", a.serveServiceWorker)
	mux.HandleFunc("GET /manifest.webmanifest", a.serveManifest)
	mux.HandleFunc("GET /rules", a.rulesIndex)
	mux.HandleFunc("GET /rules/{game}", a.rulesPage)
	mux.HandleFunc("GET /rules/{game}/reference", a.rulesReferencePage)
	mux.HandleFunc("GET /rules/reference", a.rulesReference)
}

// gamesCSS serves the style rules made from the registry of games.
func (a *Area) gamesCSS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	io.WriteString(w, a.css)
}
