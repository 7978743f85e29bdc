package realtime

import (
	"time"

	"boardroom/game"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// replayCursor is one viewer's place in the replay of a finished game.
type replayCursor struct {
	ply     int
	playing bool
}

func (r *Room) replayAction(c *Conn, v *viewer, action vocab.Action) {
	if !r.over() || len(r.turns) == 0 {
		r.reject(c, refusedNotNow, "The replay opens when the game is over.")
		return
	}
	total := len(r.turns)
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
		r.ensureReplayTicker()
	case vocab.ReplayExit:
		v.replay = nil
	}
	r.sendTo(c)
}

func (r *Room) ensureReplayTicker() {
	if r.replayTicker == nil {
		r.replayTicker = time.NewTicker(r.hub.cfg.ReplayStep)
	}
}

// replayTick advances every viewer whose replay is playing.
func (r *Room) replayTick() {
	anyPlaying := false
	for c, v := range r.conns {
		if v.replay == nil || !v.replay.playing {
			continue
		}
		v.replay.ply++
		if v.replay.ply >= len(r.turns) {
			v.replay.ply = len(r.turns)
			v.replay.playing = false
		} else {
			anyPlaying = true
		}
		r.sendTo(c)
	}
	if !anyPlaying {
		r.replayTicker.Stop()
		r.replayTicker = nil
	}
}

// fillReplay shows the position after cur.ply turns instead of the live one.
func (r *Room) fillReplay(p *view.Page, cur *replayCursor) {
	st := r.positionAt(cur.ply)
	p.State = st
	p.Replay = view.Replay{Active: true, Ply: cur.ply, Total: len(r.turns), Playing: cur.playing}
	p.Targets, p.Selected, p.MyChoice, p.LastMove, p.Hint = nil, nil, nil, nil, nil
	for i := range p.Moves {
		p.Moves[i].Current = i == cur.ply-1
	}
	if cur.ply > 0 {
		for _, m := range r.turns[cur.ply-1].moves {
			p.LastMove = append(p.LastMove, m.Path()...)
		}
	}
	if cur.ply < len(r.turns) {
		p.Turn = "Replay"
	}
	if eval := r.hub.cfg.Evaluate; eval != nil {
		st, _ := r.g.New(r.opts)
		p.Evals = append(p.Evals, eval(st))
		for _, t := range r.turns {
			if st.Apply(t.moves...) != nil {
				break
			}
			p.Evals = append(p.Evals, eval(st))
		}
	}
}

// positionAt replays the first n turns from the start.
func (r *Room) positionAt(n int) game.State {
	st, _ := r.g.New(r.opts)
	for _, t := range r.turns[:n] {
		if err := st.Apply(t.moves...); err != nil {
			break
		}
	}
	return st
}
