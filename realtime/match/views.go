package match

import (
	"fmt"
	"slices"
	"strings"

	"boardroom/game"
	"boardroom/realtime/view"
	"boardroom/realtime/vocab"
)

// The page one viewer sees, built from the room's parts (viewers.go sends
// it).

// page builds what one viewer sees.
func (r *Room) page(v *viewer) *view.Page {
	mine := r.seats.mine(v.who)
	names := r.g.Seats()
	p := &view.Page{
		RoomID:     r.id,
		ShareURL:   strings.TrimSuffix(r.deps.BaseURL, "/") + "/r/" + r.id,
		Version:    r.version,
		Game:       r.g,
		Options:    r.optionWords,
		Mode:       r.mode,
		State:      r.state,
		Spectator:  len(mine) == 0,
		Over:       r.over(),
		Aborted:    r.aborted,
		Rated:      r.ratings.rated,
		BotInfo:    plainOrDetails(r.computers.said),
		BotDetails: detailsOf(r.computers.said),
		Paused:     r.computers.paused,
		Flash:      v.flash,
		Error:      v.err,
		// The numbers behind a hint.
		ErrorDetails: v.details,
	}
	if r.next != "" {
		p.Next = "/r/" + r.next
	}
	if r.event.id != "" {
		p.Event = "/t/" + r.event.id
	}
	if v.flash != "" || v.err != "" {
		r.viewers.flashes++
		p.FlashID = r.viewers.flashes
	}
	var online [2]bool
	p.Spectators, online = r.viewers.presence(&r.seats)
	toMove := r.state.ToMove()
	for i, s := range r.seats.held {
		seat := game.Player(i)
		sv := view.Seat{Name: names[i], Kind: s.Kind, Yours: slices.Contains(mine, seat),
			ToMove: !p.Over && slices.Contains(toMove, seat), Chosen: r.seats.pending[i] != nil, Berserk: r.event.berserk[i]}
		sv.Holder = r.holder(seat)
		switch s.Kind {
		case vocab.ComputerSeat:
			sv.Online = true
			if HouseSeat(s) {
				sv.Account, sv.Bot = s.Account, true
				sv.Rating, sv.RatingChange = r.seatRating(seat)
			}
		case vocab.Human:
			sv.Online = sv.Yours || online[i]
			sv.Account, sv.Guest, sv.Bot = s.Account, s.Account == "" && s.Engine == "", s.BotAccount
			sv.Rating, sv.RatingChange = r.seatRating(seat)
			if !p.Over && r.clock.correspondence() {
				sv.Vacation = r.vacationWords(seat)
			}
		}
		p.Seats[i] = sv
	}
	r.fillTurn(p, mine)
	r.fillMoves(p)
	p.Chat = r.chat.shown()
	r.fillControls(p, v, mine)
	if p.Controls.Join {
		p.Turn, p.Invitation = "Join to play", r.invitation()
	}
	r.fillClock(p, mine)
	p.Forecasts = r.forecastsPossible()
	if v.replay == nil {
		p.Forecast = r.forecastView(mine)
	}
	if v.hint != nil && v.hintPly == len(r.history.turns) && !p.Over {
		p.Hint = v.hint
	}
	if v.replay != nil {
		r.fillReplay(p, v.replay)
	} else {
		p.Score = r.scoreLine()
	}
	return p
}

// movesShown is the move list as pages show it, made once for every page
// of a change and shared by them (read only; a replay changes a copy).
func (r *Room) movesShown() []view.Move {
	m := &r.moves
	turns := r.history.turns
	if m.ok && m.version == r.version && len(m.list) == len(turns) {
		return m.list
	}
	list := make([]view.Move, len(turns))
	for i, t := range turns {
		seat := -1
		if len(t.seats) == 1 {
			seat = int(t.seats[0])
		}
		list[i] = view.Move{Ply: i + 1, Seat: seat, Text: t.text, Info: strings.ReplaceAll(t.info, "\n", " — "), Said: t.said}
	}
	*m = movesMemo{version: r.version, list: list, ok: true}
	return list
}

// legalMemo is the legal moves of one seat in the live position, worked
// out once for the position: an Amazons move is three clicks, each checked
// against them and each followed by a page drawn with the targets they
// give (Amazons' legal moves were the largest part of drawing a page
// after the board).
type legalMemo struct {
	state   game.State // nil: nothing worked out yet
	ply     int
	version uint64
	seat    game.Player
	list    []game.Move
	// paths is list's clicks for the page (view.EncodePaths), once asked.
	paths     string
	pathsDone bool
}

