package play_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"boardroom/accounts"
	"boardroom/enginetext/fairystockfish"
	"boardroom/game"
	"boardroom/lobby"
	"boardroom/realtime"
	"boardroom/realtime/vocab"
	"boardroom/store"
	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// TestBrowserFairyStockfishHouseBot: Boardroom-Fairy-Stockfish, the house
// bot that Fairy-Stockfish plays (an outside program, under Node), takes a
// challenge in Amazons at once and answers moves in a rated game; a
// challenge in another game is refused with the games it plays. Skipped
// without Node and npm, except in CI, which installs them.
func TestBrowserFairyStockfishHouseBot(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	command, err := fairystockfish.Resolve(ctx, fairystockfish.Name)
	if errors.Is(err, fairystockfish.ErrNoNode) && os.Getenv("CI") == "" {
		t.Skip(err)
	}
	require.NoError(t, err)
	player := fairystockfish.NewPlayer(command, 200*time.Millisecond)
	t.Cleanup(func() { player.Close() })

	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "fs.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	fs, err := lobby.OutsideHouseBot(ctx, &accounts.Service{Store: st}, vocab.FairyStockfish.Label(), vocab.FairyStockfish, game.UCIGames())
	require.NoError(t, err)
	node := sitetest.Start(t, webtest.Options{HouseGames: 2, Store: st, Outside: []lobby.HouseBot{fs},
		Tweaks: []func(*realtime.Config){func(c *realtime.Config) {
			c.Bots = func(g game.Game, level, algorithm string, seed uint64) (game.Bot, error) {
				if vocab.Level(level) == vocab.FairyStockfish {
					return player.Bot(g)
				}
				return game.PlayersOf(g).New(level, algorithm, seed, 0)
			}
		}}})
	browser := webtest.NewBrowser(t, 1440, 900)
	me := newTab(t, browser, "challenger")
	me.SignUpIn(node, "Ines")

	challenge := func(gameID string, rated bool) {
		me.Run("its page", chromedp.Navigate(node.URL+"/@/Boardroom-Fairy-Stockfish"))
		me.WaitShown("[data-testid=house-bot]")
		me.Click("[data-action=challenge]")
		me.WaitShown("form[data-testid=challenge]")
		me.Run("choose "+gameID, chromedp.SetValue(`form[data-testid=challenge] select[name=game]`, gameID),
			chromedp.SetValue(`form[data-testid=challenge] select[name=clock]`, "slow"))
		if rated {
			me.Click(`form[data-testid=challenge] input[name=rated]`)
		}
		me.Run("send", chromedp.Submit(`form[data-testid=challenge]`))
	}
	challenge("kalah", false)
	me.WaitJS("refused", `document.body.textContent.includes("Boardroom-Fairy-Stockfish plays only Game of the Amazons.")`)

	challenge("amazons", true)
	me.WaitJS("in the room", `location.pathname.startsWith("/r/")`)
	me.WaitShown("[data-testid=board]")
	me.WaitJS("its seat", `[...document.querySelectorAll(".player")].some(p => p.textContent.includes("Fairy-Stockfish") && p.querySelector("[data-testid=bot]"))`)
	require.Equal(t, 1, webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=rated]").length`), "rated, as house games are")
	moves := func() int {
		return webtest.EvalJS[int](me.Tab, `document.querySelectorAll("[data-testid=moves] li, .moves li").length`)
	}
	for range 2 {
		// Its move first when it has White; then ours, and its answer.
		deadline := time.Now().Add(30 * time.Second)
		for !webtest.EvalJS[bool](me.Tab, `!!document.querySelector("[data-testid=board] .target")`) && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		before := moves()
		require.True(t, me.PlaySomething(), "our move")
		me.WaitJS("our move shown", `document.querySelectorAll("[data-testid=moves] li, .moves li").length > `+strconv.Itoa(before))
	}
	me.WaitJS("its answer", `document.querySelectorAll("[data-testid=moves] li, .moves li").length >= 4`)
	failed := me.AxeBothThemes("a game against Fairy-Stockfish")
	me.ShotsThatFit(webtest.ScreenshotDir(t), "fairy-stockfish-game")
	require.Empty(t, failed, "axe-core: critical or serious violations:\n%s", strings.Join(failed, "\n"))
}
