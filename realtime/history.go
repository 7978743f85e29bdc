package realtime

import (
	"context"
	"slices"

	"boardroom/game"
	"boardroom/realtime/store"
	"boardroom/realtime/vocab"
)

// Undo, redo, save, load and new game. Against the computer and in hotseat
// they happen at once; between two people online they are proposals that the
// opponent accepts or declines.

// storedTurns is the log as the store keeps it.
func storedTurns(turns []turnRecord) []store.Turn {
	rows := make([]store.Turn, len(turns))
	for i, t := range turns {
		rows[i] = store.Turn{Notation: t.text, At: t.at, Think: t.think, Info: t.info}
	}
	return rows
}

func (r *Room) historyAction(c *Conn, action vocab.Action) {
	mine := r.mySeats(c.tokenHash)
	if r.aborted && (action == vocab.Undo || action == vocab.Redo) {
		r.reject(c, refusedOver, "The game was aborted: start a rematch or a new game.")
		return
	}
	if len(mine) == 0 {
		if r.mode == vocab.Watch && r.isOwner(c.tokenHash) && action == vocab.NewGame {
			r.doHistory(c, action, game.First)
			return
		}
		r.reject(c, refusedNotAllowed, "Spectators cannot change the game.")
		return
	}
	if r.mode != vocab.Friend || r.waiting() {
		r.doHistory(c, action, mine[0])
		return
	}
	if action == vocab.Redo {
		r.reject(c, refusedNotAllowed, "Redo is for games against the computer or at one screen.")
		return
	}
	kind, _ := vocab.ProposalOf(action)
	if kind == vocab.TakebackProposal {
		if !r.hasTurnOf(mine[0]) {
			r.reject(c, refusedNotNow, "You have no move to take back.")
			return
		}
	}
	if r.request != nil {
		r.reject(c, refusedNotNow, "A proposal is already waiting for an answer.")
		return
	}
	r.request = &request{kind: kind, from: mine[0]}
	r.version++
	r.broadcast()
}

// answer accepts or declines the opponent's proposal.
func (r *Room) answer(c *Conn, accept bool) {
	mine := r.mySeats(c.tokenHash)
	switch {
	case r.request == nil:
		r.reject(c, refusedNotNow, "There is no proposal to answer.")
		return
	case len(mine) == 0:
		r.reject(c, refusedNotAllowed, "Spectators cannot answer proposals.")
		return
	case slices.Contains(mine, r.request.from):
		r.reject(c, refusedNotAllowed, "Your opponent has to answer your proposal.")
		return
	}
	req := r.request
	r.request = nil
	if !accept {
		r.version++
		r.broadcast()
		return
	}
	if req.kind == vocab.RematchProposal {
		r.rematch()
		return
	}
	r.doHistory(c, req.kind.Action(), req.from)
}

// hasTurnOf reports whether seat has played a turn that could be taken back.
func (r *Room) hasTurnOf(seat game.Player) bool {
	for _, t := range r.turns {
		if slices.Contains(t.seats, seat) {
			return true
		}
	}
	return false
}

// doHistory carries out an undo, redo, save, load or new game for seat.
func (r *Room) doHistory(c *Conn, action vocab.Action, seat game.Player) {
	switch action {
	case vocab.Undo:
		if len(r.turns) == 0 {
			r.reject(c, refusedNotNow, "There is no move to undo.")
			return
		}
		// Back to the seat's previous turn: its own last turn and every
		// reply after it (against the computer, the computer's reply).
		n := len(r.turns) - 1
		for n > 0 && !slices.Contains(r.turns[n].seats, seat) && r.mode != vocab.Hotseat {
			n--
		}
		undone := slices.Clone(r.turns[n:])
		slices.Reverse(undone)
		r.redo = append(r.redo, undone...)
		r.setTurns(r.turns[:n], r.redo)
	case vocab.Redo:
		if len(r.redo) == 0 {
			r.reject(c, refusedNotNow, "There is no move to redo.")
			return
		}
		// Forward to the seat's next turn (the computer's reply included).
		turns := slices.Clone(r.turns)
		redo := slices.Clone(r.redo)
		for len(redo) > 0 {
			t := redo[len(redo)-1]
			redo = redo[:len(redo)-1]
			turns = append(turns, t)
			if len(redo) == 0 || r.mode == vocab.Hotseat || slices.Contains(redo[len(redo)-1].seats, seat) {
				break
			}
		}
		r.setTurns(turns, redo)
	case vocab.Save:
		save := make([]string, len(r.turns))
		for i, t := range r.turns {
			save[i] = t.text
		}
		if !r.storeSave(c, save) {
			return
		}
		r.notice(c, "Game saved.")
	case vocab.Load:
		if r.save == nil {
			r.reject(c, refusedNotNow, "There is no saved game to load.")
			return
		}
		turns, err := r.parseTurns(r.save)
		if err != nil {
			r.reject(c, refusedFailed, "The saved game could not be read.")
			return
		}
		r.setTurns(turns, nil)
	case vocab.NewGame:
		if !r.storeSave(c, nil) {
			return
		}
		r.setTurns(nil, nil)
	}
}

// setTurns replaces the log (stored first), rebuilds the position and
// restarts the turn.
func (r *Room) setTurns(turns, redo []turnRecord) {
	state, _ := r.g.New(r.opts)
	for _, t := range turns {
		if err := state.Apply(t.moves...); err != nil {
			r.hub.cfg.Log.Error("a logged turn was refused", "room", r.id, "turn", t.text, "err", err)
			return
		}
	}
	rows := storedTurns(turns)
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.hub.cfg.Store.ReplaceTurns(ctx, r.id, rows); err != nil {
		r.hub.cfg.Log.Error("turns not stored", "room", r.id, "err", err)
		r.broadcastError("The change could not be saved, so it was not made.")
		return
	}
	wasOver := r.over()
	r.state, r.turns, r.redo = state, slices.Clone(turns), redo
	r.ended, r.aborted = nil, false
	r.pending = [2]*game.Move{}
	r.picks = [2][]game.Cell{}
	r.request = nil
	r.botInfo = ""
	if len(turns) > 0 {
		r.botInfo = turns[len(turns)-1].info
	}
	if wasOver || r.over() {
		r.storeResult()
	}
	for _, v := range r.conns {
		v.replay = nil
	}
	r.afterChange(true)
}

// parseTurns rebuilds turn records from notation (the save slot).
func (r *Room) parseTurns(texts []string) ([]turnRecord, error) {
	state, _ := r.g.New(r.opts)
	now := r.hub.now()
	out := make([]turnRecord, 0, len(texts))
	for _, text := range texts {
		seats := slices.Clone(state.ToMove())
		moves, err := game.ParseTurn(state, text)
		if err == nil {
			err = state.Apply(moves...)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, turnRecord{moves: moves, seats: seats, text: text, at: now})
	}
	return out, nil
}

func (r *Room) storeSave(c *Conn, save []string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.hub.cfg.Store.SetSave(ctx, r.id, save); err != nil {
		r.hub.cfg.Log.Error("save slot not stored", "room", r.id, "err", err)
		r.reject(c, refusedFailed, "The save slot could not be written.")
		return false
	}
	r.save = save
	return true
}
