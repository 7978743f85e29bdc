package match

import (
	"iter"
	"time"

	"golang.org/x/time/rate"

	"boardroom/game"
	"boardroom/realtime/frame"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// viewer is the room's state for one connection.
type viewer struct {
	who     Who
	replay  *replayCursor
	hint    []game.Cell // the suggested move, until the position changes
	hintPly int
	// flash and err are shown once, to this viewer only, on its next render;
	// refused is why, when err refuses a message (a program is told).
	flash, err string
	// details are the numbers behind err (a hint's search report), for a
	// page's details toggle.
	details string
	refused refusal
	// shown digests the frame the page shows (the last one sent to it); the
	// next update sends only what differs from it.
	shown *frame.Digest
	// chatRate limits the page's chat messages (on the room's Clock);
	// nil until the page first says something.
	chatRate *rate.Limiter
	// jsonVersion is the room's version in the last state sent to a
	// program's connection (jsonSent: one was), which is not sent the same
	// again (programs.go).
	jsonVersion uint64
	jsonSent    bool
}

// viewers are the room's open pages and what was last drawn for them.
type viewers struct {
	render  Renderer
	metrics Observer
	conns   map[*Conn]*viewer
	// specFrame is the spectators' page drawn at specVersion (views.go).
	specFrame   *frame.Frame
	specVersion uint64
	// spectatorArrived is when a spectator's page last opened;
	// crowdPending is set while evCrowdGone is on its way.
	spectatorArrived time.Time
	crowdPending     bool
	// presencePending is set while a spectator-count update is scheduled.
	presencePending bool
	flashes         uint64 // counts the flashes and messages shown, for FlashID
	// idleSince is when the last page closed; the idle timer unloads the
	// room some time after (Room.scheduleIdle).
	idleSince     time.Time
	stopIdleTimer func() bool
	// replayTicker plays the replays that are playing (nil: none is).
	replayStep   time.Duration
	replayTicker *time.Ticker
}

func newViewers(render Renderer, metrics Observer, replayStep time.Duration, now time.Time) viewers {
	return viewers{render: render, metrics: metrics, conns: map[*Conn]*viewer{}, idleSince: now, replayStep: replayStep}
}

// add opens a page.
func (vs *viewers) add(c *Conn) {
	vs.conns[c] = &viewer{who: c.who}
	vs.metrics.Connected(1)
}

// remove closes a page; ok is false for one already closed.
func (vs *viewers) remove(c *Conn, now time.Time) (ok bool) {
	if _, ok := vs.conns[c]; !ok {
		return false
	}
	delete(vs.conns, c)
	vs.metrics.Connected(-1)
	if len(vs.conns) == 0 {
		vs.idleSince = now
	}
	return true
}

func (vs *viewers) stopIdle() {
	if vs.stopIdleTimer != nil {
		vs.stopIdleTimer()
		vs.stopIdleTimer = nil
	}
}

// idleFor is how long the room has had no page open (0 while one is).
func (vs *viewers) idleFor(now time.Time) time.Duration {
	if len(vs.conns) > 0 {
		return 0
	}
	return now.Sub(vs.idleSince)
}

// of lists the pages that hold seat h (a player may have the room open in
// two tabs, or on two devices signed in to one account).
func (vs *viewers) of(h store.Seat) iter.Seq2[*Conn, *viewer] {
	return func(yield func(*Conn, *viewer) bool) {
		for c, v := range vs.conns {
			if holds(h, v.who) && !yield(c, v) {
				return
			}
		}
	}
}

// presence counts the open connections that hold no seat, and says which
// seats' holders have a connection open. One pass without allocating: it
// runs for every page drawn, and a room may have thousands of spectators.
func (vs *viewers) presence(s *seats) (spectators int, online [2]bool) {
	for c, v := range vs.conns {
		seated := false
		for i, h := range s.held {
			if holds(h, v.who) {
				online[i] = true
				seated = seated || h.Kind == vocab.Human
			}
		}
		if !seated && !c.isClosed() {
			spectators++
		}
	}
	return spectators, online
}

// forgetHints drops every hint: a hint is for the position it was asked in.
func (vs *viewers) forgetHints() {
	for _, v := range vs.conns {
		v.hint = nil
	}
}

// endReplays takes every viewer out of its replay (the game changed).
func (vs *viewers) endReplays() {
	for _, v := range vs.conns {
		v.replay = nil
	}
}

// replayTicks is the ticker's channel; nil (never ready) while no replay
// plays.
func (vs *viewers) replayTicks() <-chan time.Time {
	if vs.replayTicker == nil {
		return nil
	}
	return vs.replayTicker.C
}

// close stops the replay ticker and closes every page with "service
// restart", so that it reconnects by itself.
func (vs *viewers) close() {
	if vs.replayTicker != nil {
		vs.replayTicker.Stop()
	}
	for c := range vs.conns {
		c.Close()
		vs.metrics.Connected(-1)
	}
}

// connect opens a page: a player's arrival is news for everyone (their
// seat is no longer "offline"), a spectator's only for the count.
func (r *Room) connect(c *Conn) {
	r.viewers.add(c)
	r.watched.Store(true)
	r.viewers.stopIdle()
	if p := r.clock.paused; p != nil && holds(r.seats.held[p.seat], c.who) {
		r.contactBack(p.seat) // a page of a player whose clock stood still is back
	}
	if r.computers.unwatched {
		// Someone looks: the computer game paused for want of watchers
		// plays on from where it stopped.
		r.computers.unwatched = false
		r.scheduleComputer()
	}
	if len(r.seats.mine(c.who)) > 0 {
		r.seatPresence()
		r.presenceChanged(c.who) // everyone, the newcomer too, gets the page
		return
	}
	r.sendTo(c)
	r.presenceChanged(c.who)
}

func (r *Room) disconnect(c *Conn) {
	if !r.viewers.remove(c, r.deps.Clock.Now()) {
		return
	}
	r.watched.Store(len(r.viewers.conns) > 0)
	r.scheduleIdle()
	if len(r.seats.mine(c.who)) > 0 {
		r.seatPresence()
	}
	r.presenceChanged(c.who)
}

// presenceChanged tells the others that someone came or went: a player's
// "offline" mark needs the whole page, a spectator only the count, sent at
// most every presenceEvery so that a crowd arriving is not a storm of pages.
func (r *Room) presenceChanged(w Who) {
	if len(r.seats.mine(w)) > 0 {
		r.version++
		r.broadcast()
		return
	}
	if r.viewers.presencePending {
		return
	}
	r.viewers.presencePending = true
	time.AfterFunc(presenceEvery, func() { r.sendLater(evPresence{}) })
}

// presenceEvery is the most often the spectator count is sent.
const presenceEvery = 500 * time.Millisecond

// sendPresence sends everyone the spectator count.
func (r *Room) sendPresence() {
	r.viewers.presencePending = false
	n, _ := r.viewers.presence(&r.seats)
	b := r.viewers.render.Spectators(n)
	count := frame.TextMessage(b)
	for c := range r.viewers.conns {
		if !c.stream.JSON { // a program is not sent the count
			c.Send(count)
		}
	}
	r.publishSpectators(b)
}

// Rendering: one page per distinct view. Every spectator sees the same page,
// rendered once per change and shared; a seated player sees their own (their
// clicks, their targets, their secret choice). A viewer with a message of its
// own, or in a replay, gets its own render. What is sent is the difference
// from the frame the viewer's page shows, worked out once for all the
// viewers that showed the same frame, so every spectator gets the same bytes.

// broadcast sends the current view to every connection.
func (r *Room) broadcast() {
	start := time.Now()
	defer func() { r.deps.Metrics.Broadcast(time.Since(start)) }()
	frames := map[string]*frame.Frame{}
	var drawn []*frame.Frame // every frame drawn here, to be released
	shared := frame.NewShared()
	defer shared.Release()
	deltas := frame.SharedDeltas{}
	var states map[string][]byte // the programs' states by view, made on demand
	var elsewhere Relayed
	for c, v := range r.viewers.conns {
		if c.stream.JSON {
			if states == nil {
				states = map[string][]byte{}
			}
			r.sendJSON(c, v, states, &elsewhere)
			continue
		}
		key := r.viewKey(v)
		f, ok := frames[key]
		if !ok || key == "" {
			f = r.viewers.render.Frame(r.page(v), shared)
			drawn = append(drawn, f)
			if key != "" {
				frames[key] = f
			}
			r.rememberSpectatorFrame(key, f)
		}
		if c.far != nil {
			elsewhere.add(c, f)
			v.flash, v.err, v.details = "", "", ""
			continue
		}
		deltas.Send(c, v.shown, f)
		shown(v, f)
	}
	r.publish(&elsewhere, true)
	r.release(drawn...)
	deltas.Recycle()
}

// release gives back the frames drawn for an update once it is sent (the
// updates are copies, and the pages keep digests): all but the
// spectators' frame, which is kept for the next spectator to arrive.
func (r *Room) release(frames ...*frame.Frame) {
	for _, f := range frames {
		if f != r.viewers.specFrame {
			f.Release()
		}
	}
}

// shown notes that the viewer's page has been sent f.
func shown(v *viewer, f *frame.Frame) {
	v.shown = f.Digest()
	v.flash, v.err, v.details = "", "", ""
}

// viewKey names the view a viewer shares with others: "" when it is its own.
func (r *Room) viewKey(v *viewer) string {
	switch {
	case v.flash != "" || v.err != "" || v.replay != nil || v.hint != nil:
		return ""
	case len(r.seats.mine(v.who)) > 0 || r.seats.isOwner(v.who):
		return v.who.viewKey()
	}
	return "spectator"
}

// sendTo renders the page for one connection only.
func (r *Room) sendTo(c *Conn) {
	v := r.viewers.conns[c]
	if v == nil {
		return
	}
	if c.stream.JSON {
		var u Relayed
		r.sendJSON(c, v, nil, &u)
		r.publish(&u, false)
		return
	}
	key := r.viewKey(v)
	if key == "spectator" {
		r.viewers.spectatorArrived = r.deps.Clock.Now()
		r.expectCrowdGone(crowdWindow)
	}
	f := r.viewers.specFrame
	if key != "spectator" || f == nil || r.viewers.specVersion != r.version || r.clock.running() {
		f = r.viewers.render.Frame(r.page(v), nil)
		r.rememberSpectatorFrame(key, f)
		defer r.release(f)
	}
	if c.far != nil {
		var u Relayed
		u.add(c, f)
		r.publish(&u, false)
		v.flash, v.err, v.details = "", "", ""
		return
	}
	frame.SendDelta(c, v.shown, f)
	shown(v, f)
}

// rememberSpectatorFrame keeps the spectators' page as last drawn while
// spectators are arriving: one who arrives before anything changed gets it
// as it is, so that a crowd arriving costs one render, not one each. (Not
// while a clock runs: the time left is drawn into the page. The spectator
// count in it may be behind by the arrivals since; the count update
// follows.) A room nobody has come to watch for a while keeps none: kept
// in every room, these frames were a fifth of an idle server's memory. It
// is let go of a crowdWindow after the last arrival (crowdGone), even when
// nothing changes in the room any more. (Kept in the pooled buffer it was
// drawn in, not a copy of its size, the frames cost the same CPU and an
// idle server more memory: every room arriving held a buffer of the
// largest game's size.)
func (r *Room) rememberSpectatorFrame(key string, f *frame.Frame) {
	if key != "spectator" {
		return
	}
	old := r.viewers.specFrame
	r.viewers.specFrame = nil
	if r.deps.Clock.Now().Sub(r.viewers.spectatorArrived) < crowdWindow {
		r.viewers.specFrame, r.viewers.specVersion = f.Kept(old), r.version // old released
	} else if old != f {
		old.Release()
	}
}

// expectCrowdGone has evCrowdGone come after d, unless it is on its way.
func (r *Room) expectCrowdGone(d time.Duration) {
	if r.viewers.crowdPending {
		return
	}
	r.viewers.crowdPending = true
	r.deps.Clock.AfterFunc(d, func() { r.sendLater(evCrowdGone{}) })
}

// crowdGone lets go of the spectators' frame once no spectator has arrived
// for a crowdWindow, or waits for the rest of the window.
func (r *Room) crowdGone() {
	r.viewers.crowdPending = false
	left := crowdWindow - r.deps.Clock.Now().Sub(r.viewers.spectatorArrived)
	if left > 0 {
		r.expectCrowdGone(left)
		return
	}
	if f := r.viewers.specFrame; f != nil {
		r.viewers.specFrame = nil
		f.Release()
	}
}

// crowdWindow is how long after a spectator arrived the spectators' frame
// is kept for the next.
const crowdWindow = 10 * time.Second

// sendToSeat renders for every connection that holds seat p.
func (r *Room) sendToSeat(p game.Player) {
	for c := range r.viewers.of(r.seats.held[p]) {
		r.sendTo(c)
	}
}

// reject tells one connection why its message changed nothing.
func (r *Room) reject(c *Conn, why refusal, msg string) {
	r.deps.Metrics.Refused(why.label())
	if v := r.viewers.conns[c]; v != nil {
		v.flash, v.err, v.refused = "bad", msg, why
		r.sendTo(c)
	}
}

// refuseSpectator tells c, which holds no seat, why it may not do what it
// asked (msg): a browser whose cookie took a seat of an account it is no
// longer signed in as (logged out since) is told whose seat it is.
func (r *Room) refuseSpectator(c *Conn, msg string) {
	if account := r.seats.signedOutOf(c.who); account != "" {
		msg = "This seat is " + account + "'s: log in as " + account + " to play it."
	}
	r.reject(c, refusedNotAllowed, msg)
}

// notice tells one connection that something it asked for was done.
func (r *Room) notice(c *Conn, msg string) {
	if v := r.viewers.conns[c]; v != nil {
		v.flash, v.err = "ok", msg
	}
	r.version++
	r.broadcast()
}

// broadcastError shows every viewer a server-side failure.
func (r *Room) broadcastError(msg string) {
	for _, v := range r.viewers.conns {
		v.err, v.refused = msg, refusedFailed
	}
	r.version++
	r.broadcast()
}
