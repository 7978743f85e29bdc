package roombot

import (
	"context"
	"time"

	"github.com/coder/websocket"
)

// The bot's messages to the room, kept under the room's rate limit, which
// drops the messages over it unread.

// send writes one message to the room, keeping under the room's rate
// limit (docs/protocol.md: 20 at once, then 10 a second).
func (b *bot) send(ctx context.Context, msg []byte) error {
	if err := b.pace.wait(ctx); err != nil {
		return err
	}
	b.last = msg
	ctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return b.ws.Write(ctx, websocket.MessageText, msg)
}

// pacer spaces messages: up to burst at once, then one every gap.
type pacer struct {
	burst int
	gap   time.Duration
	next  time.Time // when a message is free again, once burst is spent
}

// sendGap is the bot's own pace: below the room's limit of 10 a second.
const (
	sendBurst = 10
	sendGap   = 125 * time.Millisecond
)

// wait waits until a message may go.
func (p *pacer) wait(ctx context.Context) error {
	now := time.Now()
	// The time the burst allows to be ahead of now.
	ahead := time.Duration(p.burst-1) * p.gap
	if p.next.Before(now.Add(-ahead)) {
		p.next = now.Add(-ahead)
	}
	if d := p.next.Sub(now); d > 0 {
		select {
		case <-time.After(d):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	p.next = p.next.Add(p.gap)
	return nil
}
