// Package templates draws Boardroom's pages with templ: the layout, the
// lobby, the room page and its live fragment, and every game's board from
// its game.View.
// Components take plain data (realtime/view.Page, LobbyData) and never
// change it.
package templates

// AssetVersion is appended to static URLs so browsers fetch new files after
// a deploy; the server sets it from the embedded files' hash.
var AssetVersion = "dev"

// Asset returns the URL of a static file.
func Asset(name string) string { return "/static/" + name + "?v=" + AssetVersion }
