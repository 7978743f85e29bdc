// Package sitetest runs the whole site, web.Server over a webtest node, for
// the tests of web's areas (web/<area>): an area's test drives every page
// a person would, so it needs the server that assembles all the areas.
// web's own tests, inside the package, assemble their Server themselves
// (an import of web from there would be a cycle).
package sitetest

import (
	"net/http"
	"testing"

	_ "boardroom/game/all"
	"boardroom/realtime"
	"boardroom/web"
	"boardroom/web/webtest"
)

// Serve assembles the site of a test node: no limits, the lobby's lists
// made for every request.
func Serve(n *webtest.Node) http.Handler { return server(n).Handler() }

// ServeWith is Serve with the server changed first (its push services,
// say).
func ServeWith(change func(*web.Server)) webtest.Handler {
	return func(n *webtest.Node) http.Handler {
		s := server(n)
		change(s)
		return s.Handler()
	}
}

// server is the site of a test node, not yet assembled.
func server(n *webtest.Node) *web.Server {
	return &web.Server{Hub: n.Hub, Store: n.Store, Log: n.Log, Limits: &web.Limits{}, ListsFresh: -1,
		Pools: n.Pools, Site: n.Site, Signouts: n.Signouts, Events: n.Events}
}

// New runs the whole site for a test, on a fresh database; tweaks change
// the hub's config.
func New(t testing.TB, tweaks ...func(*realtime.Config)) *webtest.Node {
	t.Helper()
	return webtest.New(t, Serve, tweaks...)
}

// Start is New with webtest's options (house bots, a shared store, a
// cluster's sign-outs).
func Start(t testing.TB, o webtest.Options) *webtest.Node {
	t.Helper()
	return webtest.Start(t, Serve, o)
}