// legalMoves returns seat's legal moves in the live position; the list is
// the room's, valid until the position changes.
func (r *Room) legalMoves(seat game.Player) []game.Move {
	m := &r.legal
	if m.state != r.state || m.ply != r.state.Ply() || m.version != r.version || m.seat != seat {
		*m = legalMemo{state: r.state, ply: r.state.Ply(), version: r.version, seat: seat,
			list: r.state.Legal(seat, m.list[:0])}
	}
	return m.list
}

type movesMemo struct {
	version uint64
	list    []view.Move
	ok      bool
}

// scoreMemo is the scoreboard line of the live position, worked out once
// for every page of a change (Amazons' is a territory estimate).
type scoreMemo struct {
	version uint64
	turns   int
	line    string
	ok      bool
}

// scoreLine is the live position's scoreboard line.
func (r *Room) scoreLine() string {
	m := &r.score
	if !m.ok || m.version != r.version || m.turns != len(r.history.turns) {
		*m = scoreMemo{version: r.version, turns: len(r.history.turns), line: game.ScoreLine(r.state), ok: true}
	}
	return m.line
}

// fillClock writes the move clock as the page should animate it.
func (r *Room) fillClock(p *view.Page, mine []game.Player) {
	if !r.clock.enabled() && !r.clock.firstMove {
		return
	}
	c := &p.Clock
	c.Enabled = true
	c.TotalMS = r.clock.period.Milliseconds()
	if !r.clock.enabled() { // a rated game with no clock, waiting for a first move
		c.TotalMS = r.clock.firstMoveWait.Milliseconds()
	}
	c.Label = r.clock.label()
	c.Running = r.clock.running()
	c.RemainingMS = r.clock.remaining().Milliseconds()
	switch {
	case r.ranOut():
		c.RemainingMS = 0 // the game was lost on time: none was left
		c.Whose = "Out of time"
		if r.ended.Winner.Valid() {
			c.Whose = game.SeatIs(r.g.Seats()[r.ended.Winner.Other()]) + " out of time"
		}
	case !c.Running:
		c.RemainingMS = c.TotalMS
	default:
		c.Whose = r.whoseTime(mine)
	}
	if r.clock.firstMove {
		c.FirstMove = true
		c.Label = "First move, or the game is aborted"
	}
	if pause := r.clock.paused; pause != nil {
		c.RemainingMS = pause.left.Milliseconds() // standing still
	}
	if c.Running {
		for _, p := range r.awayMovers() {
			if words := r.vacationWords(p); words != "" {
				c.Running, c.Vacation = false, words // standing still
				c.RemainingMS = r.clock.remaining().Milliseconds()
			}
		}
	}
}

// ranOut reports whether the game ended because the time ran out.
func (r *Room) ranOut() bool {
	return r.ended != nil && strings.HasSuffix(r.ended.Reason, ranOutOfTime)
}

// whoseTime says whose time the running clock counts, for the holder of
// mine: "Your time", "White's time", or both seats' on a simultaneous turn.
func (r *Room) whoseTime(mine []game.Player) string {
	names := r.g.Seats()
	due := r.seats.due(r.state.ToMove())
	switch {
	case len(due) == 0:
		return ""
	case len(due) == 1 && len(mine) == 1 && due[0] == mine[0]:
		return "Your time"
	case len(due) == 1:
		return game.SeatPossessive(names[due[0]]) + " time"
	}
	return "Both sides' time"
}

// actingSeat is the seat a click of the holder of mine plays for now, if
// any: one of its seats that is to move and has not chosen yet.
func (r *Room) actingSeat(mine []game.Player) (game.Player, bool) {
	if r.over() {
		return game.NoPlayer, false
	}
	return r.seats.acting(r.state.ToMove(), mine)
}

// fillTurn writes whose turn it is and, for the player to move, the clicks
// of its legal moves (Paths) or, when the room holds clicks of its towards
// a move, the cells it may click next (Targets).
func (r *Room) fillTurn(p *view.Page, mine []game.Player) {
	p.Turn, p.Status = r.turnWords(mine)
	if p.Over || r.seats.waiting() {
		return
	}
	if r.computers.thinking() {
		p.Turn = r.thinkingWords()
	}
	// A player sees their own secret choice; at one shared screen (hotseat)
	// nobody does, so the second chooser cannot see the first's choice.
	if m := r.myChoice(mine); m != nil {
		p.MyChoice = m.Path()
	}
	seat, acting := r.actingSeat(mine)
	if !acting {
		return
	}
	p.Selected = slices.Clone(r.seats.picks[seat])
	p.Step = game.StepAfter(r.state, len(p.Selected))
	if len(p.Selected) == 0 {
		if p.Paths = r.legalPaths(seat); p.Paths != "" {
			p.Steps = game.StepsOf(r.state)
			return // the page marks its targets itself (view.Page.Paths)
		}
	}
	p.Targets = map[game.Cell]bool{}
	// The moves come grouped by their first cells (an Amazons position has
	// some two thousand moves and four amazons to start them from): a cell
	// just marked is not marked again, which spared most of the map's work.
	last, marked := game.Cell{}, false
	for _, m := range r.legalMoves(seat) {
		if m.HasPrefix(p.Selected) && int(m.Len) > len(p.Selected) {
			if c := m.Cells[len(p.Selected)]; !marked || c != last {
				p.Targets[c] = true
				last, marked = c, true
			}
		}
	}
}

