package roombot

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/match"
	"boardroom/realtime/roomjson"
	"boardroom/realtime/vocab"
	"boardroom/roombot/roombottest"
	"boardroom/secret"
)

// TestBotAccountDeclinesTakebacks: a bot account (its token in Bearer)
// takes a room's free seat under its account's name, marked BOT, not the
// engine's; and, its games being rated, it declines a takeback the
// person asks for.
func TestBotAccountDeclinesTakebacks(t *testing.T) {
	t.Parallel()
	s := roombottest.New(t)
	token := s.Bot("Zeta")
	me := secret.New()
	room := s.Create(match.Spec{Game: "kalah", Clock: vocab.SlowClock}, me)
	p := dialPerson(t, room, me)
	e := newFakeEngine("Stubborn", 9)
	done := runBot(t.Context(), Config{Room: room, Engine: e, Bearer: token})

	st := p.await("the bot seated", func(st *roomjson.State) bool { return !st.Waiting && st.YourTurn })
	require.Equal(t, roomjson.KindPerson, st.Seats[1].Kind, "a person's seat, held by an account")
	require.Equal(t, "Zeta", st.Seats[1].Holder)
	rec := s.Room(room)
	require.Equal(t, "Zeta", rec.Seats[1].Account)
	require.True(t, rec.Seats[1].BotAccount)
	require.Empty(t, rec.Seats[1].Engine)

	for range 2 {
		p.send(roomjson.Move(st.Legal[0], len(st.Moves)))
		st = p.await("my turn", func(st *roomjson.State) bool { return st.YourTurn })
	}
	before := len(st.Moves)
	p.send(roomjson.Action("undo"))
	p.await("the request", func(st *roomjson.State) bool { return st.Proposal != nil })
	st = p.await("the answer", func(st *roomjson.State) bool { return st.Proposal == nil })
	require.Len(t, st.Moves, before, "declined: no move taken back")
	require.Empty(t, e.sent("undo"))
	p.send(roomjson.Action("resign"))
	r := waitResult(t, done)
	require.NoError(t, r.err, r.log)
	require.Contains(t, r.log, "declining the proposal: takeback")
}
