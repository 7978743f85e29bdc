package realtime

import (
	"context"
	"slices"
	"time"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/store"
	"boardroom/realtime/vocab"
)

// viewer is the room's state for one connection.
type viewer struct {
	tokenHash string
	replay    *replayCursor
	hint      []game.Cell // the suggested move, until the position changes
	hintPly   int
	// flash and err are shown once, to this viewer only, on its next render.
	flash, err string
	// shown digests the frame the page shows (the last one sent to it); the
	// next update sends only what differs from it.
	shown *frame.Digest
}

func (r *Room) connect(c *Conn) {
	r.conns[c] = &viewer{tokenHash: c.tokenHash}
	r.hub.cfg.Metrics.connected(1)
	if len(r.mySeats(c.tokenHash)) > 0 {
		r.seatPresence()
		r.presenceChanged(c.tokenHash) // everyone, the newcomer too, gets the page
		return
	}
	r.sendTo(c)
	r.presenceChanged(c.tokenHash)
}

// presenceChanged tells the others that someone came or went: a player's
// "offline" mark needs the whole page, a spectator only the count, sent at
// most every presenceEvery so that a crowd arriving is not a storm of pages.
func (r *Room) presenceChanged(tokenHash string) {
	if len(r.mySeats(tokenHash)) > 0 {
		r.version++
		r.broadcast()
		return
	}
	if r.presencePending {
		return
	}
	r.presencePending = true
	time.AfterFunc(presenceEvery, func() { r.send(r.hub.ctx, evPresence{}) })
}

// presenceEvery is the most often the spectator count is sent.
const presenceEvery = 500 * time.Millisecond

// sendPresence sends everyone the spectator count.
func (r *Room) sendPresence() {
	r.presencePending = false
	b := r.hub.cfg.Renderer.Spectators(r.spectators())
	for c := range r.conns {
		c.enqueue(b)
	}
}

// spectators counts the open connections that hold no seat.
func (r *Room) spectators() int {
	n, _ := r.presence()
	return n
}

// presence counts the open connections that hold no seat, and says which
// seats' holders have a connection open. One pass without allocating: it
// runs for every page drawn, and a room may have thousands of spectators.
func (r *Room) presence() (spectators int, online [2]bool) {
	for c, v := range r.conns {
		seated := false
		for i, s := range r.seats {
			if v.tokenHash != "" && s.TokenHash == v.tokenHash {
				online[i] = true
				seated = seated || s.Kind == vocab.Human
			}
		}
		if !seated && !c.isClosed() {
			spectators++
		}
	}
	return spectators, online
}

func (r *Room) disconnect(c *Conn) {
	if _, ok := r.conns[c]; !ok {
		return
	}
	delete(r.conns, c)
	r.hub.cfg.Metrics.connected(-1)
	if len(r.conns) == 0 {
		r.idleSince = r.hub.now()
	}
	if len(r.mySeats(c.tokenHash)) > 0 {
		r.seatPresence()
	}
	r.presenceChanged(c.tokenHash)
}

// input handles one message from a page.
func (r *Room) input(ev evInput) {
	c, v := ev.c, r.conns[ev.c]
	if v == nil {
		return
	}
	if ev.err != nil {
		r.reject(c, refusedProtocol, ev.err.Error())
		return
	}
	if r.next != "" && (ev.msg.HasCell || !ev.msg.Action.IsReplay()) {
		r.reject(c, refusedOver, "This game is over and kept as a record; the players went on in a rematch.")
		return
	}
	if ev.msg.HasCell {
		r.click(c, ev.msg.Cell)
		return
	}
	switch a := ev.msg.Action; a {
	case vocab.Join:
		r.join(c)
	case vocab.Abort:
		r.abortAction(c)
	case vocab.ClaimWin, vocab.ClaimDraw:
		r.claim(c, a == vocab.ClaimWin)
	case vocab.Rematch:
		r.rematchAction(c)
	case vocab.Cancel:
		for _, p := range r.mySeats(c.tokenHash) {
			r.picks[p] = nil
		}
		r.sendTo(c)
	case vocab.Undo, vocab.Redo, vocab.Save, vocab.Load, vocab.NewGame:
		r.historyAction(c, a)
	case vocab.TakebackAccept, vocab.TakebackDecline:
		r.answer(c, a == vocab.TakebackAccept)
	case vocab.Resign:
		r.resign(c)
	case vocab.Pause, vocab.Resume, vocab.Step:
		r.watchControl(c, a)
	case vocab.Hint:
		r.hint(c)
	default: // replay-*
		r.replayAction(c, v, a)
	}
}

