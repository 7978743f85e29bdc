package match

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// input handles one message from a page.
func (r *Room) input(ev evInput) {
	c, v := ev.c, r.viewers.conns[ev.c]
	if v == nil {
		return
	}
	if c.far != nil {
		r.recheckPause() // a message from elsewhere: its page is heard
	}
	if ev.err != nil {
		r.refuseUnread(c, ev.err)
		return
	}
	if c.stream.JSON {
		if why := programRefusal(ev.msg); why != "" {
			r.reject(c, refusedNotAllowed, why)
			return
		}
	}
	if ev.msg.HasPly {
		r.lookBack(c, v, ev.msg.Ply)
		return
	}
	if r.next != "" && (ev.msg.HasCell || ev.msg.Path != nil || !ev.msg.Action.IsReplay()) {
		r.reject(c, refusedOver, "This game is over and kept as a record; the players went on in a rematch.")
		return
	}
	if ev.msg.Forecast != nil {
		r.forecastAction(c, ev.msg.Forecast)
		return
	}
	if ev.msg.Chat != nil {
		r.say(c, v, ev.msg.Chat.Text)
		return
	}
	if ev.msg.HasAt && r.resent(c, ev.msg) {
		return
	}
	if ev.msg.HasMove {
		r.typed(c, v, ev.msg.MoveText)
		return
	}
	if ev.msg.HasCell {
		r.click(c, ev.msg.Cell)
		return
	}
	if ev.msg.Path != nil {
		r.playPath(c, v, ev.msg.Path)
		return
	}
	switch a := ev.msg.Action; a {
	case vocab.Join:
		r.join(c, ev.msg.Name, ev.msg.Engine)
	case vocab.Abort:
		r.abortAction(c)
	case vocab.ClaimWin, vocab.ClaimDraw:
		r.claim(c, a == vocab.ClaimWin)
	case vocab.Rematch:
		r.rematchAction(c)
	case vocab.OfferDraw:
		r.drawAction(c)
	case vocab.Cancel:
		for _, p := range r.seats.mine(c.who) {
			r.seats.picks[p] = nil
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
	case vocab.Berserk:
		r.berserkAction(c)
	case vocab.ReplayFirst, vocab.ReplayPrev, vocab.ReplayNext, vocab.ReplayLast, vocab.ReplayPlay, vocab.ReplayExit:
		r.replayAction(c, v, a)
	}
}

// click builds a move click by click: the cell must extend the seat's clicks
// towards a legal move; a complete move is played.
func (r *Room) click(c *Conn, cell game.Cell) {
	seat, ok := r.mover(c, r.viewers.conns[c])
	if !ok {
		return
	}
	// The list is the room's until the position changes: play below
	// changes it, so nothing reads legal after it.
	legal := r.legalMoves(seat)
	picks := &r.seats.picks[seat]
	clicked := append(slices.Clone(*picks), cell)
	extends := false
	for _, m := range legal {
		if m.SamePath(clicked) {
			r.playFor(r.viewers.conns[c], seat, m)
			return
		}
		extends = extends || m.HasPrefix(clicked)
	}
	switch {
	case extends:
		*picks = clicked
	case slices.Contains(*picks, cell):
		// Clicking a selected cell again takes the selection back to before it.
		*picks = (*picks)[:slices.Index(*picks, cell)]
	case startsMove(legal, cell):
		*picks = []game.Cell{cell} // another piece of one's own
	default:
		r.reject(c, refusedIllegal, "That is not a legal move.")
		return
	}
	r.sendToSeat(seat)
}

// playPath plays a move the page built by itself from its clicks (pick.js),
// which must be a legal move's; the clicks the room kept (click) are
// dropped either way.
func (r *Room) playPath(c *Conn, v *viewer, path []game.Cell) {
	seat, ok := r.mover(c, v)
	if !ok {
		return
	}
	for _, m := range r.legalMoves(seat) {
		if m.SamePath(path) {
			r.playFor(v, seat, m)
			return
		}
	}
	r.seats.picks[seat] = nil
	r.reject(c, refusedIllegal, "That is not a legal move.")
}

// playFor plays seat's move m, which viewer v made whole (its last click,
// a path, a typed move): the clicks the room kept for the seat are done
// with, and v's page flashes the move's acceptance.
func (r *Room) playFor(v *viewer, seat game.Player, m game.Move) {
	r.seats.picks[seat] = nil
	r.movedByHand(seat)
	v.flash = "ok"
	r.play(seat, m, 0, "")
}

func startsMove(legal []game.Move, cell game.Cell) bool {
	for _, m := range legal {
		if m.Cells[0] == cell {
			return true
		}
	}
	return false
}

// play makes seat's move, a person's or the computer's (think and info are
// the computer's): at once on a sequential turn, or, on a simultaneous
// turn, kept secret until every seat has chosen.
func (r *Room) play(seat game.Player, m game.Move, think time.Duration, info string) {
	turn, complete := r.seats.choose(r.g.Simultaneous(), r.state.ToMove(), seat, m)
	if !complete {
		r.version++
		r.broadcast()
		r.scheduleComputer() // a computer seat may still have to choose
		return
	}
	r.applyTurn(turn, think, info)
}

// applyTurn plays a complete turn: stored first, then shown to everyone.
func (r *Room) applyTurn(moves []game.Move, think time.Duration, info string) {
	seats := slices.Clone(r.state.ToMove())
	text := game.FormatTurn(r.state, moves)
	next := r.state.Clone()
	if err := next.Apply(moves...); err != nil {
		r.deps.Log.Error("a turn built from legal moves was refused", "room", r.id, "turn", text, "err", err)
		r.seats.pending = [2]*game.Move{}
		r.afterChange(false)
		return
	}
	now := r.deps.Clock.Now()
	if think == 0 && !r.clock.turnStarted.IsZero() {
		think = now.Sub(r.clock.turnStarted)
	}
	rec := turnRecord{moves: moves, seats: seats, text: text, at: now, think: think, info: info}
	if len(moves) == 1 {
		rec.said = game.DescribeMove(r.state, moves[0])
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	turn := store.Turn{Notation: text, At: now, Think: think, Info: info, Due: r.dueAfter(next, now)}
	if err := r.deps.Store.AppendTurn(ctx, r.id, len(r.history.turns), turn); err != nil {
		r.deps.Log.Error("turn not stored", "room", r.id, "turn", text, "err", err)
		r.seats.pending = [2]*game.Move{}
		r.turnNotSaved(seats)
		return
	}
	r.state = next
	r.clock.storedDue = turn.Due
	r.history.append(rec)
	var reply struct {
		seat game.Player
		move game.Move
		due  bool
	}
	if r.forecasts.any() {
		reply.seat, reply.move, reply.due = r.forecastsAfter(rec)
	}
	r.deps.Metrics.Moved(r.g.ID())
	r.seats.newTurn()
	r.request = nil
	if info != "" {
		r.computers.said = info
	}
	if r.over() {
		r.storeResult()
	}
	r.afterMove(now)
	if reply.due { // its forecast moves for the seat now: nobody to tell
		r.playForecast(reply.seat, reply.move)
		return
	}
	r.tellAwayMovers()
}

// turnNotSaved tells the people whose moves made a turn that could not be
// stored that it was not played: they, not the opponent who sent nothing,
// must try again (and a program of theirs gets an error, not a notice).
// A computer's turn that was not stored is told to everyone, since the
// people in the room wait for it.
func (r *Room) turnNotSaved(movers []game.Player) {
	var people []game.Player
	for _, p := range movers {
		if r.seats.held[p].Kind == vocab.Human {
			people = append(people, p)
		}
	}
	if len(people) == 0 {
		r.broadcastError("The computer's move could not be saved, so it was not played.")
		return
	}
	r.deps.Metrics.Refused(refusedFailed.label())
	msg := "Your move could not be saved, so it was not played. Please make it again."
	if why := r.forecastNotSaved(people); why != "" {
		msg = why
	}
	for _, v := range r.viewers.conns {
		if slices.ContainsFunc(people, func(p game.Player) bool { return holds(r.seats.held[p], v.who) }) {
			v.flash, v.err, v.refused = "bad", msg, refusedFailed
		}
	}
	r.version++
	r.broadcast()
}

// storeTimeout bounds one write to the store.
const storeTimeout = 5 * time.Second

// storeResult records the outcome (or that the game goes on again).
func (r *Room) storeResult() {
	out := r.outcome()
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	res := store.Result{Over: out.Over, Winner: int(out.Winner), Reason: out.Reason, Aborted: r.aborted, AbortedBy: int(r.abortedBy)}
	if r.event.id != "" {
		res.Moves = r.movesBySeat()
	}
	changes, err := r.deps.Store.SetResult(ctx, r.id, res)
	if err != nil {
		r.deps.Log.Error("result not stored", "room", r.id, "err", err)
	}
	r.rated(changes)
	if out.Over {
		r.deps.Log.Info("game over", "room", r.id, "game", r.g.ID(), "winner", out.Winner, "reason", out.Reason,
			"turns", len(r.history.turns))
	}
}

// afterChange runs after anything that changes the game: it sets the
// computer thinking and shows everyone. With newTurn the turn being played
// begins again now (a seat taken, an undo, a load, a new game, a rematch):
// its clock starts now, which the store then records, since the log does
// not say when.
func (r *Room) afterChange(newTurn bool) {
	if !newTurn {
		r.refresh()
		return
	}
	now := r.deps.Clock.Now()
	r.newTurn(now)
	r.refresh()
	if r.clock.running() {
		r.recordClockFrom(now)
	}
}

// afterMove runs after a move stored at at: the next turn's clock starts
// then, which the stored turn tells (no write of its own).
func (r *Room) afterMove(at time.Time) {
	r.newTurn(at)
	r.refresh()
}

// newTurn forgets what belonged to the turn before (hints) and starts the
// clock of the turn from from.
func (r *Room) newTurn(from time.Time) {
	r.viewers.forgetHints()
	r.hints.stop()
	r.startClock(from)
}

// refresh follows any change: the computer's thinking, the claim and idle
// timers, and every page. Once the game is over it works out the replay's
// evaluations, once.
func (r *Room) refresh() {
	r.version++
	r.scheduleComputer()
	r.scheduleClaim()
	if r.over() {
		r.evaluations()
	}
	r.scheduleIdle() // a computer game may have ended or paused
	r.broadcast()
	r.tellAwaiting()
}

// join seats the sender in the free seat, called name (else the name its
// browser gave when it connected, else the engine's, else a guest's). A
// program that plays an engine's moves gives the engine's name, which every
// page shows for the seat.
func (r *Room) join(c *Conn, name, engine string) {
	switch {
	case c.who.TokenHash == "":
		r.reject(c, refusedNotAllowed, "Your browser sent no seat cookie; allow cookies to play.")
		return
	case len(r.seats.mine(c.who)) > 0 && engine != "" && !c.botAccount: // a bot's seat shows its account, not an engine
		r.engineTakesOver(c, name, engine)
		return
	case len(r.seats.mine(c.who)) > 0:
		r.reject(c, refusedNotNow, "You already hold a seat.")
		return
	case r.over():
		r.reject(c, refusedOver, "The game is over; you are watching.")
		return
	}
	if why := r.ratedJoinRefusal(c); why != "" {
		r.reject(c, refusedNotAllowed, why)
		return
	}
	for p, s := range r.seats.held {
		if s.Kind != vocab.Free {
			continue
		}
		held := r.seats.held
		held[p] = store.Seat{Kind: vocab.Human, TokenHash: c.who.TokenHash, Engine: CleanName(engine),
			Name: cmp.Or(CleanName(name), c.name, CleanName(engine), guestName(c.who.TokenHash))}
		if c.who.Account != "" { // a signed-in player plays under their username
			held[p].Name, held[p].Account = c.who.Account, c.who.Account
		}
		if c.botAccount { // a bot plays under its account's name, marked BOT
			held[p].BotAccount, held[p].Engine = true, ""
		}
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		defer cancel()
		if err := r.deps.Store.SetSeats(ctx, r.id, held); err != nil {
			r.deps.Log.Error("seat not stored", "room", r.id, "err", err)
			r.reject(c, refusedFailed, "The seat could not be saved; try again.")
			return
		}
		r.seats.held = held
		r.readRatings()
		r.seatPresence() // the new holder has a page open
		r.deps.Log.Info("seat taken", "room", r.id, "seat", p, "engine", held[p].Engine)
		r.afterChange(true) // both seats are now taken: the clock starts
		r.updateSeek()
		return
	}
	r.reject(c, refusedNotAllowed, "Both seats are taken; you are watching.")
	return
}

// engineTakesOver marks the seats the sender holds as played by an engine
// from now on (a program playing the seat of the person who made the room,
// with their token), so that every page says so.
func (r *Room) engineTakesOver(c *Conn, name, engine string) {
	held := r.seats.held
	for _, p := range r.seats.mine(c.who) {
		held[p].Engine = CleanName(engine)
		held[p].Name = cmp.Or(CleanName(name), held[p].Name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.deps.Store.SetSeats(ctx, r.id, held); err != nil {
		r.deps.Log.Error("seat not stored", "room", r.id, "err", err)
		r.reject(c, refusedFailed, "The seat could not be saved; try again.")
		return
	}
	r.seats.held = held
	r.version++
	r.broadcast()
}

func (r *Room) resign(c *Conn) {
	mine := r.seats.mine(c.who)
	switch {
	case len(mine) == 0:
		r.refuseSpectator(c, "Spectators cannot resign.")
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

// typed plays a move typed in the game's notation (the move box): checked
// as a click would be, and refused with a message that changes nothing.
func (r *Room) typed(c *Conn, v *viewer, text string) {
	seat, ok := r.mover(c, v)
	if !ok {
		return
	}
	m, err := r.state.ParseMove(seat, text)
	if err != nil || !game.IsLegal(r.state, seat, m) {
		hint := game.ViewOf(r.g).MoveHint(r.state)
		r.reject(c, refusedIllegal, fmt.Sprintf("%q is not a legal move here. Write it as %s.", text, hint))
		return
	}
	r.playFor(v, seat, m)
}

// resent answers a move made for another position than the one on the
// board (its At says which): the same move of the same seat in the turn it
// was made for is a re-send — a program that sent its move again after a
// lost connection, when both copies arrive — which is acknowledged and
// changes nothing; any other is refused as late (or early), never played
// on a position it was not meant for. It reports whether it answered.
func (r *Room) resent(c *Conn, m Message) bool {
	played := len(r.history.turns)
	switch {
	case m.At == played:
		return false
	case m.At > played:
		r.reject(c, refusedNotNow, fmt.Sprintf("That move is for move %d, and the game is at move %d.", m.At+1, played+1))
		return true
	}
	turn := r.history.turns[m.At]
	before := r.positionAt(m.At)
	for i, seat := range turn.seats {
		if !slices.Contains(r.seats.mine(c.who), seat) {
			continue
		}
		if sameMove(before, seat, turn.moves[i], m) {
			r.notice(c, "That move was played already.")
			return true
		}
	}
	r.reject(c, refusedNotNow, fmt.Sprintf("That move was for move %d; the game has gone on to move %d.", m.At+1, played+1))
	return true
}

// sameMove reports whether message m (a typed move, a path or a click)
// names seat's move played from position st.
func sameMove(st game.State, seat game.Player, played game.Move, m Message) bool {
	switch {
	case m.HasMove:
		typed, err := st.ParseMove(seat, m.MoveText)
		return err == nil && typed == played
	case m.Path != nil:
		return played.SamePath(m.Path)
	default:
		return played.SamePath([]game.Cell{m.Cell})
	}
}

// mover is the seat a click or a typed move of c plays for; when there is
// none, c is told why and ok is false.
func (r *Room) mover(c *Conn, v *viewer) (seat game.Player, ok bool) {
	mine := r.seats.mine(c.who)
	seat, ok = r.actingSeat(mine)
	switch {
	case r.over():
		r.reject(c, refusedOver, "The game is over.")
	case len(mine) == 0:
		r.refuseSpectator(c, "Spectators cannot move. Press Join if a seat is free.")
	case r.seats.waiting():
		r.reject(c, refusedNotNow, "Waiting for an opponent to join: "+r.findOpponent()+".")
	case v != nil && v.replay != nil:
		r.reject(c, refusedNotNow, "You are looking at an earlier position: go back to the live one to move.")
	case !ok:
		r.reject(c, refusedNotYourTurn, "It is not your turn.")
	default:
		return seat, true
	}
	return game.NoPlayer, false
}