// thinkingWords is the banner while a computer thinks about its move:
// "The computer is thinking…", or which one when both seats are
// computers.
func (r *Room) thinkingWords() string {
	if !r.computers.watching() {
		return "The computer is thinking…"
	}
	for _, p := range r.state.ToMove() {
		if r.computers.players[p] != nil && r.seats.pending[p] == nil {
			return game.SeatIs(r.g.Seats()[p]) + " thinking…"
		}
	}
	return "The computer is thinking…"
}

// legalPaths is the clicks of seat's legal moves for its page, worked out
// once a position.
func (r *Room) legalPaths(seat game.Player) string {
	r.legalMoves(seat)
	if m := &r.legal; !m.pathsDone {
		m.paths, m.pathsDone = view.EncodePaths(m.list), true
	}
	return r.legal.paths
}

// myChoice is the secret choice of the holder of mine this turn, if it
// holds one seat and has chosen (at one shared screen nobody sees it).
func (r *Room) myChoice(mine []game.Player) *game.Move {
	if len(mine) != 1 {
		return nil
	}
	return r.seats.pending[mine[0]]
}

// turnWords is the page's sentence about the turn for the holder of mine
// and, once the game is over, its result.
func (r *Room) turnWords(mine []game.Player) (turn, status string) {
	names := r.g.Seats()
	if r.over() {
		return "Game over", r.resultWords(func(winner game.Player) string { return r.winnerWords(winner, mine) })
	}
	if r.seats.waiting() {
		return "Waiting for an opponent — " + r.findOpponent(), ""
	}
	seat, acting := r.actingSeat(mine)
	toMove := r.state.ToMove()
	switch {
	case acting && len(mine) == 2:
		turn = names[seat] + " to move"
	case acting && r.seats.changing(seat):
		other := names[seat.Other()]
		turn = "Waiting for " + other
		status = "Your choice is secret; you can change it until the " + other + " choose."
	case acting:
		turn = "Your move"
	case len(toMove) == 2:
		var waitingFor []string
		for _, q := range toMove {
			if r.seats.pending[q] == nil {
				waitingFor = append(waitingFor, names[q])
			}
		}
		turn = "Waiting for " + strings.Join(waitingFor, " and ")
	default:
		turn = names[toMove[0]] + " to move"
	}
	if r.computers.paused {
		turn += " (paused)"
	}
	if status == "" {
		status = r.pauseWords()
	}
	return turn, status
}

func (r *Room) fillMoves(p *view.Page) {
	turns := r.history.turns
	p.Moves = r.movesShown()
	if n := len(turns); n > 0 {
		for _, m := range turns[n-1].moves {
			p.LastMove = append(p.LastMove, m.Path()...)
		}
	}
}

