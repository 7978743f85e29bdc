package pages

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"boardroom/game"
	"boardroom/web/static"
	"boardroom/web/templates"
)

// The installable site: a web app manifest and a service worker at the
// root (its scope is the whole site), which keeps the static files and the
// lobby's and rules' pages so that the lobby opens offline.

// swPlaceholder is the configuration sw.js carries until the server fills
// in the real one.
const swPlaceholder = `{"version":"dev","precache":[],"pages":[]}`

// swConfig is what the service worker is told: the build's version (which
// names its cache, so a deploy replaces it), the static files to keep and
// the pages whose copies it keeps.
type swConfig struct {
	Version  string   `json:"version"`
	Precache []string `json:"precache"`
	Pages    []string `json:"pages"`
}

// serviceWorker makes /sw.js for this build.
func serviceWorker() []byte {
	cfg := swConfig{Version: templates.AssetVersion, Precache: []string{"/games.css?v=" + templates.AssetVersion}, Pages: []string{"/", "/rules"}}
	_ = fs.WalkDir(static.FS, ".", func(p string, d fs.DirEntry, err error) error {
		// The worker itself, and the licences no page loads, are not kept.
		if err == nil && !d.IsDir() && p != "sw.js" && !strings.HasSuffix(p, ".LICENSE") {
			cfg.Precache = append(cfg.Precache, templates.Asset(p))
		}
		return nil
	})
	for _, g := range game.All() {
		if _, ok := rulesGame(g); ok {
			cfg.Pages = append(cfg.Pages, "/rules/"+g.ID())
		}
	}
	// Only the lobby is fetched at install; the rules' copies are kept as
	// they are visited (an install stays light on a first visit).
	cfg.Precache = append(cfg.Precache, "/")
	b, _ := json.Marshal(cfg)
	return bytes.Replace(static.ServiceWorker(), []byte(swPlaceholder), b, 1)
}

// serveServiceWorker serves /sw.js, to be fetched again at every visit (a
// browser checks a worker for changes, and this one changes with a deploy).
func (a *Area) serveServiceWorker(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Service-Worker-Allowed", "/")
	w.Write(a.sw)
}

// manifestIcon is one icon of the manifest.
type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

// colors are a theme's colours for the manifest.
type colors struct {
	Theme      string `json:"theme_color"`
	Background string `json:"background_color"`
}

// manifest is the web app manifest: what a browser needs to install the
// site as an app of its own (name, start page, standalone window, colours,
// icons in every size and a maskable variant for round or squircle masks).
func manifest() []byte {
	icon := func(file, sizes, purpose string) manifestIcon {
		kind := "image/png"
		if path.Ext(file) == ".svg" {
			kind = "image/svg+xml"
		}
		return manifestIcon{Src: templates.Asset(file), Sizes: sizes, Type: kind, Purpose: purpose}
	}
	m := struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		ShortName   string `json:"short_name"`
		Description string `json:"description"`
		StartURL    string `json:"start_url"`
		Scope       string `json:"scope"`
		Display     string `json:"display"`
		colors
		// The dark theme's colours, in the proposed member that browsers
		// which know it use when the system is dark (others ignore it).
		Preferences struct {
			ColorScheme struct {
				Dark colors `json:"dark"`
			} `json:"color_scheme"`
		} `json:"user_preferences"`
		Icons []manifestIcon `json:"icons"`
	}{
		ID: "/", Name: "Boardroom", ShortName: "Boardroom",
		Description: "Five abstract strategy games: play a friend through a link, the computer, or watch it play itself.",
		StartURL:    "/", Scope: "/", Display: "standalone",
		colors: colors{Theme: "#1f2a44", Background: "#f4f1ea"},
		Icons: []manifestIcon{
			icon("favicon.svg", "any", "any"),
			icon("icons/icon-192.png", "192x192", "any"),
			icon("icons/icon-512.png", "512x512", "any"),
			icon("icons/icon-maskable.svg", "any", "maskable"),
			icon("icons/icon-maskable-192.png", "192x192", "maskable"),
			icon("icons/icon-maskable-512.png", "512x512", "maskable"),
		},
	}
	m.Preferences.ColorScheme.Dark = colors{Theme: "#0b0f18", Background: "#12151c"}
	b, _ := json.MarshalIndent(m, "", "  ")
	return b
}

func (a *Area) serveManifest(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/manifest+json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(a.manifest)
}
