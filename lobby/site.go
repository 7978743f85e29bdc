package lobby

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"boardroom/fairplay"
	"boardroom/game"
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/secret"
	"boardroom/store"
)

// Who is on the site, and direct challenges, on a node. Every page of a
// signed-in player keeps a socket to the site (web/play/site.go); the node
// tells the store which accounts have a page open here, so that any node
// knows who is online, and sends each page the challenges to and from its
// player as they change. A challenge is answered from any page of the one
// challenged; accepting it makes the room in the same write.

// ChallengeLife is how long a challenge waits for an answer;
// CorrespondenceChallengeLife a correspondence challenge's, which the one
// challenged may find when they next come, days later (as an open
// correspondence challenge stays listed).
const (
	ChallengeLife               = 2 * time.Minute
	CorrespondenceChallengeLife = 14 * vocab.Day
)

// challengeLife is how long a challenge on clock waits for an answer.
func challengeLife(clock vocab.Clock) time.Duration {
	if clock.Correspondence() {
		return CorrespondenceChallengeLife
	}
	return ChallengeLife
}

// answerShown is how long a challenge stays in the lists the pages are sent
// once it stopped waiting (answered, withdrawn, expired): its challenger's
// pages hear what became of it.
const answerShown = time.Minute

// MaxChallenges is how many challenges one player may have waiting.
const MaxChallenges = 3

// OnlineFor is how long an account counts as online after a node last
// said it had a page open (a node that died stops saying so).
const OnlineFor = 30 * time.Second

// presenceEvery is how often a node says again which accounts have a page
// open on it (besides whenever that changes).
const presenceEvery = 10 * time.Second

// Site runs presence and challenges on a node.
type Site struct {
	Presence   store.Presence
	Challenges store.DirectChallenges
	Rooms      Rooms
	// Node names this node in the store's presence.
	Node string
	Log  *slog.Logger
	Now  func() time.Time
	// Every is how often the challenges are read for the pages here
	// (default a second).
	Every time.Duration
	// House is the house bots (nil: none): always online, they answer a
	// challenge at once.
	House *House
	// Nudges tell the other nodes of a challenge sent, answered or
	// withdrawn here, so that its players' pages there hear of it at once
	// (nil: at their next look, Every).
	Nudges Nudges
	// Links say who may not play whom rated (package fairplay; nil: no
	// check).
	Links store.Links
	// Turns is the news of this node's rooms: whose games awaiting their
	// move changed (turns.go; nil: none told).
	Turns *Turns
	// AwaitingRooms lists the rooms of account's games awaiting their
	// move, read as the first page of theirs opens here; the header of
	// their pages counts them (nil: no counts are sent).
	AwaitingRooms func(ctx context.Context, account string) ([]string, error)

	mu    sync.Mutex
	pages map[*Page]bool
	wake  wake
	// left are the accounts whose last page here closed lately, and when
	// (presenceLinger); stale those whose presence the pages watching them
	// are to be told again (presence.go).
	left  map[string]time.Time
	stale map[string]bool
	// awaits are the rooms awaiting the move of each account with a page
	// here (by key); news is the rooms' news heard since the loop last
	// applied it, and recountWake wakes the loop to apply it (turns.go).
	awaits      map[string]map[string]bool
	news        []turnNews
	recountWake wake
}

// Page is a signed-in player's page open on this node, or a bot's program
// waiting for challenges (Bot).
type Page struct {
	Account, TokenHash string
	Bot                bool
	updates            chan Update
	last               string // what the last update said (its digest)
	// pending are the player's own challenges this page has seen waiting:
	// only their acceptance sends it to the game (Update.Accepted).
	pending map[string]bool
	// watch is the player whose presence the page shows ("": none), told
	// what it was last told of it, seen the news (presence.go).
	watch string
	told  told
	seen  chan Seen
	// turns is the news of the count of the player's games awaiting
	// their move, the newest only; toldTurns is what it was last told
	// (-1: nothing yet).
	turns     chan int
	toldTurns int
}

