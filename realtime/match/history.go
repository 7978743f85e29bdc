package match

import (
	"context"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// Undo, redo, save, load and new game. Against the computer and in hotseat
// they happen at once; between two people online they are proposals that the
// opponent accepts or declines.

// turnRecord is one played turn of the room's log.
type turnRecord struct {
	moves []game.Move
	seats []game.Player
	text  string
	at    time.Time
	think time.Duration
	info  string
	// said is what the turn did in the game's words (game.DescribeMove),
	// known for the turns played since the room was loaded.
	said string
}

// history is the game's log: the turns played, the turns undone that redo
// brings back, and the save slot. Every change of the log goes through
// append and set, which forget the replay's evaluations of the old log.
type history struct {
	turns []turnRecord
	redo  []turnRecord
	save  []string // the save slot's turns; nil when empty
	// evals is the evaluation of every position of the game, for the
	// replay's graph: worked out once the game is over (evaluations), nil
	// until then.
	evals []float64
}

// append adds a turn just played: what was undone can no longer be redone.
func (h *history) append(t turnRecord) {
	h.turns = append(h.turns, t)
	h.redo, h.evals = nil, nil
}

// set replaces the log (undo, redo, load, new game, rematch).
func (h *history) set(turns, redo []turnRecord) {
	h.turns, h.redo, h.evals = turns, redo, nil
}

// hasTurnOf reports whether seat has played a turn that could be taken back.
func (h *history) hasTurnOf(seat game.Player) bool {
	for _, t := range h.turns {
		if slices.Contains(t.seats, seat) {
			return true
		}
	}
	return false
}

// lastInfo is what the computer said of the last turn ("" if nothing).
func (h *history) lastInfo() string {
	if n := len(h.turns); n > 0 {
		return h.turns[n-1].info
	}
	return ""
}

// texts is the log in notation, as the save slot keeps it.
func (h *history) texts() []string {
	out := make([]string, len(h.turns))
	for i, t := range h.turns {
		out[i] = t.text
	}
	return out
}

// stored is the log as the store keeps it.
func (h *history) stored() []store.Turn { return storedTurns(h.turns) }

func storedTurns(turns []turnRecord) []store.Turn {
	rows := make([]store.Turn, len(turns))
	for i, t := range turns {
		rows[i] = store.Turn{Notation: t.text, At: t.at, Think: t.think, Info: t.info}
	}
	return rows
}

// evaluations returns the evaluation of every position of the log from the
// start, working them out on the first call after the log changed.
func (h *history) evaluations(start func() game.State, eval func(game.State) float64) []float64 {
	if h.evals != nil {
		return h.evals
	}
	st := start()
	h.evals = append(make([]float64, 0, len(h.turns)+1), eval(st))
	for _, t := range h.turns {
		if st.Apply(t.moves...) != nil {
			break
		}
		h.evals = append(h.evals, eval(st))
	}
	return h.evals
}

// undone is the log after seat takes back its last turn and every reply
// after it (against the computer, the computer's reply; in hotseat, just
// the last turn), and the redo list with the undone turns.
func (h *history) undone(seat game.Player, hotseat bool) (turns, redo []turnRecord) {
	n := len(h.turns) - 1
	for n > 0 && !slices.Contains(h.turns[n].seats, seat) && !hotseat {
		n--
	}
	undone := slices.Clone(h.turns[n:])
	slices.Reverse(undone)
	return h.turns[:n], append(slices.Clone(h.redo), undone...)
}

// redone is the log after seat plays its next undone turn again, with the
// replies after it, and what is left to redo.
func (h *history) redone(seat game.Player, hotseat bool) (turns, redo []turnRecord) {
	turns, redo = slices.Clone(h.turns), slices.Clone(h.redo)
	for len(redo) > 0 {
		t := redo[len(redo)-1]
		redo = redo[:len(redo)-1]
		turns = append(turns, t)
		if len(redo) == 0 || hotseat || slices.Contains(redo[len(redo)-1].seats, seat) {
			break
		}
	}
	return turns, redo
}

func (r *Room) historyAction(c *Conn, action vocab.Action) {
	mine := r.seats.mine(c.who)
	if why := r.ratedRefusal(action); why != "" && len(mine) > 0 {
		r.reject(c, refusedNotAllowed, why)
		return
	}
	// An end the board did not make (a resignation, a loss on time, a claim,
	// an abort) is final; a game that ended on the board may be undone
	// where undo is immediate, as the originals allow.
	if r.ended != nil && (action == vocab.Undo || action == vocab.Redo) {
		why := "The game was aborted"
		if !r.aborted {
			why = "The game ended by " + r.endKind()
		}
		r.reject(c, refusedOver, why+": that is final. Start a rematch or a new game.")
		return
	}
	if len(mine) == 0 {
		if r.mode == vocab.Watch && r.seats.isOwner(c.who) && action == vocab.NewGame {
			r.doHistory(c, action, game.First)
			return
		}
		r.refuseSpectator(c, "Spectators cannot change the game.")
		return
	}
	if r.mode != vocab.Friend || r.seats.waiting() {
		r.doHistory(c, action, mine[0])
		return
	}
	if action == vocab.Redo {
		r.reject(c, refusedNotAllowed, "Redo is for games against the computer or at one screen.")
		return
	}
	kind, _ := vocab.ProposalOf(action)
	if why := r.refusedProposal(kind); why != "" {
		r.reject(c, refusedNotAllowed, why)
		return
	}
	if kind == vocab.TakebackProposal && !r.history.hasTurnOf(mine[0]) {
		r.reject(c, refusedNotNow, "You have no move to take back.")
		return
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
	mine := r.seats.mine(c.who)
	switch {
	case len(mine) == 0:
		r.refuseSpectator(c, "Spectators cannot answer proposals.")
		return
	case r.request == nil:
		r.reject(c, refusedNotNow, "There is no proposal to answer.")
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
	switch req.kind {
	case vocab.RematchProposal:
		r.rematch()
		return
	case vocab.DrawProposal:
		r.finish(game.Draw(drawAgreed))
		return
	}
	r.doHistory(c, req.kind.Action(), req.from)
}

// doHistory carries out an undo, redo, save, load or new game for seat.
func (r *Room) doHistory(c *Conn, action vocab.Action, seat game.Player) {
	hotseat := r.mode == vocab.Hotseat
	switch action {
	case vocab.Undo:
		if len(r.history.turns) == 0 {
			r.reject(c, refusedNotNow, "There is no move to undo.")
			return
		}
		r.setTurns(r.history.undone(seat, hotseat))
	case vocab.Redo:
		if len(r.history.redo) == 0 {
			r.reject(c, refusedNotNow, "There is no move to redo.")
			return
		}
		r.setTurns(r.history.redone(seat, hotseat))
	case vocab.Save:
		if !r.storeSave(c, r.history.texts()) {
			return
		}
		r.notice(c, "Game saved.")
	case vocab.Load:
		if r.history.save == nil {
			r.reject(c, refusedNotNow, "There is no saved game to load.")
			return
		}
		turns, err := r.parseTurns(r.history.save)
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
			r.deps.Log.Error("a logged turn was refused", "room", r.id, "turn", t.text, "err", err)
			return
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.deps.Store.ReplaceTurns(ctx, r.id, storedTurns(turns)); err != nil {
		r.deps.Log.Error("turns not stored", "room", r.id, "err", err)
		r.broadcastError("The change could not be saved, so it was not made.")
		return
	}
	wasOver := r.over()
	r.state = state
	r.history.set(slices.Clone(turns), redo)
	r.forecasts.reset() // the store deleted them with the log they were made for
	r.ended, r.aborted = nil, false
	r.seats.newTurn()
	r.request = nil
	r.computers.said = r.history.lastInfo()
	if wasOver || r.over() {
		r.storeResult()
	}
	r.viewers.endReplays()
	r.afterChange(true)
}

// parseTurns rebuilds turn records from notation (the save slot).
func (r *Room) parseTurns(texts []string) ([]turnRecord, error) {
	state, _ := r.g.New(r.opts)
	now := r.deps.Clock.Now()
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
	if err := r.deps.Store.SetSave(ctx, r.id, save); err != nil {
		r.deps.Log.Error("save slot not stored", "room", r.id, "err", err)
		r.reject(c, refusedFailed, "The save slot could not be written.")
		return false
	}
	r.history.save = save
	return true
}

// endKind says how a game ended off the board, for people.
func (r *Room) endKind() string {
	switch reason := r.ended.Reason; {
	case strings.HasSuffix(reason, "resigned"):
		return "resignation"
	case strings.HasSuffix(reason, "ran out of time"):
		return "time"
	case reason == drawAgreed:
		return "agreement"
	}
	return "a claim"
}
