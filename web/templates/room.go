package templates

import (
	"bytes"
	"context"
	"fmt"
	"strconv"

	"boardroom/game"
	"boardroom/game/amazons"
	"boardroom/game/angels"
	"boardroom/game/bishops"
	"boardroom/game/demons"
	"boardroom/game/kalah"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// Renderer draws the room's live fragment; it implements realtime.Renderer.
type Renderer struct{}

// Frame renders the part of the room page that the WebSocket replaces,
// with its parts marked (package frame).
func (Renderer) Frame(p *view.Page) *frame.Frame {
	var b frame.Builder
	b.Grow(cellCount(p.State) + 16) // every cell is a part, and about a dozen others
	if err := Live(p).Render(withBuilder(context.Background(), &b), b.Buffer()); err != nil {
		// Rendering into memory fails only on a template bug; show it.
		var buf bytes.Buffer
		fmt.Fprintf(&buf, `<div id="live"><p class="toast" role="alert">The page could not be drawn: %s</p></div>`, err)
		return frame.Whole(buf.Bytes())
	}
	return b.Frame()
}

// cellCount is how many cells the position's board has.
func cellCount(s game.State) int {
	switch st := s.(type) {
	case *amazons.State:
		return amazons.Size * amazons.Size
	case *bishops.State:
		return bishops.Size * bishops.Size
	case *angels.State:
		return st.Size() * st.Size()
	case *demons.State:
		return st.Size() * st.Size()
	case *kalah.State:
		return 2 * (st.Houses() + 1)
	}
	return 0
}

// Spectators renders the spectator count on its own; the page swaps it
// into place by its id.
func (Renderer) Spectators(n int) []byte {
	var buf bytes.Buffer
	if err := spectatorCount(n).Render(context.Background(), &buf); err != nil {
		return nil // writing into memory does not fail
	}
	return buf.Bytes()
}

// Estimator gives the scoreboard's estimate for games scored by the
// computer's judgement (Amazons); nil shows none. The server plugs in the AI.
var Estimator func(s game.State) (text string, ok bool)

// Score is the scoreboard line of docs/rules.md for the position.
func Score(s game.State) string {
	switch st := s.(type) {
	case *kalah.State:
		return fmt.Sprintf("Stores: P1 %d · P2 %d", st.Store(game.First), st.Store(game.Second))
	case *bishops.State:
		w, b := st.Count(game.First), st.Count(game.Second)
		return fmt.Sprintf("White %d · Black %d · %+d", w, b, w-b)
	case *demons.State:
		c := st.Covered()
		return fmt.Sprintf("Angels %d · Demons %d", c[0], c[1])
	case *angels.State:
		return fmt.Sprintf("Blocked %d · Angel %d from the edge", st.BlockedCount(), st.EdgeDistance())
	case *amazons.State:
		if Estimator != nil {
			if text, ok := Estimator(s); ok {
				return text
			}
		}
		return fmt.Sprintf("Arrows %d", st.Arrows().Count())
	}
	sc := s.Score()
	return fmt.Sprintf("%d · %d", sc[0], sc[1])
}

// actionVals is the message a button sends: one of the room's actions.
func actionVals(a vocab.Action) string { return `{"action":"` + string(a) + `"}` }

func cellID(c game.Cell) string {
	return "c" + strconv.Itoa(int(c.Row)) + "-" + strconv.Itoa(int(c.Col))
}

func itoa(n int) string { return strconv.Itoa(n) }

// clockText shows milliseconds as m:ss.
func clockText(ms int64) string {
	s := (ms + 999) / 1000
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func seatClass(i int) string { return "seat" + strconv.Itoa(i) }

// flashID is empty without a flash, so that it changes nothing then.
func flashID(p *view.Page) string {
	if p.Flash == "" && p.Error == "" {
		return ""
	}
	return strconv.FormatUint(p.FlashID, 10)
}

func version(p *view.Page) string { return strconv.FormatUint(p.Version, 10) }

// undoLabel is "Undo" where undo is immediate, "Takeback" between people.
func undoLabel(p *view.Page) string {
	if p.Mode == vocab.Friend {
		return "Takeback"
	}
	return "Undo"
}

func seatNameOf(p *view.Page, seat int) string {
	if seat < 0 {
		return ""
	}
	return p.Game.Seats()[seat]
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func optionsSuffix(opts string) string {
	if opts == "" {
		return ""
	}
	return " (" + opts + ")"
}

// rematchLabel says what the rematch button does now: offer, accept the
// opponent's offer, or withdraw one's own.
func rematchLabel(p *view.Page) string {
	switch {
	case p.Request == nil || p.Request.Kind != vocab.RematchProposal:
		return "Rematch"
	case p.Request.FromMe:
		return "Cancel rematch"
	}
	return "Accept rematch"
}
