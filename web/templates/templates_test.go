package templates

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

func render(t *testing.T, p *view.Page) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(Renderer{}.Frame(p, nil).HTML))
	require.NoError(t, err)
	return doc
}

func page(t *testing.T, id string, opts map[string]string) *view.Page {
	g, err := game.Lookup(id)
	require.NoError(t, err)
	s, err := g.New(opts)
	require.NoError(t, err)
	return &view.Page{RoomID: "room1", Game: g, State: s, Mode: "friend", Seats: [2]view.Seat{{Name: g.Seats()[0]}, {Name: g.Seats()[1]}}}
}

// TestBoardsHaveACellPerSquare checks the data-cell hooks of every board.
func TestBoardsHaveACellPerSquare(t *testing.T) {
	tests := []struct {
		id         string
		opts       map[string]string
		cells      int
		first, far string
	}{
		{"amazons", nil, 100, "0,0", "9,9"},
		{"bishops", nil, 100, "0,0", "9,9"},
		{"angels", map[string]string{"size": "9"}, 81, "0,0", "8,8"},
		{"demons", map[string]string{"size": "6"}, 36, "0,0", "5,5"},
		{"kalah", map[string]string{"houses": "4"}, 10, "0,0", "1,5"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			doc := render(t, page(t, tc.id, tc.opts))
			cells := doc.Find("[data-testid=board] [data-cell]")
			require.Equal(t, tc.cells, cells.Length())
			require.Equal(t, 1, doc.Find(fmt.Sprintf(`[data-cell="%s"]`, tc.first)).Length())
			require.Equal(t, 1, doc.Find(fmt.Sprintf(`[data-cell="%s"]`, tc.far)).Length())
			cells.Each(func(_ int, c *goquery.Selection) {
				require.Equal(t, "button", goquery.NodeName(c), "cells are buttons (keyboard-focusable)")
				require.NotEmpty(t, c.AttrOr("aria-label", ""))
				require.Regexp(t, `^\d+,\d+$`, c.AttrOr("data-cell", ""))
			})
			require.Zero(t, cells.Filter("[ws-send], [hx-vals]").Length(), "app.js sends the clicked cell")
		})
	}
}

func TestKalahGridFollowsTheTestHooks(t *testing.T) {
	doc := render(t, page(t, "kalah", nil))
	require.Contains(t, doc.Find(`[data-cell="0,0"]`).AttrOr("aria-label", ""), "P2: 0 seeds in the store")
	require.Contains(t, doc.Find(`[data-cell="0,1"]`).AttrOr("aria-label", ""), "P2 house 6")
	require.Contains(t, doc.Find(`[data-cell="0,6"]`).AttrOr("aria-label", ""), "P2 house 1")
	require.Contains(t, doc.Find(`[data-cell="1,1"]`).AttrOr("aria-label", ""), "P1 house 1")
	require.Contains(t, doc.Find(`[data-cell="1,7"]`).AttrOr("aria-label", ""), "P1: 0 seeds in the store")
	require.Equal(t, "4", doc.Find(`[data-cell="1,3"] .count`).Text())
}

// A page sent the moves' paths marks what may be clicked itself (pick.js):
// the server draws no targets on it, so that its cells change only with the
// position, and carries the paths in a part of their own.
func TestAPageWithPathsDrawsItsOwnTargets(t *testing.T) {
	p := page(t, "amazons", nil)
	p.Targets = map[game.Cell]bool{{Row: 9, Col: 3}: true}
	p.Paths = "2JDDDJD"
	doc := render(t, p)
	require.False(t, doc.Find(`[data-cell="9,3"]`).HasClass("target"))
	require.NotContains(t, doc.Find(`[data-cell="9,3"]`).AttrOr("aria-label", ""), "can be clicked")
	require.Equal(t, "2JDDDJD", doc.Find("#paths").AttrOr("data-paths", ""))

	p.Paths = ""
	doc = render(t, p)
	require.True(t, doc.Find(`[data-cell="9,3"]`).HasClass("target"), "without paths the server marks them")
	require.Contains(t, doc.Find(`[data-cell="9,3"]`).AttrOr("aria-label", ""), ", can be clicked")
	require.Equal(t, 1, doc.Find("#paths").Length(), "the part is there, empty")
}