// Update is what a page is told: the challenges to its player waiting for
// an answer, and those its player made lately (with what became of them);
// Accepted are those of the player's challenges accepted since this page
// saw them waiting (a page opened after the game began is not sent to it).
type Update struct {
	Incoming, Outgoing, Accepted []store.DirectChallenge
}

// Updates are the page's updates, each the whole picture (an update not
// taken in time gives way to the next).
func (p *Page) Updates() <-chan Update { return p.updates }

// Open opens a page of account's, from the browser whose token hashes to
// tokenHash (a bot's program: the bot's seat hash, and bot true).
func (s *Site) Open(account, tokenHash string, bot bool) *Page {
	p := &Page{Account: account, TokenHash: tokenHash, Bot: bot, updates: make(chan Update, 1), pending: map[string]bool{},
		seen: make(chan Seen, 1), turns: make(chan int, 1), toldTurns: -1}
	s.mu.Lock()
	if s.pages == nil {
		s.pages = map[*Page]bool{}
	}
	s.pages[p] = true
	s.mu.Unlock()
	s.wake.now()
	return p
}

// Close closes a page.
func (s *Site) Close(p *Page) {
	s.mu.Lock()
	delete(s.pages, p)
	s.closed(p.Account)
	s.forgetAwaits(p.Account)
	s.mu.Unlock()
	s.wake.now()
}

func (s *Site) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Online says which of accounts have a page open anywhere on the site;
// the house bots always are.
func (s *Site) Online(ctx context.Context, accounts []string) (map[string]bool, error) {
	online, err := s.Presence.Online(ctx, accounts, s.now().Add(-OnlineFor))
	if err != nil {
		return nil, err
	}
	for _, a := range accounts {
		if _, ok := s.House.Find(a); ok {
			online[a] = true
		}
	}
	return online, nil
}

// Run keeps the store's presence and the pages' challenges up to date
// until ctx ends.
func (s *Site) Run(ctx context.Context) {
	poke := s.wake.c()
	every := s.Every
	if every <= 0 {
		every = time.Second
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	defer listen(s.Nudges, challengesSubject, &s.wake, s.Log)()
	defer s.listenPresence()()
	defer s.listenTurns()()
	turns, recount := s.Turns.c(), s.recountWake.c()
	var (
		said      []string
		saidAt    time.Time
		lookedAll time.Time // when the watched presences were last all read
	)
	for {
		select {
		case <-ctx.Done():
			s.leave()
			return
		case <-poke:
		case <-tick.C:
		case <-turns: // this node's rooms' news: told on, nothing else done
			s.turnsNews()
			continue
		case <-recount:
			s.tellTurns(ctx, s.open())
			continue
		}
		pages := s.open()
		accounts := s.here(pages)
		if changed := !slices.Equal(accounts, said); changed || s.now().Sub(saidAt) >= presenceEvery {
			if err := s.Presence.SeeOnline(ctx, s.Node, accounts, s.now()); err != nil {
				s.Log.Warn("presence not stored", "err", err)
			} else {
				if changed {
					s.cameOrWent(difference(said, accounts))
				}
				said, saidAt = accounts, s.now()
			}
		}
		s.send(ctx, pages, accountsOf(pages))
		all := s.now().Sub(lookedAll) >= presenceEvery
		if all {
			lookedAll = s.now()
		}
		s.tellPresence(ctx, pages, all)
		s.tellTurns(ctx, pages)
	}
}

// leave tells the store the pages here are gone, as the node stops.
func (s *Site) leave() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := s.Presence.SeeOnline(ctx, s.Node, nil, s.now()); err != nil {
		s.Log.Warn("presence not cleared", "err", err)
	}
}

func (s *Site) open() []*Page {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Page, 0, len(s.pages))
	for p := range s.pages {
		out = append(out, p)
	}
	return out
}

