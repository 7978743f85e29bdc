package enginetext

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Refusal is a command the engine refused: its "?" reply, with the reason.
type Refusal struct {
	Command string // the command line sent
	Reason  string // what the engine said after "?"
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("engine refused %q: %s", clip(r.Command), r.Reason)
}

// Errors of a Client; test for them with errors.Is.
var (
	// ErrExited: the engine's output ended (it exited or closed it) before
	// the reply came. The error says how it exited and the end of what it
	// wrote to standard error.
	ErrExited = errors.New("engine exited")
	// ErrClosed: the Client was closed.
	ErrClosed = errors.New("engine client closed")
	// ErrWedged: a command could not be written before its context ended
	// (the engine stopped reading); the Client can send nothing more.
	ErrWedged = errors.New("engine not reading")
)

// Client drives an engine over the protocol. Its methods may be called from
// several goroutines; the commands go one at a time.
//
// Every command waits for its reply until ctx ends; then the command's error
// wraps ctx's. The engine may still carry that command out (a late genmove
// is played): the Client drops its late reply, so the next command gets its
// own, but a caller that needs to know the engine's position for sure
// starts a new game and plays the moves again, or closes the Client.
type Client struct {
	mu      sync.Mutex // one command at a time
	w       io.Writer
	replies chan reply // from the reader, in order; closed when it ends
	readErr error      // why the reader ended; read after replies is closed
	owed    int        // late replies to drop: commands whose ctx ended first
	wedged  error      // set when a write was cut short: nothing more can be sent
	closed  bool

	stop     chan struct{} // closed by Close: the reader stops sending
	stopOnce sync.Once
	proc     *process // nil for Connect
	closer   io.Closer
}

// Connect makes a Client of an engine reached by a pair of streams: it
// writes commands to w and reads replies from r. Close closes w when it is
// an io.Closer; the goroutine that reads r ends when r ends (an engine ends
// its output when its input ends).
func Connect(r io.Reader, w io.Writer) *Client {
	c := newClient(w)
	if cl, ok := w.(io.Closer); ok {
		c.closer = cl
	}
	go c.read(r)
	return c
}

func newClient(w io.Writer) *Client {
	return &Client{w: w, replies: make(chan reply, 4), stop: make(chan struct{})}
}

// read delivers the replies of r until it ends or the Client closes.
func (c *Client) read(r io.Reader) {
	defer close(c.replies)
	br := bufio.NewReaderSize(r, 16<<10)
	for {
		rep, err := readReply(br)
		if err != nil {
			if err == io.EOF || errors.Is(err, os.ErrClosed) {
				err = ErrExited
			}
			c.readErr = err
			return
		}
		select {
		case c.replies <- rep:
		case <-c.stop:
			c.readErr = ErrClosed
			return
		}
	}
}

// Do sends one command line and returns the text of its "=" reply (the
// first line's text, then "\n" and each further line). A "?" reply is a
// *Refusal. A line that holds a line break is refused without being sent.
func (c *Client) Do(ctx context.Context, command string) (string, error) {
	if strings.ContainsAny(command, "\r\n") {
		return "", fmt.Errorf("a command is one line, got %q", clip(command))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return "", fmt.Errorf("%s: %w", clip(command), ErrClosed)
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("%s: %w", clip(command), err)
	}
	if err := c.write(ctx, command+"\n"); err != nil {
		return "", fmt.Errorf("%s: %w", clip(command), c.exitError(err))
	}
	for {
		select {
		case rep, ok := <-c.replies:
			if !ok {
				return "", fmt.Errorf("%s: %w", clip(command), c.exitError(c.readErr))
			}
			if c.owed > 0 {
				c.owed--
				continue
			}
			if !rep.ok {
				return "", &Refusal{Command: command, Reason: rep.text}
			}
			return rep.text, nil
		case <-ctx.Done():
			c.owed++
			return "", fmt.Errorf("%s: no reply: %w", clip(command), ctx.Err())
		}
	}
}

// write sends text before ctx ends: with the stream's write deadline where
// it has one, else from a goroutine. A write that ctx cut short leaves a
// part of a line behind, so the Client is wedged: every later command fails.
func (c *Client) write(ctx context.Context, text string) error {
	if c.wedged != nil {
		return c.wedged
	}
	if f, ok := c.w.(interface{ SetWriteDeadline(time.Time) error }); ok {
		d, _ := ctx.Deadline() // the zero time: no deadline
		if f.SetWriteDeadline(d) == nil {
			_, err := io.WriteString(c.w, text)
			if errors.Is(err, os.ErrDeadlineExceeded) {
				c.wedged = fmt.Errorf("%w: a command could not be written in time", ErrWedged)
				return fmt.Errorf("%w (%w)", c.wedged, context.DeadlineExceeded)
			}
			return err
		}
	}
	done := make(chan error, 1)
	go func() {
		_, err := io.WriteString(c.w, text)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		c.wedged = fmt.Errorf("%w: a command could not be written in time", ErrWedged)
		return fmt.Errorf("%w (%w)", c.wedged, ctx.Err())
	}
}

