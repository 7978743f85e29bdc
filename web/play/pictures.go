package play

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/store"
	"boardroom/web/templates"
)

// The pictures of the lobby: each game's card and each listed room's
// position, one SVG each (templates.DrawPicture). Their addresses name
// their version (a digest of the picture), so a browser keeps one for as
// long as it likes and fetches a room's again only when its position
// changed.

// pictureCache keeps the rooms' pictures the lists drew lately, by
// version, so that serving one costs nothing.
type pictureCache struct {
	mu sync.Mutex
	m  map[string][]byte
}

// put keeps p and returns it.
func (c *pictureCache) put(p templates.Picture) templates.Picture {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) > 512 {
		c.m = map[string][]byte{} // old pictures are not worth keeping
	}
	c.m[p.Version] = p.SVG
	return p
}

func (c *pictureCache) get(version string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	svg, ok := c.m[version]
	return svg, ok
}

// servePicture answers with a picture: for ever when it is the version
// asked for, else (the position moved on, or an old address) the current
// one, to be asked again next time.
func servePicture(w http.ResponseWriter, svg []byte, version string, asked bool) {
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("ETag", `"`+version+`"`)
	if asked {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	w.Write(svg)
}

// gamePicture serves a game's card picture (/games/{file}, "kalah.svg").
func (a *Area) gamePicture(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	const ext = ".svg"
	if len(file) <= len(ext) || file[len(file)-len(ext):] != ext {
		a.Kit.NotFound(w, r)
		return
	}
	g, err := game.Lookup(file[:len(file)-len(ext)])
	if err != nil {
		a.Kit.NotFound(w, r)
		return
	}
	p, ok := templates.CardPicture(g)
	if !ok {
		a.Kit.NotFound(w, r)
		return
	}
	servePicture(w, p.SVG, p.Version, r.URL.Query().Get("v") == p.Version)
}

// roomPicture serves a room's position (/r/{id}/picture.svg?v=VERSION):
// the version the lists drew, or, when this server has not got it (drawn
// by another, or long ago), the room's position now.
func (a *Area) roomPicture(w http.ResponseWriter, r *http.Request) {
	v := r.URL.Query().Get("v")
	if svg, ok := a.pictures.get(v); ok {
		servePicture(w, svg, v, true)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	id := r.PathValue("id")
	rec, err := a.Store.Room(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		a.Kit.NoSuchRoom(w, r)
		return
	}
	var g game.Game
	if err == nil {
		g, err = game.Lookup(rec.Game)
	}
	var st game.State
	if err == nil {
		st, err = match.Position(g, rec)
	}
	if err != nil {
		http.Error(w, "the picture is not available now", http.StatusServiceUnavailable)
		return
	}
	p := templates.DrawPicture(g, st)
	servePicture(w, p.SVG, p.Version, p.Version == v)
}
