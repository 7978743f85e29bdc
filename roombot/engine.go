package roombot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"boardroom/realtime/roomjson"
)

// The engine's side of a run: its game kept the same as the room's, its
// moves asked on the bot's turn in the time the room's clock leaves, and
// the other player's proposals answered.

// restart starts the game again in the engine and plays it the room's moves.
func (b *bot) restart(ctx context.Context, moves []string) error {
	cctx, cancel := context.WithTimeout(ctx, engineTimeout)
	defer cancel()
	if err := b.cfg.Engine.NewGame(cctx, b.game, b.options); err != nil {
		return fmt.Errorf("%w: it cannot play %s %s: %w", ErrEngine, b.game, formatOptions(b.options), err)
	}
	b.told, b.timeSent = nil, 0
	return b.follow(ctx, moves)
}

// follow brings the engine to the room's moves: it takes back the turns
// the room no longer has (a takeback, a new game), or starts again if the
// engine cannot, then plays the turns it has not seen.
func (b *bot) follow(ctx context.Context, moves []string) error {
	same := 0
	for same < len(b.told) && same < len(moves) && b.told[same] == moves[same] {
		same++
	}
	if same < len(b.told) {
		b.asked, b.pending = -1, ""
		for len(b.told) > same {
			cctx, cancel := context.WithTimeout(ctx, engineTimeout)
			err := b.cfg.Engine.Undo(cctx)
			cancel()
			if err != nil {
				b.logf("the engine took no move back (%v): starting the game again", err)
				return b.restart(ctx, moves)
			}
			b.told = b.told[:len(b.told)-1]
		}
	}
	for _, m := range moves[len(b.told):] {
		cctx, cancel := context.WithTimeout(ctx, engineTimeout)
		err := b.cfg.Engine.Play(cctx, m)
		cancel()
		if err != nil {
			return fmt.Errorf("%w: it refused the room's move %q: %w", ErrEngine, m, err)
		}
		b.told = append(b.told, m)
	}
	return nil
}

// answerProposal agrees to the other player's proposal (a takeback, a new
// game, saving, loading): the bot follows the room's moves whatever they
// become. A draw offered is left unanswered: an engine plays on, and its
// next move withdraws the offer.
func (b *bot) answerProposal(ctx context.Context, s *roomjson.State) error {
	if s.Proposal == nil || s.Proposal.FromYou || s.Proposal.Kind == "rematch" || s.Proposal.Kind == "draw" ||
		s.Version <= b.answeredAt {
		return nil
	}
	b.answeredAt = s.Version
	if b.cfg.Bearer != "" {
		// A bot account's games are rated: a program that always agreed
		// would give its opponents every move back.
		b.logf("declining the proposal: %s", s.Proposal.Kind)
		return b.send(ctx, roomjson.Action("takeback-decline"))
	}
	b.logf("agreeing to the proposal: %s", s.Proposal.Kind)
	return b.send(ctx, roomjson.Action("takeback-accept"))
}

// move asks the engine for its move on the bot's turn and sends it, once
// per turn (again on a new connection, if the room has not played it).
func (b *bot) move(ctx context.Context, s *roomjson.State, at time.Time) error {
	ply := len(s.Moves)
	if b.asked == ply && b.askedSeat == s.Acting { // at one screen, both seats choose at the same ply
		if b.askedOn == b.connID {
			return nil
		}
		b.askedOn = b.connID
		return b.send(ctx, roomjson.Move(b.pending, ply))
	}
	budget, deadline := MoveBudget(s.Clock, time.Since(at), b.cfg.MoveTime)
	if ms := int(budget.Milliseconds()); ms != b.timeSent {
		cctx, cancel := context.WithTimeout(ctx, engineTimeout)
		err := b.cfg.Engine.Time(cctx, ms)
		cancel()
		if err != nil {
			b.logf("the engine refused its time (%v); it plays at its own pace", err)
		}
		b.timeSent = ms
	}
	var seat []string
	if s.Simultaneous {
		seat = []string{strconv.Itoa(s.Acting + 1)}
	}
	start := time.Now()
	cctx, cancel := context.WithTimeout(ctx, deadline)
	mv, err := b.cfg.Engine.GenMove(cctx, seat...)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%w: no move within %s: %w", ErrEngine, deadline.Round(time.Millisecond), err)
	}
	mv = strings.TrimSpace(mv)
	if !s.Simultaneous {
		b.told = append(b.told, mv) // genmove played it
	}
	b.asked, b.askedSeat, b.askedOn, b.pending = ply, s.Acting, b.connID, mv
	b.logf("move %d: %s (%s)", ply+1, mv, time.Since(start).Round(time.Millisecond))
	return b.send(ctx, roomjson.Move(mv, ply))
}

// MoveBudget is the engine's time for a move, and the most the bot waits
// for it. Without a running clock: moveTime, and a generous wait. With
// one: half the time left since the state came, keeping a second in hand
// (at least 50 ms); the wait ends just before the room's flag falls.
func MoveBudget(c *roomjson.Clock, since, moveTime time.Duration) (budget, deadline time.Duration) {
	if c == nil || !c.Running {
		return moveTime, 3*moveTime + 10*time.Second
	}
	left := time.Duration(c.RemainingMS)*time.Millisecond - since
	budget = max(min(left/2, left-time.Second), 50*time.Millisecond)
	return budget, max(left-200*time.Millisecond, budget)
}