func TestLiveShowsTheViewersState(t *testing.T) {
	p := page(t, "amazons", nil)
	d1 := game.Cell{Row: 9, Col: 3}
	p.Selected = []game.Cell{d1}
	p.Targets = map[game.Cell]bool{{Row: 8, Col: 3}: true}
	p.LastMove = []game.Cell{{Row: 0, Col: 0}}
	p.Turn, p.Flash, p.Error = "Your move", "bad", "That is not a legal move."
	p.Moves = []view.Move{{Ply: 1, Seat: 0, Text: "d1-d7/g7", Current: true}}
	p.Spectators = 3
	p.ShareURL = "http://x/r/room1"
	p.Clock = view.Clock{Enabled: true, Running: true, RemainingMS: 9500, Label: "Bullet · 10 s"}
	doc := render(t, p)
	require.Equal(t, "live", doc.Find("div").First().AttrOr("id", ""), "the fragment replaces #live")
	require.True(t, doc.Find(`[data-cell="9,3"]`).HasClass("selected"))
	require.True(t, doc.Find(`[data-cell="8,3"]`).HasClass("target"))
	require.False(t, doc.Find(`[data-cell="7,3"]`).HasClass("target"))
	require.True(t, doc.Find(`[data-cell="0,0"]`).HasClass("last"))
	require.Equal(t, "Your move", doc.Find("[data-testid=turn]").Text())
	require.Equal(t, "That is not a legal move.", doc.Find("[data-testid=error]").Text())
	require.True(t, doc.Find("[data-testid=clock]").HasClass("flash-bad"))
	require.Equal(t, "9500", doc.Find("[data-testid=clock]").AttrOr("data-remaining-ms", ""))
	require.Contains(t, doc.Find("[data-testid=clock]").Text(), "0:10")
	require.Equal(t, "d1-d7/g7", doc.Find("[data-testid=moves] [data-testid=move]").Text())
	require.Equal(t, "3", doc.Find("[data-testid=spectators]").Text())
	require.Contains(t, doc.Find(".share .muted").Text(), "3 watching · Game of the Amazons")
	require.Equal(t, "http://x/r/room1", doc.Find("[data-testid=share-link]").AttrOr("value", ""))
}

func TestControlsFollowTheRole(t *testing.T) {
	spectator := page(t, "kalah", nil)
	spectator.Spectator = true
	spectator.Controls.Join = true
	doc := render(t, spectator)
	require.Equal(t, 1, doc.Find("[data-action=join]").Length())
	spectator.Controls.Join = false // a full room
	require.Equal(t, 0, render(t, spectator).Find("[data-action=join]").Length(), "Join only while a seat is free")
	require.Equal(t, 0, doc.Find("[data-action=undo], [data-action=resign]").Length())

	player := page(t, "kalah", nil)
	player.Mode = "computer"
	player.Controls = view.Controls{Undo: true, Save: true, Resign: true, New: true}
	doc = render(t, player)
	require.Equal(t, 0, doc.Find("[data-action=join]").Length())
	_, disabled := doc.Find("[data-action=undo]").Attr("disabled")
	require.False(t, disabled)
	_, disabled = doc.Find("[data-action=redo]").Attr("disabled")
	require.True(t, disabled)

	player.Request = &view.Request{Kind: "takeback", Text: "Your opponent asks to take back their last move."}
	player.Over = true
	player.Controls.Replay = true
	doc = render(t, player)
	for _, a := range []string{"takeback-accept", "takeback-decline", "replay-first", "replay-prev", "replay-next", "replay-last", "replay-play"} {
		require.Equal(t, 1, doc.Find("[data-action="+a+"]").Length(), a)
	}
}

