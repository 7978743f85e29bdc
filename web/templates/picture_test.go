package templates_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/web/templates"
)

// TestPictures: every game's card is one small SVG drawn from its View,
// with its pieces (the sprite's symbols carried in it), the same bytes for
// the same position; Angels & Demons shows a game in play, not an empty
// board, and a lone piece is drawn big enough to read.
func TestPictures(t *testing.T) {
	dir := os.Getenv("PICTURES_DIR") // set to look at them
	for _, g := range game.All() {
		t.Run(g.ID(), func(t *testing.T) {
			s := game.ShowcaseOf(g)
			require.NotNil(t, s)
			p := templates.DrawPicture(g, s)
			svg := string(p.SVG)
			require.True(t, strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg"`), svg)
			require.True(t, strings.HasSuffix(svg, `</svg>`))
			require.Less(t, len(svg), 12_000, "small")
			require.Len(t, p.Version, 12)
			require.Equal(t, p, templates.DrawPicture(g, s.Clone()), "the same position, the same picture")
			for _, use := range strings.Split(svg, `<use href="#`)[1:] {
				name := use[:strings.IndexByte(use, '"')]
				require.Contains(t, svg, `<symbol id="`+name+`"`, "the picture carries its pieces")
			}
			require.NotContains(t, svg, `class=`, "no style sheet reaches an image")
			if dir != "" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, g.ID()+".svg"), p.SVG, 0o644))
			}
		})
	}
	demons, err := game.Lookup("demons")
	require.NoError(t, err)
	svg := string(templates.DrawPicture(demons, game.ShowcaseOf(demons)).SVG)
	require.Contains(t, svg, `href="#halo"`, "the Angels' squares")
	require.Contains(t, svg, `href="#horns"`, "the Demons' squares")
	angels, err := game.Lookup("angels")
	require.NoError(t, err)
	svg = string(templates.DrawPicture(angels, game.ShowcaseOf(angels)).SVG)
	require.Regexp(t, `href="#angel" x="[0-9.]+" y="[0-9.]+" width="30"`, svg, "the Angel a fifth of the board wide, not a dot")
}
