package match

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"golang.org/x/time/rate"

	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// The room's chat: players and spectators write in one conversation, kept
// with the room (a message is stored before anyone sees it, as a move is)
// and drawn on every page as a list part of its frame, so that a new
// message reaches a page as one appended line.

const (
	// ChatShown is how many of the last messages a page shows, and a room
	// loads from the store.
	ChatShown = 100
	// chatSlack is how far the list may grow past ChatShown before its
	// oldest lines go: while it only grows, pages are sent the new lines
	// alone; cutting it costs every page the whole list, once in a while.
	chatSlack = 50
	// A connection may send chatBurst chat messages at once and chatRefill
	// more a second; beyond that each is refused, and nothing is stored.
	chatBurst  = 5
	chatRefill = 1.0
)

// chatLog is the room's last messages, as pages show them.
type chatLog struct {
	lines []view.ChatLine
}

// newChatLog holds the messages stored (oldest first).
func newChatLog(msgs []store.ChatMessage) chatLog {
	var l chatLog
	for _, m := range msgs[max(0, len(msgs)-ChatShown):] {
		l.lines = append(l.lines, lineOf(m))
	}
	return l
}

// lineOf is a stored message as pages show it.
func lineOf(m store.ChatMessage) view.ChatLine {
	return view.ChatLine{Name: m.Name, Seat: m.Seat, Text: m.Text, At: m.At}
}

// add appends a line, dropping the oldest once the list is chatSlack past
// ChatShown.
func (l *chatLog) add(line view.ChatLine) {
	if len(l.lines) >= ChatShown+chatSlack {
		// A new array: a page drawn outside the room (a Snapshot) may still
		// be reading the old one.
		l.lines = slices.Clone(l.lines[len(l.lines)-ChatShown+1:])
	}
	l.lines = append(l.lines, line)
}

// shown is the lines for a page. Its capacity ends at its length, so that
// a line appended later never writes where a page may be reading.
func (l *chatLog) shown() []view.ChatLine { return l.lines[:len(l.lines):len(l.lines)] }

// speaker is what a connection's messages are signed with: a player by
// their seat's name and the seat (the first, at one screen); a spectator by
// the name their browser gave, else a spectator's, with seat -1.
func (r *Room) speaker(c *Conn) (name string, seat int) {
	if mine := r.seats.mine(c.who); len(mine) > 0 {
		return r.seats.name(mine[0]), int(mine[0])
	}
	if c.name != "" {
		return c.name, -1
	}
	return spectatorName(c.who.TokenHash), -1
}

// say adds a chat message from c: stored, then shown on every page.
func (r *Room) say(c *Conn, v *viewer, text string) {
	now := r.deps.Clock.Now()
	if v.chatRate == nil {
		v.chatRate = rate.NewLimiter(chatRefill, chatBurst)
	}
	if !v.chatRate.AllowN(now, 1) {
		r.reject(c, refusedTooFast, "You are sending messages too fast; wait a moment, then send it again.")
		return
	}
	name, seat := r.speaker(c)
	m := store.ChatMessage{Name: name, Seat: seat, Text: text, At: now}
	ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	if err := r.deps.Store.AppendChat(ctx, r.id, m); err != nil {
		r.deps.Log.Error("chat not stored", "room", r.id, "err", err)
		r.reject(c, refusedFailed, "The message could not be saved, so it was not sent. Try again.")
		return
	}
	r.chat.add(lineOf(m))
	r.version++
	r.broadcast()
}

// refuseUnread tells a page why a message of its could not be taken
// before it reached the room (it did not decode, or came too fast).
func (r *Room) refuseUnread(c *Conn, err error) {
	switch {
	case errors.Is(err, ErrTooFast):
		r.reject(c, refusedTooFast, err.Error())
	case errors.Is(err, ErrChatTooLong):
		r.reject(c, refusedTooLong, fmt.Sprintf("A chat message may be at most %d characters; it was not sent.", vocab.MaxChatRunes))
	default:
		r.reject(c, refusedProtocol, err.Error())
	}
}
