package realtime

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// Rendering: one page per distinct view. Every spectator sees the same page,
// rendered once per change and shared; a seated player sees their own (their
// clicks, their targets, their secret choice). A viewer with a message of its
// own, or in a replay, gets its own render. What is sent is the difference
// from the frame the viewer's page shows, worked out once for all the
// viewers that showed the same frame, so every spectator gets the same bytes.

// broadcast sends the current view to every connection.
func (r *Room) broadcast() {
	start := time.Now()
	defer func() { r.hub.cfg.Metrics.broadcasted(time.Since(start)) }()
	type update struct {
		from *frame.Digest
		to   *frame.Frame
	}
	frames := map[string]*frame.Frame{}
	deltas := map[update][]byte{}
	for c, v := range r.conns {
		key := r.viewKey(v)
		f, ok := frames[key]
		if !ok || key == "" {
			f = r.hub.cfg.Renderer.Frame(r.page(v))
			if key != "" {
				frames[key] = f
			}
			r.rememberSpectatorFrame(key, f)
		}
		u := update{v.shown, f}
		b, ok := deltas[u]
		if !ok {
			b = frame.Delta(v.shown, f)
			deltas[u] = b
		}
		r.show(c, v, f, b)
	}
}

// show sends b, which turns the page's frame into f.
func (r *Room) show(c *Conn, v *viewer, f *frame.Frame, b []byte) {
	if len(b) > 0 {
		c.enqueue(b)
	}
	v.shown = f.Digest()
	v.flash, v.err = "", ""
}

// viewKey names the view a viewer shares with others: "" when it is its own.
func (r *Room) viewKey(v *viewer) string {
	switch {
	case v.flash != "" || v.err != "" || v.replay != nil || v.hint != nil:
		return ""
	case len(r.mySeats(v.tokenHash)) > 0 || r.isOwner(v.tokenHash):
		return "seat:" + v.tokenHash
	}
	return "spectator"
}

// sendTo renders the page for one connection only.
func (r *Room) sendTo(c *Conn) {
	v := r.conns[c]
	if v == nil {
		return
	}
	key := r.viewKey(v)
	f := r.specFrame
	if key != "spectator" || f == nil || r.specVersion != r.version || !r.clockDeadline.IsZero() {
		f = r.hub.cfg.Renderer.Frame(r.page(v))
		r.rememberSpectatorFrame(key, f)
	}
	r.show(c, v, f, frame.Delta(v.shown, f))
}

// rememberSpectatorFrame keeps the spectators' page as last drawn: a
// spectator who arrives before anything changed gets it as it is, so that a
// crowd arriving costs one render, not one each. (Not while a clock runs:
// the time left is drawn into the page. The spectator count in it may be
// behind by the arrivals since; the count update follows.)
func (r *Room) rememberSpectatorFrame(key string, f *frame.Frame) {
	if key == "spectator" {
		r.specFrame, r.specVersion = f, r.version
	}
}

// sendToHolder renders for every connection of one seat holder (a player
// may have the room open in two tabs).
func (r *Room) sendToHolder(tokenHash string) {
	for c, v := range r.conns {
		if v.tokenHash == tokenHash {
			r.sendTo(c)
		}
	}
}

// reject tells one connection why its message changed nothing.
func (r *Room) reject(c *Conn, why refusal, msg string) {
	r.hub.cfg.Metrics.refusedMessage(why)
	if v := r.conns[c]; v != nil {
		v.flash, v.err = "bad", msg
		r.sendTo(c)
	}
}

// notice tells one connection that something it asked for was done.
func (r *Room) notice(c *Conn, msg string) {
	if v := r.conns[c]; v != nil {
		v.flash, v.err = "ok", msg
	}
	r.version++
	r.broadcast()
}

// broadcastError shows every viewer a server-side failure.
func (r *Room) broadcastError(msg string) {
	for _, v := range r.conns {
		v.err = msg
	}
	r.version++
	r.broadcast()
}