func accountsOf(pages []*Page) []string {
	var out []string
	for _, p := range pages {
		if !slices.Contains(out, p.Account) {
			out = append(out, p.Account)
		}
	}
	slices.Sort(out)
	return out
}

// send tells each page of the challenges to and from its player that
// changed.
func (s *Site) send(ctx context.Context, pages []*Page, accounts []string) {
	if len(pages) == 0 {
		return
	}
	now := s.now()
	list, err := s.Challenges.ChallengesOf(ctx, accounts, now.Add(-answerShown))
	if err != nil {
		s.Log.Warn("challenges not read", "err", err)
		return
	}
	for _, p := range pages {
		var u Update
		for _, c := range list {
			switch {
			case strings.EqualFold(c.To, p.Account) && c.Status == store.ChallengePending && !c.Expired(now):
				u.Incoming = append(u.Incoming, c)
			case strings.EqualFold(c.From, p.Account):
				u.Outgoing = append(u.Outgoing, c)
				switch {
				case c.Status == store.ChallengePending && !c.Expired(now):
					p.pending[c.ID] = true
				case p.pending[c.ID]:
					delete(p.pending, c.ID)
					if c.Status == store.ChallengeAccepted {
						u.Accepted = append(u.Accepted, c)
					}
				}
			}
		}
		digest := fmt.Sprint(u.Incoming, "|", len(u.Outgoing))
		for _, c := range u.Outgoing {
			digest += c.ID + c.Status + fmt.Sprint(c.Expired(now))
		}
		if digest == p.last {
			continue
		}
		select { // the newest picture replaces one not taken yet
		case <-p.updates:
		default:
		}
		p.updates <- u
		p.last = digest
	}
}

// changed wakes the pages here, and nudges the other nodes': a challenge
// was sent, answered or withdrawn.
func (s *Site) changed() {
	s.wake.now()
	nudge(s.Nudges, challengesSubject, s.Log)
}

// Errors of challenges, in words for people.
var (
	ErrChallengeSelf = errors.New("you cannot challenge yourself")
	ErrTooMany       = fmt.Errorf("you have %d challenges waiting for an answer already", MaxChallenges)
)

// Challenge offers to's player a game from from (signed in, in the
// browser whose token hashes to fromToken), on a clock of seconds.
func (s *Site) Challenge(ctx context.Context, from, fromToken, to, gameID string, clock vocab.Clock, rated bool) (store.DirectChallenge, error) {
	return s.ChallengeDays(ctx, from, fromToken, to, gameID, clock, 0, rated)
}

// ChallengeDays is Challenge on any clock: days are a correspondence
// clock's days a move (vocab.Days), 0 for the others.
func (s *Site) ChallengeDays(ctx context.Context, from, fromToken, to, gameID string, clock vocab.Clock, days int, rated bool) (store.DirectChallenge, error) {
	now := s.now()
	switch {
	case strings.EqualFold(from, to):
		return store.DirectChallenge{}, ErrChallengeSelf
	case fromToken == "":
		return store.DirectChallenge{}, ErrNoToken
	}
	if _, err := game.Lookup(gameID); err != nil {
		return store.DirectChallenge{}, fmt.Errorf("%w: %w", match.ErrBadRequest, err)
	}
	if !slices.Contains(vocab.Clocks(), clock) {
		return store.DirectChallenge{}, fmt.Errorf("%w: no clock %q", match.ErrBadRequest, clock)
	}
	days, err := vocab.ClockDays(clock, days)
	if err != nil {
		return store.DirectChallenge{}, fmt.Errorf("%w: %w", match.ErrBadRequest, err)
	}
	if err := s.mayRate(ctx, rated, from, to, now); err != nil {
		return store.DirectChallenge{}, err
	}
	if err := s.notAgain(ctx, from, to, gameID, now); err != nil {
		return store.DirectChallenge{}, err
	}
	n, err := s.Challenges.PendingFrom(ctx, from, now)
	if err != nil {
		return store.DirectChallenge{}, err
	}
	if n >= MaxChallenges {
		return store.DirectChallenge{}, ErrTooMany
	}
	c := store.DirectChallenge{ID: secret.Text(12), From: from, To: to, FromToken: fromToken, Game: gameID, Clock: clock, Days: days,
		Rated: rated, Created: now, Expires: now.Add(challengeLife(clock)), Status: store.ChallengePending}
	house, isHouse := s.House.Find(to)
	if isHouse && !house.Plays(gameID) {
		return store.DirectChallenge{}, HouseGameRefused{Bot: house.Account, Games: house.Games}
	}
	if isHouse {
		if err := s.houseMayPlay(ctx, from, now); err != nil {
			return store.DirectChallenge{}, err
		}
	}
	if err := s.Challenges.CreateChallenge(ctx, c); err != nil {
		return store.DirectChallenge{}, err
	}
	s.changed()
	if isHouse {
		return s.houseAccepts(ctx, c, house, now)
	}
	return c, nil
}

