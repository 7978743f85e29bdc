package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/frame/frametest"
	"boardroom/realtime/view"
)

// TestKilledServerLosesNoAcknowledgedMove plays several games against a real
// server process, kills it with SIGKILL while moves are in flight, restarts
// it on the same database, and checks that every move a player saw
// acknowledged is still there and that every game goes on.
func TestKilledServerLosesNoAcknowledgedMove(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and kills a server process")
	}
	dir := t.TempDir()
	bin := serverBinary(t)
	db := filepath.Join(dir, "crash.db")
	addr := freeAddr(t)
	base := "http://" + addr

	server := startProcess(t, bin, addr, db)
	const rooms = 8
	players := make([]*player, rooms)
	for i := range players {
		players[i] = newPlayer(t, base)
	}
	// Play in every room until the server dies.
	var wg sync.WaitGroup
	for _, p := range players {
		wg.Add(1)
		go func() { defer wg.Done(); p.playUntilError() }()
	}
	time.Sleep(2500 * time.Millisecond) // about 20 moves a room, some in flight at the kill
	require.NoError(t, server.Process.Signal(syscall.SIGKILL))
	server.Wait()
	wg.Wait()

	startProcess(t, bin, addr, db)
	for _, p := range players {
		require.NotEmpty(t, p.acked, "room %s: some moves were acknowledged before the kill", p.room)
		t.Logf("room %s: %d moves acknowledged", p.room, len(p.acked))
		moves := p.stored(t)
		require.GreaterOrEqual(t, len(moves), len(p.acked), "room %s lost acknowledged moves", p.room)
		require.Equal(t, p.acked, moves[:len(p.acked)], "room %s: the acknowledged moves are there, in order", p.room)
		// The game goes on: the player, still seated, makes another move.
		p.ws = nil
		require.NoError(t, p.connect(), "room %s: reconnecting", p.room)
		if !p.over {
			require.NoError(t, p.move(), "room %s: playing on after the restart", p.room)
		}
	}
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

func startProcess(t *testing.T, bin, addr, db string) *exec.Cmd {
	cmd := exec.Command(bin, "-addr", addr, "-db", db, "-max-conns-per-addr", "0", "-max-rooms-per-minute", "0")
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			return cmd
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the server did not start:\n%s", logs.String())
	return nil
}

// player plays a hotseat Kalah game over the WebSocket, remembering every
// move the server acknowledged (showed in the move list).
type player struct {
	t      *testing.T
	base   string
	client *http.Client
	room   string
	ws     *websocket.Conn
	page   *goquery.Document
	acked  []string
	over   bool
}

func newPlayer(t *testing.T, base string) *player {
	jar, _ := cookiejar.New(nil)
	p := &player{t: t, base: base, client: &http.Client{Jar: jar, Timeout: 5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	resp, err := p.client.PostForm(base+"/rooms", url.Values{"game": {"kalah"}, "mode": {"hotseat"}, "houses": {"6"}, "seeds": {"6"}})
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	p.room = resp.Header.Get("Location")
	require.NoError(t, p.connect())
	return p
}

func (p *player) connect() error {
	u, _ := url.Parse(p.base)
	h := http.Header{"Origin": {p.base}}
	for _, c := range p.client.Jar.Cookies(u) {
		h.Add("Cookie", c.Name+"="+c.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(p.base, "http")+p.room+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return err
	}
	ws.SetReadLimit(1 << 20)
	p.ws = ws
	return p.read()
}

// read waits for the next page update.
func (p *player) read() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, b, err := p.ws.Read(ctx)
		if err != nil {
			return err
		}
		switch {
		case bytes.Contains(b[:min(len(b), 200)], []byte(`id="live"`)):
			p.page, err = goquery.NewDocumentFromReader(bytes.NewReader(b))
		case p.page == nil:
			continue // a spectator count before the first page
		default:
			err = frametest.Apply(p.page, b) // a delta: the parts that changed
		}
		if err != nil {
			return err
		}
		p.over = strings.TrimSpace(p.page.Find("[data-testid=status]").Text()) != ""
		return nil
	}
}

// offeredMove is the message a page sends for the first move its paths
// offer (the player to move's page lists them, view.EncodePaths); false when
// it offers none.
func offeredMove(doc *goquery.Document) (string, bool) {
	paths, err := view.DecodePaths(doc.Find("#paths").AttrOr("data-paths", ""))
	if err != nil || len(paths) == 0 {
		return "", false
	}
	cells := make([]string, len(paths[0]))
	for i, c := range paths[0] {
		cells[i] = c.String()
	}
	if len(cells) == 1 {
		return `{"cell":"` + cells[0] + `"}`, true
	}
	return `{"path":"` + strings.Join(cells, " ") + `"}`, true
}

// move plays the first move the page offers and waits until it is shown.
func (p *player) move() error {
	msg, ok := offeredMove(p.page)
	if !ok {
		return fmt.Errorf("no move offered")
	}
	before := p.page.Find("[data-testid=move]").Length()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		return err
	}
	for p.page.Find("[data-testid=move]").Length() == before {
		if err := p.read(); err != nil {
			return err
		}
	}
	p.acked = nil
	p.page.Find("[data-testid=move]").Each(func(_ int, s *goquery.Selection) { p.acked = append(p.acked, s.Text()) })
	return nil
}

// playUntilError plays (a new game after each end) at a person's pace, below
// the server's rate limit, until the server goes away.
func (p *player) playUntilError() {
	for {
		if p.over {
			if err := p.newGame(); err != nil {
				return
			}
		}
		if err := p.move(); err != nil {
			return
		}
		time.Sleep(120 * time.Millisecond)
	}
}

func (p *player) newGame() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageText, []byte(`{"action":"new"}`)); err != nil {
		return err
	}
	for p.over || p.page.Find("[data-testid=move]").Length() > 0 {
		if err := p.read(); err != nil {
			return err
		}
	}
	p.acked = nil
	return nil
}

// stored reads the room's move list from its page after the restart.
func (p *player) stored(t *testing.T) []string {
	resp, err := p.client.Get(p.base + p.room)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	doc, err := goquery.NewDocumentFromReader(resp.Body)
	require.NoError(t, err)
	var moves []string
	doc.Find("[data-testid=move]").Each(func(_ int, s *goquery.Selection) { moves = append(moves, s.Text()) })
	return moves
}