// page builds what one viewer sees.
func (r *Room) page(v *viewer) *view.Page {
	mine := r.mySeats(v.tokenHash)
	names := r.g.Seats()
	p := &view.Page{
		RoomID:    r.id,
		ShareURL:  strings.TrimSuffix(r.hub.cfg.BaseURL, "/") + "/r/" + r.id,
		Version:   r.version,
		Game:      r.g,
		Options:   r.opts.Format(r.g.Options()),
		Mode:      r.mode,
		State:     r.state,
		Spectator: len(mine) == 0,
		Over:      r.over(),
		Aborted:   r.aborted,
		BotInfo:   r.botInfo,
		Paused:    r.paused,
		Flash:     v.flash,
		Error:     v.err,
	}
	if r.next != "" {
		p.Next = "/r/" + r.next
	}
	if v.flash != "" || v.err != "" {
		r.flashes++
		p.FlashID = r.flashes
	}
	var online [2]bool
	p.Spectators, online = r.presence()
	toMove := r.state.ToMove()
	for i, s := range r.seats {
		seat := game.Player(i)
		sv := view.Seat{Name: names[i], Kind: s.Kind, Yours: slices.Contains(mine, seat),
			ToMove: !p.Over && slices.Contains(toMove, seat), Chosen: r.pending[i] != nil}
		switch {
		case s.Kind == vocab.Bot:
			sv.Holder = "Computer · " + botLabel(r.bots[i], s.Level)
			sv.Online = true
		case s.Kind == vocab.Free:
			sv.Holder = "Free seat"
		case sv.Yours:
			sv.Holder = "You"
			sv.Online = true
		default:
			sv.Holder = "Opponent"
			sv.Online = online[i]
		}
		p.Seats[i] = sv
	}
	r.fillTurn(p, mine)
	r.fillMoves(p)
	r.fillControls(p, v, mine)
	if period := r.hub.cfg.period(r.clock); period > 0 {
		p.Clock.Enabled = true
		p.Clock.TotalMS = period.Milliseconds()
		p.Clock.Label = fmt.Sprintf("%s · %d s", r.clock.Name(), period/time.Second)
		p.Clock.Running = !r.clockDeadline.IsZero()
		p.Clock.RemainingMS = r.remaining().Milliseconds()
		if !p.Clock.Running {
			p.Clock.RemainingMS = p.Clock.TotalMS
		}
		if r.clockFirstMove {
			p.Clock.FirstMove = true
			p.Clock.Label = "First move, or the game is aborted"
		}
	}
	if v.hint != nil && v.hintPly == len(r.turns) && !p.Over {
		p.Hint = v.hint
	}
	if v.replay != nil {
		r.fillReplay(p, v.replay)
	}
	return p
}

// fillTurn writes whose turn it is and, for the player to move, the cells
// they may click.
func (r *Room) fillTurn(p *view.Page, mine []game.Player) {
	names := r.g.Seats()
	if p.Over {
		out := r.outcome()
		p.Turn = "Game over"
		switch {
		case r.aborted:
			p.Status = out.Reason
		case out.IsDraw():
			p.Status = "Draw — " + out.Reason
		default:
			p.Status = names[out.Winner] + " wins — " + out.Reason
		}
		return
	}
	if r.waiting() {
		p.Turn = "Waiting for an opponent — share the link"
		return
	}
	// A player sees their own secret choice; at one shared screen (hotseat)
	// nobody does, so the second chooser cannot see the first's choice.
	if len(mine) == 1 {
		if m := r.pending[mine[0]]; m != nil {
			p.MyChoice = m.Path()
		}
	}
	seat, acting := r.actingSeatOf(mine)
	toMove := r.state.ToMove()
	switch {
	case acting && len(mine) == 2:
		p.Turn = names[seat] + " to move"
	case acting:
		p.Turn = "Your move"
	case len(toMove) == 2:
		var waitingFor []string
		for _, q := range toMove {
			if r.pending[q] == nil {
				waitingFor = append(waitingFor, names[q])
			}
		}
		p.Turn = "Waiting for " + strings.Join(waitingFor, " and ")
	default:
		p.Turn = names[toMove[0]] + " to move"
	}
	if r.paused {
		p.Turn += " (paused)"
	}
	if !acting {
		return
	}
	p.Selected = slices.Clone(r.picks[seat])
	p.Targets = map[game.Cell]bool{}
	r.legal = r.state.Legal(seat, r.legal[:0])
	for _, m := range r.legal {
		if m.HasPrefix(p.Selected) && int(m.Len) > len(p.Selected) {
			p.Targets[m.Cells[len(p.Selected)]] = true
		}
	}
}