// mySeats lists the seats that the holder of tokenHash plays.
func (r *Room) mySeats(tokenHash string) []game.Player {
	var out []game.Player
	for p, s := range r.seats {
		if tokenHash != "" && s.Kind == vocab.Human && s.TokenHash == tokenHash {
			out = append(out, game.Player(p))
		}
	}
	return out
}

// isOwner reports whether tokenHash created the room (its seats, or the
// computer seats it set up, carry its hash).
func (r *Room) isOwner(tokenHash string) bool {
	return tokenHash != "" && (r.seats[0].TokenHash == tokenHash || r.seats[1].TokenHash == tokenHash)
}

// actingSeat is the seat a click of tokenHash plays for: one of its seats
// that is to move and has not chosen yet.
func (r *Room) actingSeat(tokenHash string) (game.Player, bool) {
	if r.over() {
		return game.NoPlayer, false
	}
	mine := r.mySeats(tokenHash)
	for _, p := range r.state.ToMove() {
		if slices.Contains(mine, p) && r.pending[p] == nil {
			return p, true
		}
	}
	return game.NoPlayer, false
}

// waiting reports whether a friend game still lacks its second player.
func (r *Room) waiting() bool {
	return r.seats[0].Kind == vocab.Free || r.seats[1].Kind == vocab.Free
}

func (r *Room) over() bool { return r.ended != nil || r.state.Outcome().Over }

func (r *Room) outcome() game.Outcome {
	if r.ended != nil {
		return *r.ended
	}
	return r.state.Outcome()
}

// click builds a move click by click: the cell must extend the seat's clicks
// towards a legal move; a complete move is played.
func (r *Room) click(c *Conn, cell game.Cell) {
	seat, ok := r.actingSeat(c.tokenHash)
	switch {
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
		return
	case len(r.mySeats(c.tokenHash)) == 0:
		r.reject(c, refusedNotAllowed, "Spectators cannot move. Press Join if a seat is free.")
		return
	case r.waiting():
		r.reject(c, refusedNotNow, "Waiting for an opponent to join: share the link.")
		return
	case !ok:
		r.reject(c, refusedNotYourTurn, "It is not your turn.")
		return
	}
	// r.legal is reused by every page drawn: play below redraws pages, so
	// nothing reads legal after it.
	r.legal = r.state.Legal(seat, r.legal[:0])
	legal := r.legal
	picks := append(slices.Clone(r.picks[seat]), cell)
	extends := false
	for _, m := range legal {
		if m.SamePath(picks) {
			r.play(c, seat, m)
			return
		}
		extends = extends || m.HasPrefix(picks)
	}
	switch {
	case extends:
		r.picks[seat] = picks
	case slices.Contains(r.picks[seat], cell):
		// Clicking a selected cell again takes the selection back to before it.
		r.picks[seat] = r.picks[seat][:slices.Index(r.picks[seat], cell)]
	case startsMove(legal, cell):
		r.picks[seat] = []game.Cell{cell} // another piece of one's own
	default:
		r.reject(c, refusedIllegal, "That is not a legal move.")
		return
	}
	r.sendToHolder(c.tokenHash)
}

func startsMove(legal []game.Move, cell game.Cell) bool {
	for _, m := range legal {
		if m.Cells[0] == cell {
			return true
		}
	}
	return false
}

// play makes seat's move: at once on a sequential turn, or, on a
// simultaneous turn, kept secret until every seat has chosen.
func (r *Room) play(c *Conn, seat game.Player, m game.Move) {
	r.picks[seat] = nil
	if c != nil {
		r.conns[c].flash = "ok"
	}
	if r.g.Simultaneous() {
		r.pending[seat] = &m
		for _, p := range r.state.ToMove() {
			if r.pending[p] == nil {
				r.version++
				r.broadcast()
				r.scheduleBot() // a computer seat may still have to choose
				return
			}
		}
		r.applyTurn([]game.Move{*r.pending[0], *r.pending[1]}, 0, "")
		return
	}
	r.applyTurn([]game.Move{m}, 0, "")
}

