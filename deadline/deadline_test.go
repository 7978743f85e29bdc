package deadline_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"boardroom/deadline"
	"boardroom/game"
	_ "boardroom/game/all"
	"boardroom/internal/emptydb"
	"boardroom/realtime"
	"boardroom/realtime/clocktest"
	"boardroom/realtime/match"
	"boardroom/realtime/match/matchtest"
	"boardroom/realtime/vocab"
	"boardroom/store"

	"github.com/stretchr/testify/require"
)

// alarms records the alarms raised.
type alarms struct {
	mu   sync.Mutex
	said []string
}

func (a *alarms) TimeRunningLow(_ context.Context, account, room string, left time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.said = append(a.said, fmt.Sprintf("%s in %s: %s left", account, room, left))
}

func (a *alarms) all() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.said...)
}

// server is a node's hub over a SQLite store on a fake clock.
type server struct {
	st    *store.SQLite
	clock *clocktest.Clock
	hub   *realtime.Hub
}

func newServer(t *testing.T) *server {
	st, err := store.OpenSQLite(emptydb.Path(t, "d.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	s := &server{st: st, clock: clocktest.New()}
	st.SetNow(s.clock.Now)
	s.start(t)
	return s
}

// start runs a new hub: as a restart, it has no room in memory.
func (s *server) start(t *testing.T) {
	s.hub = realtime.NewHub(realtime.Config{Store: s.st, Renderer: &matchtest.PageRecorder{}, Clock: s.clock, BaseURL: "http://test"})
	hub := s.hub
	t.Cleanup(func() { s.stop(t, hub) })
}

func (s *server) stop(t *testing.T, hub *realtime.Hub) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, hub.Shutdown(ctx))
}

// firstMoves are the turns of a game of g in which each side has moved
// once, the first seat to move next.
func firstMoves(t *testing.T, g game.Game) []string {
	st, err := g.New(nil)
	require.NoError(t, err)
	var turns []string
	moved := map[game.Player]bool{}
	for !(moved[game.First] && moved[game.Second] && st.ToMove()[0] == game.First) {
		m := st.Legal(st.ToMove()[0], nil)[0]
		moved[st.ToMove()[0]] = true
		turns = append(turns, st.FormatMove(m))
		require.NoError(t, st.Apply(m))
	}
	return turns
}

// A correspondence game whose mover's time runs out while no node runs its
// room is ended on time by the keeper, through the room, once; its mover is
// told once when 80% of their time is used.
func TestKeeperEndsGamesOnTimeAndRaisesTheAlarm(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	g, err := game.Lookup("kalah")
	require.NoError(t, err)
	id, err := s.hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.CorrespondenceClock, Days: 1,
		Seat: vocab.FirstSeat, Level: vocab.Beginner, Account: "ann", Turns: firstMoves(t, g)}, "tok")
	require.NoError(t, err)
	var rec *store.Room
	require.Eventually(t, func() bool { // as the room starts running
		rec, err = s.st.Room(ctx, id)
		require.NoError(t, err)
		return s.clock.Now().Add(vocab.Day).Equal(rec.Due.At)
	}, 5*time.Second, 5*time.Millisecond, "the room wrote its deadline")
	s.stop(t, s.hub) // nobody has it open: it is in the store only
	s.start(t)

	var said alarms
	keepers := make([]*deadline.Keeper, 2) // two nodes
	for i := range keepers {
		keepers[i] = &deadline.Keeper{Store: s.st, Alarm: &said, Now: s.clock.Now,
			Load: func(ctx context.Context, id string) error { _, err := s.hub.Room(ctx, id); return err }}
	}
	scan := func() (ended, alarmed int) {
		var wg sync.WaitGroup
		var mu sync.Mutex
		for _, k := range keepers {
			wg.Go(func() {
				e, a, err := k.Scan(ctx)
				require.NoError(t, err)
				mu.Lock()
				ended, alarmed = ended+e, alarmed+a
				mu.Unlock()
			})
		}
		wg.Wait()
		return ended, alarmed
	}
	steps := []struct {
		name           string
		advance        time.Duration
		ended, alarmed int
		alarms         []string
	}{
		{"before 80%", 19 * time.Hour, 0, 0, nil},
		{"at 80%: one alarm, raised by one node", 13 * time.Minute, 0, 1, []string{"ann in " + id + ": 4h47m0s left"}},
		{"not raised again", time.Hour, 0, 0, []string{"ann in " + id + ": 4h47m0s left"}},
		{"past the deadline: loaded and ended", 4 * time.Hour, 2, 0, []string{"ann in " + id + ": 4h47m0s left"}},
	}
	for _, step := range steps {
		s.clock.Advance(step.advance)
		ended, alarmed := scan()
		require.Equal(t, step.alarmed, alarmed, step.name)
		require.Equal(t, step.ended, ended, step.name)
		require.Equal(t, step.alarms, said.all(), step.name)
	}
	require.Eventually(t, func() bool {
		// The loaded room's clock, run out, fires once the room has set
		// it: the room starts on its own goroutine, after Load returned.
		s.clock.Advance(0)
		rec, err = s.st.Room(ctx, id)
		require.NoError(t, err)
		return rec.Over
	}, 5*time.Second, 5*time.Millisecond)
	require.Equal(t, 1, rec.Winner)
	require.Equal(t, "P1 ran out of time", rec.Reason)
	over, err := s.st.Overdue(ctx, s.clock.Now(), 10)
	require.NoError(t, err)
	require.Empty(t, over, "done once")
	ended, alarmed := scan()
	require.Zero(t, ended+alarmed)
}