// AlreadyChallenged refuses a challenge to a player who has one from the
// same challenger in the same game waiting for an answer: Pending is that
// one. It is refused rather than put in the old one's place, which would
// take the pop-up from the other player's screen and put it back (the
// stacked pop-ups the challenger did not mean to send), and give them two
// minutes more of it; the challenger who wants other terms cancels first.
type AlreadyChallenged struct{ Pending store.DirectChallenge }

func (e AlreadyChallenged) Error() string {
	return "you have challenged " + e.Pending.To + " to this game already, and that challenge waits for their answer"
}

// notAgain refuses from a second challenge to to in gameID while one waits
// for an answer (AlreadyChallenged).
func (s *Site) notAgain(ctx context.Context, from, to, gameID string, now time.Time) error {
	list, err := s.Challenges.ChallengesOf(ctx, []string{from}, now.Add(-answerShown))
	if err != nil {
		return err
	}
	for _, c := range list {
		if strings.EqualFold(c.From, from) && strings.EqualFold(c.To, to) && c.Game == gameID &&
			c.Status == store.ChallengePending && !c.Expired(now) {
			return AlreadyChallenged{Pending: c}
		}
	}
	return nil
}

// ErrHouseBusy refuses a challenge to a house bot while the house plays
// as many games as it may.
var ErrHouseBusy = errors.New("the computer is playing as many rated games as it may just now: try again in a few minutes, or play it unrated (New game, Against the computer), which starts at once")

// HouseGameInPlay refuses a house game to a player who has one in play
// already: Room is that game.
type HouseGameInPlay struct{ Room string }

func (e HouseGameInPlay) Error() string {
	return "you are playing the computer already: finish or abort that game before you start another"
}

// houseMayPlay refuses a house game to account when they have one in play
// already, or when the house has no slot for one.
func (s *Site) houseMayPlay(ctx context.Context, account string, now time.Time) error {
	playing, err := s.House.inPlay(ctx, now)
	switch {
	case err != nil:
		return err
	case gameOf(playing, account) != "":
		return HouseGameInPlay{Room: gameOf(playing, account)}
	case s.House.slots(playing) == 0:
		return ErrHouseBusy
	}
	return nil
}

// mayRate refuses a rated game between the accounts a and b when they are
// linked (a fairplay.Refused, which says why).
func (s *Site) mayRate(ctx context.Context, rated bool, a, b string, now time.Time) error {
	if !rated || s.Links == nil {
		return nil
	}
	return fairplay.Check(ctx, s.Links, a, b, now)
}

