package match

import (
	"fmt"
	"slices"
	"time"

	"boardroom/game"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// replayCursor is one viewer's place in the replay of a finished game, or,
// during play, the earlier position the viewer is looking at (the game goes
// on without them seeing it until they go back to the live position).
type replayCursor struct {
	ply     int
	playing bool
}

func (r *Room) replayAction(c *Conn, v *viewer, action vocab.Action) {
	total := len(r.history.turns)
	if total == 0 {
		r.reject(c, refusedNotNow, "There is no move to look back at yet.")
		return
	}
	if v.replay == nil {
		v.replay = &replayCursor{ply: total}
	}
	cur := v.replay
	cur.playing = false
	switch action {
	case vocab.ReplayFirst:
		cur.ply = 0
	case vocab.ReplayPrev:
		cur.ply = max(cur.ply-1, 0)
	case vocab.ReplayNext:
		cur.ply = min(cur.ply+1, total)
	case vocab.ReplayLast:
		cur.ply = total
	case vocab.ReplayPlay:
		if cur.ply >= total {
			cur.ply = 0
		}
		cur.playing = true
		if r.viewers.replayTicker == nil {
			r.viewers.replayTicker = time.NewTicker(r.viewers.replayStep)
		}
	case vocab.ReplayExit:
		v.replay = nil
	}
	if v.replay != nil && !r.over() && v.replay.ply >= total && !v.replay.playing {
		v.replay = nil // stepped forward to the live position: back in the game
	}
	r.sendTo(c)
}

// lookBack shows the viewer the position after ply turns (a click on the
// move list), during play or in the replay; the last turn is the live
// position.
func (r *Room) lookBack(c *Conn, v *viewer, ply int) {
	total := len(r.history.turns)
	if ply > total {
		r.reject(c, refusedNotNow, fmt.Sprintf("The game has %d moves.", total))
		return
	}
	if ply == total && !r.over() {
		v.replay = nil
	} else {
		v.replay = &replayCursor{ply: ply}
	}
	r.sendTo(c)
}

// replayTick advances every viewer whose replay is playing.
func (r *Room) replayTick() {
	total := len(r.history.turns)
	anyPlaying := false
	for c, v := range r.viewers.conns {
		if v.replay == nil || !v.replay.playing {
			continue
		}
		v.replay.ply++
		if v.replay.ply >= total {
			v.replay.ply = total
			v.replay.playing = false
		} else {
			anyPlaying = true
		}
		r.sendTo(c)
	}
	if !anyPlaying {
		r.viewers.replayTicker.Stop()
		r.viewers.replayTicker = nil
	}
}

// fillReplay shows the position after cur.ply turns instead of the live one.
func (r *Room) fillReplay(p *view.Page, cur *replayCursor) {
	turns := r.history.turns
	p.State = r.positionAt(cur.ply)
	p.Replay = view.Replay{Active: true, Ply: cur.ply, Total: len(turns), Playing: cur.playing}
	p.Targets, p.Selected, p.MyChoice, p.LastMove, p.Hint, p.Paths = nil, nil, nil, nil, nil, ""
	p.Moves = slices.Clone(p.Moves) // the live list is shared by every page
	for i := range p.Moves {
		p.Moves[i].Current = i == cur.ply-1
	}
	if cur.ply > 0 {
		for _, m := range turns[cur.ply-1].moves {
			p.LastMove = append(p.LastMove, m.Path()...)
		}
	}
	switch {
	case !p.Over:
		p.Turn = "Looking back · " + p.Turn
	case cur.ply < len(turns):
		p.Turn = "Replay"
	}
	if p.Over { // the graph of a finished game, worked out once
		p.Evals = r.evaluations()
	}
}

// evaluations is the replay's graph: the evaluation of every position of
// the game, worked out once per game (nil without an evaluator).
func (r *Room) evaluations() []float64 {
	if r.deps.Evaluate == nil {
		return nil
	}
	return r.history.evaluations(r.start, r.deps.Evaluate)
}

// start is the game's first position.
func (r *Room) start() game.State {
	st, _ := r.g.New(r.opts)
	return st
}

// positionAt replays the first n turns from the start.
func (r *Room) positionAt(n int) game.State {
	st := r.start()
	for _, t := range r.history.turns[:n] {
		if err := st.Apply(t.moves...); err != nil {
			break
		}
	}
	return st
}