// A keeper's loads that another node runs are left to it; others are
// logged, and the scan goes on.
func TestKeeperLeavesRoomsOwnedElsewhere(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	for _, id := range []string{"a", "b"} {
		r := &store.Room{ID: id, Game: "kalah", Mode: vocab.Friend, Clock: vocab.CorrespondenceClock, Days: 1, Winner: -1,
			Options: map[string]string{}}
		require.NoError(t, s.st.CreateRoom(ctx, r))
		require.NoError(t, s.st.SetDue(ctx, id, store.Due{At: s.clock.Now()}))
	}
	var asked []string
	k := &deadline.Keeper{Store: s.st, Now: s.clock.Now, Load: func(_ context.Context, id string) error {
		asked = append(asked, id)
		return fmt.Errorf("room %s: %w", id, store.ErrOwned)
	}}
	ended, alarmed, err := k.Scan(ctx)
	require.NoError(t, err)
	require.Zero(t, ended+alarmed)
	require.Equal(t, []string{"a", "b"}, asked)
}

// The keeper neither ends the game of a player on vacation nor tells them
// their time runs low while they are away: the vacation, started and
// stopped while no node runs the room, moves the deadline the store keeps
// to that moment, the keeper loads the room, and the room writes its
// deadline and alarm anew with the time away counted out. After the
// vacation, the time she had when it began runs out as ever.
func TestKeeperLeavesAVacationersGameAlone(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	require.NoError(t, s.st.CreateUser(ctx, &store.User{Name: "ann", Key: "ann", PasswordHash: "h", Created: s.clock.Now()}))
	g, err := game.Lookup("kalah")
	require.NoError(t, err)
	id, err := s.hub.Create(ctx, match.Spec{Game: "kalah", Mode: vocab.Hotseat, Clock: vocab.CorrespondenceClock, Days: 1,
		Seat: vocab.FirstSeat, Level: vocab.Beginner, Account: "ann", Turns: firstMoves(t, g)}, "tok")
	require.NoError(t, err)
	turn := s.clock.Now()
	require.Eventually(t, func() bool {
		rec, err := s.st.Room(ctx, id)
		require.NoError(t, err)
		return turn.Add(vocab.Day).Equal(rec.Due.At)
	}, 5*time.Second, 5*time.Millisecond, "the room wrote its deadline")

	var said alarms
	k := &deadline.Keeper{Store: s.st, Alarm: &said, Now: s.clock.Now,
		Load: func(ctx context.Context, id string) error { _, err := s.hub.Room(ctx, id); return err }}
	unload := func() { // nobody has it open: it is in the store only
		s.stop(t, s.hub)
		s.start(t)
	}
	due := func() store.Due {
		rec, err := s.st.Room(ctx, id)
		require.NoError(t, err)
		require.False(t, rec.Over, "not ended")
		return rec.Due
	}
	scan := func() {
		_, _, err := k.Scan(ctx)
		require.NoError(t, err)
	}
	// settled waits for the loaded room to write its deadline, at.
	settled := func(at time.Time, why string) {
		require.Eventually(t, func() bool { s.clock.Advance(0); return due().At.Equal(at) }, 5*time.Second, 5*time.Millisecond, why)
	}

	unload()
	s.clock.Advance(6 * time.Hour) // 18 h left
	v, err := s.st.StartVacation(ctx, "ann", s.clock.Now())
	require.NoError(t, err)
	require.Equal(t, s.clock.Now().UnixMilli(), due().At.UnixMilli(), "the store asks the keeper to look now")
	scan()
	settled(v.To.Add(18*time.Hour), "loaded, the room counts the vacation out of her time")

	unload()
	s.clock.Advance(20 * time.Hour) // past the deadline and the alarm she had
	scan()
	s.clock.Advance(12 * 24 * time.Hour)
	scan()
	require.Empty(t, said.all(), "no alarm while away")
	require.Equal(t, v.To.Add(18*time.Hour).UnixMilli(), due().At.UnixMilli())

	unload()
	_, err = s.st.StopVacation(ctx, "ann", s.clock.Now()) // back before the days ran out
	require.NoError(t, err)
	back := s.clock.Now()
	scan()
	settled(back.Add(18*time.Hour), "her 18 hours from her return")

	unload()
	s.clock.Advance(13*time.Hour + 12*time.Minute) // 80% of the day used: 4 h 48 min left
	scan()
	require.Equal(t, []string{"ann in " + id + ": 4h48m0s left"}, said.all(), "the alarm, after the vacation")
	s.clock.Advance(4*time.Hour + 48*time.Minute)
	scan()
	require.Eventually(t, func() bool {
		s.clock.Advance(0)
		rec, err := s.st.Room(ctx, id)
		require.NoError(t, err)
		return rec.Over
	}, 5*time.Second, 5*time.Millisecond, "lost on time after it")
}

