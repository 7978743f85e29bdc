package templates

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// Renderer draws the room's live fragment; it implements match.Renderer.
type Renderer struct{}

// Frame renders the part of the room page that the WebSocket replaces,
// with its parts marked (package frame). The frames of one broadcast share
// what their viewers see alike (the board's cells, the move list, the
// chat: see the keys in parts.go) through shared, drawn once and copied;
// nil draws everything. The pages drawn with one Shared must be of one
// room at one moment (one broadcast): the keys say what differs between
// viewers, not between rooms or versions.
func (Renderer) Frame(p *view.Page, shared *frame.Shared) *frame.Frame {
	var b frame.Builder
	b.Share(shared)
	b.Grow(boardOf(p).CellCount() + 16) // every cell is a part, and about a dozen others
	if err := Live(p).Render(withBuilder(context.Background(), &b), b.Buffer()); err != nil {
		// Rendering into memory fails only on a template bug; show it.
		var buf bytes.Buffer
		fmt.Fprintf(&buf, `<div id="live"><p class="toast" role="alert">The page could not be drawn: %s</p></div>`, err)
		return frame.Whole(buf.Bytes())
	}
	return b.Frame()
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

func cellID(c game.Cell) string {
	return "c" + strconv.Itoa(int(c.Row)) + "-" + strconv.Itoa(int(c.Col))
}

func itoa(n int) string { return strconv.Itoa(n) }

// clockText shows milliseconds as m:ss.
func clockText(ms int64) string {
	if d := time.Duration(ms) * time.Millisecond; d >= time.Hour { // a correspondence clock's days and hours
		return vocab.Left(d)
	}
	s := (ms + 999) / 1000
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// seatClass is a seat's style class ("seat0"); constant strings for the
// usual ones, as it is written for every move of the list in every render.
func seatClass(i int) string {
	switch i {
	case 0:
		return "seat0"
	case 1:
		return "seat1"
	case -1:
		return "seat-1"
	}
	return "seat" + strconv.Itoa(i)
}

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

// holderText is who holds a seat, the viewer's own seat marked.
func holderText(s view.Seat) string {
	if s.Yours && s.Kind == vocab.Human {
		return s.Holder + " (you)"
	}
	return s.Holder
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

// rematchLabel says what the rematch button does now: offer a rematch, or
// withdraw one's own offer (the opponent's is answered on its request card).
func rematchLabel(p *view.Page) string {
	if p.Request != nil && p.Request.Kind == vocab.RematchProposal && p.Request.FromMe {
		return "Cancel rematch"
	}
	return "Rematch"
}

// actionVals is the message a button sends for action ({"action":"resign"}).
func actionVals(a vocab.Action) string { return `{"action":"` + string(a) + `"}` }

// confirmNew reports whether New game asks first: it ends a game being
// played by people (a game watched, or over, loses nothing).
func confirmNew(p *view.Page) bool {
	return p.Mode != vocab.Watch && !p.Over && len(p.Moves) > 0
}

// hasControls reports whether the controls card draws any button: a
// spectator of a game in play has none, and then the card is not shown.
func hasControls(p *view.Page) bool {
	c := p.Controls
	return !p.Spectator || c.Rematch || c.ClaimWin || c.New || c.Abort || c.Hint ||
		c.Pause || c.Resume || c.Step || c.Replay
}

// announcement is what a screen reader hears after an update (the page's
// live region): the last move, who moved it and what it did, then whose
// turn it is and what to do, or the result.
func announcement(p *view.Page) string {
	if p.Replay.Active {
		return replayAnnouncement(p)
	}
	var b strings.Builder
	if n := len(p.Moves); n > 0 && !p.Replay.Active {
		m := p.Moves[n-1]
		if m.Seat >= 0 {
			b.WriteString(p.Game.Seats()[m.Seat] + " played " + m.Text)
		} else {
			b.WriteString("Both chose: " + m.Text)
		}
		if m.Said != "" {
			b.WriteString(": " + m.Said)
		}
		b.WriteString(". ")
		// The viewer's own move, made by their forecast: say so.
		if f := p.Forecast; f != nil && f.Said != "" && m.Seat >= 0 && p.Seats[m.Seat].Yours {
			b.WriteString(f.Said + " ")
		}
	}
	if p.Over {
		b.WriteString(p.Status + ".")
	} else {
		b.WriteString(p.Turn)
		if !strings.HasSuffix(p.Turn, "…") {
			b.WriteString(".")
		}
		// Between the clicks of a move the room holds (a page without
		// script), what comes next; pick.js says it on a page with script.
		if p.Step != "" && len(p.Selected) > 0 {
			b.WriteString(" " + p.Step + ".")
		}
	}
	return b.String()
}

// replayAnnouncement is what a step of the replay (or of looking back)
// says: which move of how many is shown, and who played it.
func replayAnnouncement(p *view.Page) string {
	ply, total := p.Replay.Ply, p.Replay.Total
	if ply <= 0 || ply > len(p.Moves) {
		return "Start of the game, before move 1 of " + itoa(total) + "."
	}
	m := p.Moves[ply-1]
	who := "both chose " + m.Text
	if m.Seat >= 0 {
		who = p.Game.Seats()[m.Seat] + " played " + m.Text
	}
	return "Move " + itoa(ply) + " of " + itoa(total) + ": " + who + "."
}

// lastSaid is the last move and what it did, when the game says more than
// its notation ("P2 played 3: captured 7 seeds").
func lastSaid(p *view.Page) string {
	n := len(p.Moves)
	// Once the game is over the banner says how it ended: a note on the
	// last move (often not the ending: a resignation, the time) would
	// stay under it.
	if n == 0 || p.Over || p.Replay.Active || p.Moves[n-1].Said == "" {
		return ""
	}
	m := p.Moves[n-1]
	who := "Both played"
	if m.Seat >= 0 {
		who = p.Game.Seats()[m.Seat] + " played"
	}
	return who + " " + m.Text + ": " + m.Said + "."
}

// shown says whether a player's control that is enabled or not is drawn:
// while the game goes on, always (greyed when it cannot be used now); once
// it is over, only when it can be used.
func shown(p *view.Page, enabled bool) bool { return enabled || !p.Over }

// shownOutsideEvents is shown for a control an event's game never allows
// (a takeback, a load): there it is not drawn at all.
func shownOutsideEvents(p *view.Page, enabled bool) bool { return p.Event == "" && shown(p, enabled) }

// steps are the prompts of a move's clicks, one a line, for pick.js.
func steps(p *view.Page) string { return strings.Join(p.Steps, "\n") }

// ratingChangeClass colours a rated game's change: "up" for a gain ("+12"),
// "down" for a loss ("−8"), none for "±0".
func ratingChangeClass(change string) string {
	switch {
	case strings.HasPrefix(change, "+"):
		return "up"
	case strings.HasPrefix(change, "−"):
		return "down"
	}
	return ""
}
