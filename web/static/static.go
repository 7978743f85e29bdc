// Package static embeds Boardroom's static files (stylesheet, script, SVG
// pieces, vendored htmx) and serves them with long cache lifetimes; URLs
// carry a version (see Version) so a new build is fetched at once.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"sort"
	"strings"
)

//go:embed app.css app.js conn.js keys.js pick.js sound.js theme.js menu.js names.js chat.js pwa.js notify.js pool.js passkey.js site.js sw.js pieces.svg favicon.svg icons vendor
var files embed.FS

// Sprite returns the SVG symbols of the pieces, for pages to include once
// and reference with <use href="#name">: same-document references take
// their colours from CSS reliably, which external ones do not.
func Sprite() string {
	b, _ := fs.ReadFile(files, "pieces.svg")
	return string(b)
}

// ServiceWorker returns the service worker's script, whose configuration
// the server fills in (it is served at /sw.js, not from here).
func ServiceWorker() []byte {
	b, _ := fs.ReadFile(files, "sw.js")
	return b
}

// FS is the embedded files.
var FS fs.FS = files

// Version is a short hash of every embedded file, for cache-busting URLs.
func Version() string {
	h := sha256.New()
	var names []string
	_ = fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, path)
		}
		return nil
	})
	sort.Strings(names)
	for _, n := range names {
		b, _ := fs.ReadFile(files, n)
		h.Write([]byte(n))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// Handler serves the files; mount it under /static/. A folder is not
// listed: what the site serves is no business of a visitor's.
func Handler() http.Handler {
	fileServer := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "" || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		if info, err := fs.Stat(files, r.URL.Path); err == nil && info.IsDir() {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		fileServer.ServeHTTP(w, r)
	})
}