func (r *Room) fillControls(p *view.Page, v *viewer, mine []game.Player) {
	ctl := &p.Controls
	seated := len(mine) > 0
	owner := r.seats.isOwner(v.who)
	immediate := r.mode == vocab.Hotseat || r.mode == vocab.Computer
	ctl.Join = r.mode == vocab.Friend && !seated && v.who.TokenHash != "" && r.seats.waiting() && !p.Over
	ctl.Undo = seated && len(r.history.turns) > 0 && r.request == nil && r.ended == nil // an end off the board is final
	ctl.Redo = seated && immediate && len(r.history.redo) > 0 && r.ended == nil
	ctl.Save = seated && !p.Over
	ctl.Load = seated && r.history.save != nil && r.ratedRefusal(vocab.Load) == ""
	ctl.New = (seated || (r.mode == vocab.Watch && owner)) && r.ratedRefusal(vocab.NewGame) == ""
	ctl.Undo = ctl.Undo && r.ratedRefusal(vocab.Undo) == ""
	ctl.Resign = seated && !p.Over && !r.seats.waiting() && !r.abortable() // until then: abort
	bots := r.computers.watching()
	ctl.Pause = bots && owner && !r.computers.paused && !p.Over
	ctl.Resume = bots && owner && r.computers.paused && !p.Over
	ctl.Step = bots && owner && r.computers.paused && !p.Over
	ctl.Replay = p.Over && len(r.history.turns) > 0
	_, ctl.Hint = r.hintAllowed(v.who)
	ctl.Rematch = p.Over && r.next == "" && (seated || (r.mode == vocab.Watch && owner))
	ctl.Abort = seated && r.abortable()
	ctl.Berserk = len(mine) == 1 && r.mayBerserk(mine[0]) == ""
	ctl.Draw = ctl.Resign && r.mode == vocab.Friend && len(mine) == 1 && r.request == nil && game.CanEndDrawn(r.g)
	// Against a house bot, or in an event's game, no proposal it would
	// refuse (house.go, event.go).
	ctl.Undo = ctl.Undo && r.refusedProposal(vocab.TakebackProposal) == ""
	ctl.Draw = ctl.Draw && r.refusedProposal(vocab.DrawProposal) == ""
	ctl.Rematch = ctl.Rematch && (r.mode != vocab.Friend || r.refusedProposal(vocab.RematchProposal) == "")
	if claimer, ok := r.claimer(); ok && slices.Contains(mine, claimer) {
		ctl.ClaimWin, ctl.ClaimDraw = true, true
	}
	if r.next != "" { // a record: only its replay
		*ctl = view.Controls{Replay: ctl.Replay}
	}
	if r.request != nil {
		kind, from := r.request.kind, r.request.from
		p.Request = &view.Request{Kind: kind, FromMe: slices.Contains(mine, from)}
		if p.Request.FromMe {
			p.Request.Text = kind.MadeText(r.seats.name(from.Other()))
		} else {
			p.Request.Text = kind.Text(r.seats.name(from))
		}
		// The request card answers the opponent's proposal: no second
		// button says the same (a rematch offered was answered by the
		// card's Accept and the controls' "Accept rematch").
		ctl.Rematch = ctl.Rematch && p.Request.FromMe
	}
}

// holder is what every page shows for seat p's holder: a person by name
// (the page marks the viewer's own), an engine by the name it gave, a
// computer seat by what plays it.
func (r *Room) holder(p game.Player) string {
	switch s := r.seats.held[p]; {
	case HouseSeat(s):
		return vocab.ComputerName(s.Level.Label())
	case s.Kind == vocab.ComputerSeat:
		return vocab.ComputerName(botLabel(r.computers.players[p], s.Level))
	case s.Kind == vocab.Free:
		return "Free seat"
	case s.Engine != "":
		return "Engine: " + s.Engine
	}
	return r.seats.name(p)
}

// resultWords is the sentence of the game's result, the winner named by
// wins ("Alice wins — houses empty").
func (r *Room) resultWords(wins func(game.Player) string) string {
	out := r.outcome()
	switch {
	case r.aborted, out.Reason == drawAgreed:
		return out.Reason
	case out.IsDraw():
		return "Draw — " + out.Reason
	}
	return wins(out.Winner) + " — " + out.Reason
}

// winnerWords names the winner for the holder of mine: "You won" or "You
// lost" to a player of one seat, else the winner's name ("Alice wins");
// the seat's ("P1 wins") at one shared screen, or when both seats go by
// one name (two computers of one level).
func (r *Room) winnerWords(winner game.Player, mine []game.Player) string {
	switch {
	case len(mine) == 1 && mine[0] == winner:
		return "You won"
	case len(mine) == 1:
		return "You lost"
	}
	name := r.holder(winner)
	if len(mine) == 2 || name == r.holder(winner.Other()) {
		return game.WinsText(r.g, winner)
	}
	return name + " wins"
}

// findOpponent says how the opponent of a room waiting for one finds it:
// an open challenge is listed in the lobby, and any room's link may be
// shared.
func (r *Room) findOpponent() string {
	if r.open {
		return "your challenge is listed in the lobby, and you can share the link"
	}
	return "share the link"
}

// botLabel says what plays a computer seat: the bot's own label when it has
// one (its level and the search it really runs), else the level.
func botLabel(b game.Bot, level vocab.Level) string {
	if l, ok := b.(interface{ Label() string }); ok {
		return l.Label()
	}
	return level.Label()
}

// invitation is what a visitor who may take the free seat of a friend
// room is told: who invited them, to what, and which side they will play.
func (r *Room) invitation() string {
	free := game.First
	if r.seats.held[0].Kind != vocab.Free {
		free = game.Second
	}
	clock := "no clock"
	if r.clock.enabled() {
		clock = r.clock.label() + " a move"
	}
	side := r.g.Seats()[free]
	if !r.g.Simultaneous() {
		side += []string{", who moves first", ", who moves second"}[free]
	}
	return fmt.Sprintf("%s invited you to play %s (%s). You will play %s.", r.seats.name(free.Other()), r.g.Name(), clock, side)
}