func (r *Room) actingSeatOf(mine []game.Player) (game.Player, bool) {
	for _, q := range r.state.ToMove() {
		if slices.Contains(mine, q) && r.pending[q] == nil {
			return q, true
		}
	}
	return game.NoPlayer, false
}

func (r *Room) fillMoves(p *view.Page) {
	p.Moves = make([]view.Move, len(r.turns))
	for i, t := range r.turns {
		seat := -1
		if len(t.seats) == 1 {
			seat = int(t.seats[0])
		}
		p.Moves[i] = view.Move{Ply: i + 1, Seat: seat, Text: t.text, Info: t.info}
	}
	if n := len(r.turns); n > 0 {
		for _, m := range r.turns[n-1].moves {
			p.LastMove = append(p.LastMove, m.Path()...)
		}
	}
}

func (r *Room) fillControls(p *view.Page, v *viewer, mine []game.Player) {
	ctl := &p.Controls
	seated := len(mine) > 0
	immediate := r.mode == vocab.Hotseat || r.mode == vocab.Computer
	ctl.Join = r.mode == vocab.Friend && !seated && v.tokenHash != "" && r.waiting() && !p.Over
	ctl.Undo = seated && len(r.turns) > 0 && r.request == nil && !r.aborted
	ctl.Redo = seated && immediate && len(r.redo) > 0 && !r.aborted
	ctl.Save = seated && !p.Over
	ctl.Load = seated && r.save != nil
	ctl.New = seated || (r.mode == vocab.Watch && r.isOwner(v.tokenHash))
	ctl.Resign = seated && !p.Over && !r.waiting() && !r.abortable() // until then: abort
	bots := r.bots[0] != nil && r.bots[1] != nil
	owner := r.isOwner(v.tokenHash)
	ctl.Pause = bots && owner && !r.paused && !p.Over
	ctl.Resume = bots && owner && r.paused && !p.Over
	ctl.Step = bots && owner && r.paused && !p.Over
	ctl.Replay = p.Over && len(r.turns) > 0
	_, ctl.Hint = r.hintAllowed(v.tokenHash)
	ctl.Rematch = p.Over && r.next == "" && (seated || (r.mode == vocab.Watch && owner))
	ctl.Abort = seated && r.abortable()
	if claimer, ok := r.claimer(); ok && slices.Contains(mine, claimer) {
		ctl.ClaimWin, ctl.ClaimDraw = true, true
	}
	if r.next != "" { // a record: only its replay
		*ctl = view.Controls{Replay: ctl.Replay}
	}
	if r.request != nil {
		p.Request = &view.Request{Kind: r.request.kind, FromMe: slices.Contains(mine, r.request.from)}
		switch {
		case p.Request.FromMe && r.request.kind == vocab.RematchProposal:
			p.Request.Text = "Rematch offered: waiting for your opponent."
		case p.Request.FromMe:
			p.Request.Text = "Waiting for your opponent to answer your proposal."
		case seated:
			p.Request.Text = r.request.kind.Text()
		case r.request.kind == vocab.RematchProposal:
			p.Request.Text = "A player has offered a rematch."
		default:
			p.Request.Text = "A player has made a proposal."
		}
	}
}

// botLabel says what plays a computer seat: the bot's own label when it has
// one (its level and the search it really runs), else the level.
func botLabel(b game.Bot, level vocab.Level) string {
	if l, ok := b.(interface{ Label() string }); ok {
		return l.Label()
	}
	return level.Label()
}