// TestButtonsSendTheRoomsActions checks that every button of the room page
// sends the action it is named for, and that the room knows that action.
func TestButtonsSendTheRoomsActions(t *testing.T) {
	tests := []struct {
		name  string
		setup func(p *view.Page)
	}{
		{"playing", func(p *view.Page) {
			p.Mode = vocab.Computer
			p.Controls = view.Controls{Join: true, Undo: true, Redo: true, Save: true, Load: true, New: true, Resign: true,
				Pause: true, Resume: true, Step: true, Hint: true, ClaimWin: true, ClaimDraw: true, Draw: true, Berserk: true}
			p.Request = &view.Request{Kind: vocab.TakebackProposal}
		}},
		{"aborting", func(p *view.Page) { p.Controls = view.Controls{Abort: true} }},
		{"replaying", func(p *view.Page) {
			p.Over = true
			p.Controls = view.Controls{Replay: true, Rematch: true}
			p.Replay = view.Replay{Active: true, Ply: 1, Total: 2}
		}},
	}
	seen := map[vocab.Action]bool{}
	for _, tc := range tests {
		p := page(t, "kalah", nil)
		tc.setup(p)
		doc := render(t, p)
		doc.Find("[data-action]:not([ws-send])").Each(func(_ int, b *goquery.Selection) {
			name := b.AttrOr("data-action", "")
			if form := b.Closest("form[ws-send]"); form.Length() > 0 { // Join: its form sends the action with a name
				a, ok := vocab.ParseAction(name)
				require.True(t, ok, "%s: %q is one of the room's actions", tc.name, name)
				require.Equal(t, actionMessage(a), form.AttrOr("hx-vals", ""))
				seen[a] = true
				return
			}
			if b.AttrOr("data-confirm", "") == name { // asked again: its confirm button sends it
				require.Equal(t, 1, doc.Find("[data-action="+name+"-confirm][ws-send]").Length(), "%s: %s is confirmed", tc.name, name)
				return
			}
			require.Contains(t, []string{"flip", "zoom"}, name, "%s: only the page's own controls send nothing", tc.name)
		})
		doc.Find("[data-action][ws-send]").Each(func(_ int, b *goquery.Selection) {
			name := strings.TrimSuffix(b.AttrOr("data-action", ""), "-confirm")
			a, ok := vocab.ParseAction(name)
			require.True(t, ok, "%s: %q is one of the room's actions", tc.name, name)
			require.Equal(t, actionMessage(a), b.AttrOr("hx-vals", ""))
			seen[a] = true
		})
	}
	for _, a := range vocab.Actions() {
		if a != vocab.Cancel { // no button: the room takes it from any page
			require.True(t, seen[a], "a button sends %s", a)
		}
	}
}

func TestScoreboards(t *testing.T) {
	for id, want := range map[string]string{
		"kalah": "Stores: P1 0 · P2 0", "bishops": "White 25 · Black 25 · +0", "demons": "Angels 0 · Demons 0",
		"angels":  "Blocked 0 · Angel 7 from the edge",
		"amazons": "Estimate: White +10.4 squares of territory", // the computer's judgement replaces "Arrows 0"
	} {
		require.Equal(t, want, scoreLine(page(t, id, nil)), id)
	}
}

func TestLobbyForm(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Lobby(LobbyData{Games: game.All(), Form: map[string]string{"game": "kalah", "houses": "4"}, Error: "Bad."}).Render(context.Background(), &buf))
	doc, err := goquery.NewDocumentFromReader(&buf)
	require.NoError(t, err)
	require.Equal(t, "Bad.", doc.Find("[data-testid=form-error]").Text())
	_, sel := doc.Find(`input[name=game][value=kalah]`).Attr("checked")
	require.True(t, sel, "a refused form keeps its values")
	require.Equal(t, "4", doc.Find(`input[name=houses]`).AttrOr("value", ""))
	require.True(t, strings.Contains(doc.Find(`[name=size]`).Parent().Text(), "Angels & Devils"), "a shared field says which games use it")
	require.Equal(t, 1, doc.Find(`input[name=game]:checked, input[name=game][checked]`).Length(), "one game chosen")
	require.Equal(t, len(game.All()), doc.Find(`[data-game-card] img.picture[src^="/games/"][alt$=board]`).Length(), "every game's card shows its board")
	require.Equal(t, 0, doc.Find(`[data-game-card] .mini-board`).Length(), "as one picture, not cell by cell")
	require.Contains(t, doc.Find(`[data-game-card=kalah] small`).Text(), "seeds", "and says what it is")
}

// TestSpectatorCountAloneIsThePart: the count sent on its own is the same
// element as the fragment's spectators part, so either updates the page.
func TestSpectatorCountAloneIsThePart(t *testing.T) {
	p := page(t, "kalah", nil)
	p.Spectators = 7
	f := Renderer{}.Frame(p, nil)
	for i := range f.Parts() {
		if id, html := f.Part(i); id == "spectators" {
			require.Equal(t, string(html), string(Renderer{}.Spectators(7)))
			return
		}
	}
	t.Fatal("the fragment has no spectators part")
}