// houseAccepts answers challenge c to the house bot b at once: its room is
// made in the answer's write, and c comes back with it.
func (s *Site) houseAccepts(ctx context.Context, c store.DirectChallenge, b HouseBot, now time.Time) (store.DirectChallenge, error) {
	seats := [2]store.Seat{{TokenHash: c.FromToken, Account: c.From}, b.seat()}
	room, err := s.accept(ctx, c, seats, now)
	if err != nil {
		// Nobody else would answer it: the challenger is not left waiting.
		if derr := s.Challenges.AnswerChallenge(ctx, c.ID, c.To, false, "", nil, now); derr != nil {
			s.Log.Warn("house challenge not declined", "challenge", c.ID, "err", derr)
		}
		return store.DirectChallenge{}, err
	}
	c.Status, c.Room = store.ChallengeAccepted, room
	return c, nil
}

// Answer accepts or declines challenge id from one of its player's pages
// (a page of the one challenged), a decline with reason (a value the site
// names, "": none); it returns the room of one accepted.
func (s *Site) Answer(ctx context.Context, p *Page, id string, accept bool, reason string) (string, error) {
	now := s.now()
	list, err := s.Challenges.ChallengesOf(ctx, []string{p.Account}, now.Add(-answerShown))
	if err != nil {
		return "", err
	}
	i := slices.IndexFunc(list, func(c store.DirectChallenge) bool { return c.ID == id && strings.EqualFold(c.To, p.Account) })
	if i < 0 {
		return "", store.ErrChallengeGone
	}
	c := list[i]
	defer s.changed()
	if !accept {
		return "", s.Challenges.AnswerChallenge(ctx, id, c.To, false, reason, nil, now)
	}
	if p.TokenHash == "" {
		return "", ErrNoToken // the seat would be nobody's
	}
	if err := s.mayRate(ctx, c.Rated, c.From, c.To, now); err != nil {
		return "", err // linked since it was sent
	}
	seats := [2]store.Seat{{TokenHash: c.FromToken, Account: c.From}, {TokenHash: p.TokenHash, Account: p.Account, BotAccount: p.Bot}}
	return s.accept(ctx, c, seats, now)
}

// accept makes the room of challenge c for seats, in the write that
// answers c, and runs it here.
func (s *Site) accept(ctx context.Context, c store.DirectChallenge, seats [2]store.Seat, now time.Time) (string, error) {
	rec, err := match.PairedRecord(c.Game, c.Clock, c.Days, c.Rated, seats, now)
	if err != nil {
		return "", err
	}
	fctx, err := s.Rooms.NewRoomContext(ctx)
	if err != nil {
		return "", err
	}
	if err := s.Challenges.AnswerChallenge(fctx, c.ID, c.To, true, "", rec, now); err != nil {
		return "", err
	}
	if err := s.Rooms.RunNew(ctx, rec); err != nil {
		s.Log.Warn("challenge's room not started here", "room", rec.ID, "err", err) // it runs where it is opened
	}
	s.Log.Info("challenge accepted", "from", c.From, "to", c.To, "room", rec.ID, "rated", rec.Rated)
	return rec.ID, nil
}

// Waiting lists the challenges to and from account that wait for an
// answer now (none expired), oldest first.
func (s *Site) Waiting(ctx context.Context, account string) (incoming, outgoing []store.DirectChallenge, err error) {
	now := s.now()
	list, err := s.Challenges.ChallengesOf(ctx, []string{account}, now.Add(-answerShown))
	if err != nil {
		return nil, nil, err
	}
	for _, c := range list {
		switch {
		case c.Status != store.ChallengePending || c.Expired(now):
		case strings.EqualFold(c.To, account):
			incoming = append(incoming, c)
		case strings.EqualFold(c.From, account):
			outgoing = append(outgoing, c)
		}
	}
	return incoming, outgoing, nil
}

// Cancel withdraws one of p's player's challenges.
func (s *Site) Cancel(ctx context.Context, p *Page, id string) error {
	defer s.changed()
	return s.Challenges.CancelChallenge(ctx, id, p.Account, s.now())
}