// applyTurn plays a complete turn: stored first, then shown to everyone.
func (r *Room) applyTurn(moves []game.Move, think time.Duration, info string) {
	seats := slices.Clone(r.state.ToMove())
	text := game.FormatTurn(r.state, moves)
	next := r.state.Clone()
	if err := next.Apply(moves...); err != nil {
		r.hub.cfg.Log.Error("a turn built from legal moves was refused", "room", r.id, "turn", text, "err", err)
		r.pending = [2]*game.Move{}
		r.afterChange(false)
		return
	}
	now := r.hub.now()
	if think == 0 && !r.turnStarted.IsZero() {
		think = now.Sub(r.turnStarted)
	}
	rec := turnRecord{moves: moves, seats: seats, text: text, at: now, think: think, info: info}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.hub.cfg.Store.AppendTurn(ctx, r.id, len(r.turns), store.Turn{Notation: text, At: now, Think: think, Info: info}); err != nil {
		r.hub.cfg.Log.Error("turn not stored", "room", r.id, "turn", text, "err", err)
		r.pending = [2]*game.Move{}
		r.broadcastError("The move could not be saved, so it was not played. Try again.")
		return
	}
	r.state = next
	r.turns = append(r.turns, rec)
	r.hub.cfg.Metrics.moved(r.g.ID())
	r.redo = nil
	r.pending = [2]*game.Move{}
	r.picks = [2][]game.Cell{}
	r.request = nil
	if info != "" {
		r.botInfo = info
	}
	if r.over() {
		r.storeResult()
	}
	r.afterChange(true)
}

// storeTimeout bounds one write to the store.
const storeTimeout = 5 * time.Second

// storeResult records the outcome (or that the game goes on again).
func (r *Room) storeResult() {
	out := r.outcome()
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	res := store.Result{Over: out.Over, Winner: int(out.Winner), Reason: out.Reason, Aborted: r.aborted}
	if err := r.hub.cfg.Store.SetResult(ctx, r.id, res); err != nil {
		r.hub.cfg.Log.Error("result not stored", "room", r.id, "err", err)
	}
	if out.Over {
		r.hub.cfg.Log.Info("game over", "room", r.id, "game", r.g.ID(), "winner", out.Winner, "reason", out.Reason, "turns", len(r.turns))
	}
}

// afterChange runs after anything that changes the game: it restarts the
// clock for a new turn, sets the computer thinking, and shows everyone.
func (r *Room) afterChange(newTurn bool) {
	r.version++
	if newTurn {
		for _, v := range r.conns {
			v.hint = nil // a hint is for the position it was asked in
		}
		r.turnStarted = r.hub.now()
		r.startClock()
	}
	r.scheduleBot()
	r.scheduleClaim()
	r.broadcast()
}

func (r *Room) join(c *Conn) {
	switch {
	case c.tokenHash == "":
		r.reject(c, refusedNotAllowed, "Your browser sent no seat cookie; allow cookies to play.")
		return
	case len(r.mySeats(c.tokenHash)) > 0:
		r.reject(c, refusedNotNow, "You already hold a seat.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over; you are watching.")
		return
	}
	for p := range r.seats {
		if r.seats[p].Kind != vocab.Free {
			continue
		}
		seats := r.seats
		seats[p] = store.Seat{Kind: vocab.Human, TokenHash: c.tokenHash}
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		if err := r.hub.cfg.Store.SetSeats(ctx, r.id, seats); err != nil {
			r.hub.cfg.Log.Error("seat not stored", "room", r.id, "err", err)
			r.reject(c, refusedFailed, "The seat could not be saved; try again.")
			return
		}
		r.seats = seats
		r.seatPresence() // the new holder has a page open
		r.hub.cfg.Log.Info("seat taken", "room", r.id, "seat", p)
		r.afterChange(true) // both seats are now taken: the clock starts
		return
	}
	r.reject(c, refusedNotAllowed, "Both seats are taken; you are watching.")
}

func (r *Room) resign(c *Conn) {
	mine := r.mySeats(c.tokenHash)
	switch {
	case len(mine) == 0:
		r.reject(c, refusedNotAllowed, "Spectators cannot resign.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
		return
	case r.abortable():
		r.reject(c, refusedNotNow, "Nobody can lose before each side has moved: abort the game instead.")
		return
	}
	loser := mine[0]
	if len(mine) == 2 { // hotseat: the seat to move resigns
		loser = r.state.ToMove()[0]
	}
	r.finish(game.Win(loser.Other(), r.g.Seats()[loser]+" resigned"))
}