func TestNeedsEscape(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"", false}, {"White queen on d1", false}, {"Angel · 7 from the edge", false},
		{"a&b", true}, {"<", true}, {"x>", true}, {`say "hi"`, true}, {"it's", true},
	} {
		require.Equal(t, tc.want, needsEscape(tc.in), tc.in)
		require.Equal(t, tc.want, html.EscapeString(tc.in) != tc.in, "agrees with html.EscapeString: %s", tc.in)
	}
}

// actionMessage is the message a button of action a must send (its
// hx-vals, written as a constant in the templates).
func actionMessage(a vocab.Action) string { return `{"action":"` + string(a) + `"}` }

// The replay's evaluation graph names the first seat's side, in the
// plural for a plural seat ("from Angels's side" once).
func TestEvalGraphSaysWhoseSide(t *testing.T) {
	tests := []struct{ game, label string }{
		{"amazons", "Evaluation over the game, from White's side"},
		{"demons", "Evaluation over the game, from Angels' side"},
	}
	for _, tc := range tests {
		p := page(t, tc.game, nil)
		p.Over, p.Replay = true, view.Replay{Active: true, Ply: 1, Total: 2} // a finished game replayed
		p.Evals = []float64{0, 1, 2}
		doc := render(t, p)
		require.Equal(t, tc.label, doc.Find("[data-testid=eval-graph] svg").AttrOr("aria-label", ""), tc.game)
	}
}

// TestAFinishedGameShowsItsEnding: once the game is over, the disabled
// Takeback, Save, Load and Resign go (what still works stays: rematch,
// replay, an undo against the computer), and the note of the last move
// gives way to the ending (issue 42: "P2 played 3: … another turn" stayed
// under "P1 wins — P2 resigned").
func TestAFinishedGameShowsItsEnding(t *testing.T) {
	tests := []struct {
		name     string
		mode     vocab.Mode
		controls view.Controls
		want     []string // the actions shown; every other player control is gone
	}{
		{"between two people", vocab.Friend, view.Controls{Rematch: true, Replay: true},
			[]string{"rematch", "replay-first"}},
		{"against the computer, undo still works", vocab.Computer, view.Controls{Undo: true, Rematch: true, Replay: true},
			[]string{"undo", "rematch", "replay-first"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := page(t, "kalah", nil)
			p.Mode = tc.mode
			p.Moves = []view.Move{{Ply: 1, Seat: 1, Text: "3", Said: "the last seed lands in the store: another turn"}}
			p.Turn, p.Status = "Game over", "You won — P1 resigned"
			p.Over, p.Controls = true, tc.controls
			doc := render(t, p)
			for _, a := range tc.want {
				require.Equal(t, 1, doc.Find("[data-action="+a+"]").Length(), a)
			}
			for _, a := range []string{"undo", "redo", "save", "load", "resign", "abort"} {
				if !slices.Contains(tc.want, a) {
					require.Zero(t, doc.Find("[data-action="+a+"]").Length(), "%s after the game", a)
				}
			}
			require.Zero(t, doc.Find("[data-testid=last-said]").Length(), "the ending, not the last move's note")

			p.Over, p.Turn, p.Status = false, "P1 to move", ""
			p.Controls = view.Controls{Resign: true}
			doc = render(t, p)
			require.Equal(t, "P2 played 3: the last seed lands in the store: another turn.", doc.Find("[data-testid=last-said]").Text(), "during the game")
			for _, a := range []string{"undo", "save", "load", "resign"} {
				require.Equal(t, 1, doc.Find("[data-action="+a+"]").Length(), "%s during the game, greyed or not", a)
			}
		})
	}
}

// A correspondence clock's time left is shown in days and hours, or hours
// and minutes under a day; a clock of seconds as minutes and seconds.
func TestClockInDays(t *testing.T) {
	tests := []struct {
		left time.Duration
		want string
	}{
		{2*24*time.Hour + 5*time.Hour + 59*time.Minute, "2 days 5 h"},
		{5*time.Hour + 12*time.Minute, "5 h 12 min"},
		{59 * time.Second, "0:59"},
	}
	for _, tc := range tests {
		p := page(t, "kalah", nil)
		p.Clock = view.Clock{Enabled: true, Running: true, RemainingMS: tc.left.Milliseconds(), Label: "Correspondence · 3 days"}
		doc := render(t, p)
		require.Equal(t, tc.want, doc.Find("[data-testid=clock] .time").Text())
	}
}