// exitError explains why the engine cannot answer: with a process, how it
// exited and what it last wrote to standard error.
func (c *Client) exitError(err error) error {
	if c.proc == nil || !(errors.Is(err, ErrExited) || errors.Is(err, os.ErrClosed) || isBrokenPipe(err)) {
		return err
	}
	return c.proc.exitError()
}

// Name asks the engine's name.
func (c *Client) Name(ctx context.Context) (string, error) { return c.Do(ctx, "name") }

// NewGame starts a game: its id and options (sent as key=value words, in
// the order of the keys sorted, so that the line is the same every time).
func (c *Client) NewGame(ctx context.Context, gameID string, opts map[string]string) error {
	words := []string{"game", gameID}
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		words = append(words, k+"="+opts[k])
	}
	for _, w := range words[1:] {
		if w == "" || strings.ContainsAny(w, " \t") {
			return fmt.Errorf("game: %q cannot be sent as one word", w)
		}
	}
	_, err := c.Do(ctx, strings.Join(words, " "))
	return err
}

// Time sets the engine's time a move, in milliseconds.
func (c *Client) Time(ctx context.Context, ms int) error {
	_, err := c.Do(ctx, "time "+strconv.Itoa(ms))
	return err
}

// Level sets the engine's level (beginner, medium or difficult) and
// search ("": the level's own).
func (c *Client) Level(ctx context.Context, level, algorithm string) error {
	_, err := c.Do(ctx, strings.TrimSpace("level "+level+" "+algorithm))
	return err
}

// Play tells the engine a turn, in the game's notation (A+B on a
// simultaneous turn).
func (c *Client) Play(ctx context.Context, notation string) error {
	_, err := c.Do(ctx, "play "+notation)
	return err
}

// GenMove asks the engine's move, which it also plays. On a simultaneous
// turn give the seat whose choice is wanted (its name, or 1 or 2): the
// engine answers the choice and does not play it.
func (c *Client) GenMove(ctx context.Context, seat ...string) (string, error) {
	cmd := "genmove"
	switch len(seat) {
	case 0:
	case 1:
		cmd += " " + seat[0]
	default:
		return "", fmt.Errorf("genmove takes one seat, got %d", len(seat))
	}
	move, err := c.Do(ctx, cmd)
	if err == nil && (move == "" || strings.Contains(move, "\n")) {
		return "", fmt.Errorf("%w: genmove answered %q, not one move", ErrProtocol, clip(move))
	}
	return move, err
}

// Undo takes back the last turn.
func (c *Client) Undo(ctx context.Context) error {
	_, err := c.Do(ctx, "undo")
	return err
}

// Legal asks the legal moves of the seat to move (of the named seat on a
// simultaneous turn); none when the game is over.
func (c *Client) Legal(ctx context.Context, seat ...string) ([]string, error) {
	text, err := c.Do(ctx, strings.TrimSpace("legal "+strings.Join(seat, " ")))
	if err != nil {
		return nil, err
	}
	return strings.Fields(text), nil
}

// Show asks the text board; it ends in a newline.
func (c *Client) Show(ctx context.Context) (string, error) {
	text, err := c.Do(ctx, "show")
	if err != nil {
		return "", err
	}
	return strings.TrimPrefix(text, "\n") + "\n", nil
}

// Result is how the engine says the game stands.
type Result struct {
	Over bool
	// Winner is the winning seat's name; "" for a draw or a game still on.
	Winner string
	// Score is the two scores, first seat first (when Over).
	Score  [2]int
	Reason string
}

// Result asks how the game stands.
func (c *Client) Result(ctx context.Context) (Result, error) {
	text, err := c.Do(ctx, "result")
	if err != nil {
		return Result{}, err
	}
	return ParseResult(text)
}

// ParseResult reads result's answer: "none", or the winner's seat (or
// "draw"), the two scores and the reason.
func ParseResult(text string) (Result, error) {
	words := strings.Fields(text)
	if len(words) == 1 && words[0] == "none" {
		return Result{}, nil
	}
	if len(words) < 3 {
		return Result{}, fmt.Errorf("%w: result answered %q, not none or WINNER SCORE SCORE", ErrProtocol, clip(text))
	}
	r := Result{Over: true, Winner: words[0], Reason: strings.Join(words[3:], " ")}
	if r.Winner == "draw" {
		r.Winner = ""
	}
	for i := range 2 {
		n, err := strconv.Atoi(words[1+i])
		if err != nil {
			return Result{}, fmt.Errorf("%w: result answered %q: %q is not a score", ErrProtocol, clip(text), words[1+i])
		}
		r.Score[i] = n
	}
	return r, nil
}

// CloseGrace is how long Close waits for an engine to quit before it kills
// it.
const CloseGrace = time.Second

// Close ends the engine: it sends quit, waits up to CloseGrace for the
// process to end, then kills it (and every process it started in its
// process group), and waits for it, so none is left behind. A Client from
// Connect closes its writer. Close may be called more than once.
func (c *Client) Close() error {
	c.stopOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), CloseGrace)
		defer cancel()
		_, _ = c.Do(ctx, "quit")
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
		close(c.stop)
		if c.closer != nil {
			_ = c.closer.Close()
		}
		if c.proc != nil {
			c.proc.end(ctx)
		}
	})
	return nil
}