// An alarm a room wrote without knowing its mover is away (its node missed
// the news) is not raised while they are: the keeper loads the room
// instead, which writes it again past the vacation. Another mover's is.
func TestKeeperRaisesNoAlarmWhileTheMoverIsAway(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	now := s.clock.Now()
	for _, name := range []string{"ann", "bea"} {
		require.NoError(t, s.st.CreateUser(ctx, &store.User{Name: name, Key: name, PasswordHash: "h", Created: now}))
	}
	_, err := s.st.StartVacation(ctx, "ann", now.Add(-time.Hour))
	require.NoError(t, err)
	for id, mover := range map[string]string{"a": "ann", "b": "bea"} {
		r := &store.Room{ID: id, Game: "kalah", Mode: vocab.Friend, Clock: vocab.CorrespondenceClock, Days: 1, Winner: -1,
			Options: map[string]string{}}
		require.NoError(t, s.st.CreateRoom(ctx, r))
		require.NoError(t, s.st.SetDue(ctx, id, store.Due{At: now.Add(time.Hour), Alarm: now.Add(-time.Minute), Movers: []string{mover}}))
	}
	var said alarms
	var loaded []string
	k := &deadline.Keeper{Store: s.st, Alarm: &said, Now: s.clock.Now, Load: func(_ context.Context, id string) error {
		loaded = append(loaded, id)
		return fmt.Errorf("room %s: %w", id, store.ErrOwned)
	}}
	_, alarmed, err := k.Scan(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, alarmed)
	require.Equal(t, []string{"bea in b: 1h0m0s left"}, said.all(), "ann is away")
	require.Equal(t, []string{"a"}, loaded, "ann's room is asked to write its alarm again")
}
