package enginetext

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardroom/game"
)

// An engine that speaks UCI (the Universal Chess Interface) instead of our
// protocol: Fairy-Stockfish plays the Game of the Amazons as its variant
// "amazons". UCIEngine drives such a program; each game says which UCI
// variant plays it and translates positions and moves (game.UCIGame), so
// this bridge knows no game. A move the engine gives is read and checked
// against our rules before anyone sees it: an illegal or unreadable one is
// an error that names it, never a crash.
//
// The bridge is stateless between moves: each move sends the whole
// position as a FEN, so undo, a new game or a position set up by hand need
// nothing of the engine.

// UCIPrefix marks an engine's command line as a UCI program's:
// "uci:node fairy-stockfish.js".
const UCIPrefix = "uci:"

// How long a UCI engine may take beyond what it was asked.
const (
	// uciStartTimeout bounds the handshake (uci → uciok, isready →
	// readyok): Fairy-Stockfish in WebAssembly takes a second or two to
	// load alone, and took 25–35 s four at a time on a 2-core machine
	// already busy (its module is compiled at each start).
	uciStartTimeout = 90 * time.Second
	// uciStopAfter is how long past its movetime an engine searches before
	// the bridge sends stop; uciStopGrace, how long it then has to answer.
	uciStopAfter = 20 * time.Millisecond
	uciStopGrace = 2 * time.Second
)

// UCIEngine is a running UCI program. Its methods may be called from
// several goroutines; one search runs at a time.
type UCIEngine struct {
	mu       sync.Mutex
	proc     *process
	in       io.WriteCloser
	lines    chan string // the program's output, a line each; closed when it ends
	name     string      // its "id name"
	variants []string    // its UCI_Variant values; nil when it has no such option
	variant  string      // the UCI_Variant last set
	broken   error       // set when the program stopped answering
}

// StartUCI starts a UCI engine's program (a command line as SplitCommand
// reads it) and completes the handshake, so that the engine is loaded
// before any clock runs.
func StartUCI(command string, opts ...StartOption) (*UCIEngine, error) {
	args, err := SplitCommand(command)
	if err != nil {
		return nil, err
	}
	p, in, out, err := spawn(args, opts)
	if err != nil {
		return nil, err
	}
	u := &UCIEngine{proc: p, in: in, lines: make(chan string, 64)}
	go u.read(out)
	ctx, cancel := context.WithTimeout(context.Background(), uciStartTimeout)
	defer cancel()
	if err := u.handshake(ctx); err != nil {
		u.Close()
		return nil, fmt.Errorf("%s: %w", command, err)
	}
	return u, nil
}

// read delivers the program's output a line at a time.
func (u *UCIEngine) read(out io.ReadCloser) {
	defer close(u.lines)
	defer out.Close()
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20) // "option … var …" lines are long
	for sc.Scan() {
		u.lines <- strings.TrimRight(sc.Text(), "\r")
	}
}

// handshake: "uci" answered by id and option lines, then "uciok".
func (u *UCIEngine) handshake(ctx context.Context) error {
	if err := u.send("uci"); err != nil {
		return err
	}
	err := u.until(ctx, "uciok", func(line string) {
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			u.name = strings.TrimSpace(name)
		}
		if rest, ok := strings.CutPrefix(line, "option name UCI_Variant "); ok {
			words := strings.Fields(rest)
			for i, w := range words[:max(len(words)-1, 0)] {
				if w == "var" {
					u.variants = append(u.variants, words[i+1])
				}
			}
		}
	})
	if err != nil {
		return fmt.Errorf("no uciok: %w", err)
	}
	if u.name == "" {
		u.name = "a UCI engine"
	}
	return u.ready(ctx)
}

// ready waits until the engine has carried out what it was sent.
func (u *UCIEngine) ready(ctx context.Context) error {
	if err := u.send("isready"); err != nil {
		return err
	}
	return u.until(ctx, "readyok", nil)
}

func (u *UCIEngine) send(line string) error {
	if u.in == nil {
		return ErrClosed
	}
	if u.broken != nil {
		return u.broken
	}
	if _, err := io.WriteString(u.in, line+"\n"); err != nil {
		u.broken = u.proc.exitError()
		return u.broken
	}
	return nil
}

// until reads lines up to one whose first word is word, giving each other
// line to see (when not nil). It returns that line.
func (u *UCIEngine) until(ctx context.Context, word string, see func(string)) error {
	_, err := u.untilLine(ctx, word, see)
	return err
}

func (u *UCIEngine) untilLine(ctx context.Context, word string, see func(string)) (string, error) {
	for {
		select {
		case line, ok := <-u.lines:
			if !ok {
				u.broken = u.proc.exitError()
				return "", u.broken
			}
			if first, _, _ := strings.Cut(strings.TrimSpace(line), " "); first == word {
				return line, nil
			}
			if see != nil {
				see(line)
			}
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// Broken is why the engine stopped answering (it exited, or ignored
// stop), or nil while it works: a broken engine is started again.
func (u *UCIEngine) Broken() error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.in == nil {
		return ErrClosed
	}
	return u.broken
}

// Name is what the engine calls itself ("id name").
func (u *UCIEngine) Name() string { return u.name }

// Variants are the UCI_Variant values the engine offers (nil for a chess
// engine without the option).
func (u *UCIEngine) Variants() []string { return slices.Clone(u.variants) }

// Check says whether the engine plays s's game: the game must name a UCI
// variant, and the engine must offer it.
func (u *UCIEngine) Check(s game.State) error {
	_, _, err := u.variantOf(s)
	return err
}

func (u *UCIEngine) variantOf(s game.State) (game.UCIGame, string, error) {
	g, ok := s.Game().(game.UCIGame)
	variant := ""
	if ok {
		variant = g.UCIVariant(s.Options())
	}
	if variant == "" {
		return nil, "", fmt.Errorf("no UCI variant plays %s with these options, so %s cannot play it", s.Game().Name(), u.name)
	}
	if !slices.Contains(u.variants, variant) {
		return nil, "", fmt.Errorf("%s offers no UCI_Variant %s", u.name, variant)
	}
	return g, variant, nil
}

// Prepare sets the engine to s's variant and lets it load what the variant
// needs (a first search), so that its first move on a clock is not slowed
// by it. It does nothing while the variant stays the same.
func (u *UCIEngine) Prepare(ctx context.Context, s game.State) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	g, variant, err := u.variantOf(s)
	if err != nil {
		return err
	}
	if u.variant == variant {
		return nil // set and warmed up already
	}
	if err := u.setVariant(ctx, variant); err != nil {
		return err
	}
	if err := u.send("position fen " + g.UCIPosition(s)); err != nil {
		return err
	}
	if err := u.send("go depth 1"); err != nil {
		return err
	}
	return u.until(ctx, "bestmove", nil)
}

func (u *UCIEngine) setVariant(ctx context.Context, variant string) error {
	if u.variant == variant {
		return nil
	}
	if err := u.send("setoption name UCI_Variant value " + variant); err != nil {
		return err
	}
	if err := u.send("ucinewgame"); err != nil {
		return err
	}
	if err := u.ready(ctx); err != nil {
		return err
	}
	u.variant = variant
	return nil
}

// NameFor implements Computer: the engine's name, and the variant it plays
// s's game as ("Fairy-Stockfish … (UCI amazons)").
func (u *UCIEngine) NameFor(s game.State) string {
	if s != nil {
		if _, variant, err := u.variantOf(s); err == nil {
			return u.name + " (UCI " + variant + ")"
		}
	}
	return u.name + " (UCI)"
}

// Bot implements Computer: the engine, set to s's variant and warmed up by
// a first search, as a computer player that searches each move for think
// (in whole milliseconds, at least one).
func (u *UCIEngine) Bot(s game.State, think time.Duration) (game.Bot, error) {
	ctx, cancel := context.WithTimeout(context.Background(), uciStartTimeout)
	defer cancel()
	if err := u.Prepare(ctx, s); err != nil {
		return nil, err
	}
	return uciBot{u: u, think: max(think.Round(time.Millisecond), time.Millisecond)}, nil
}

type uciBot struct {
	u     *UCIEngine
	think time.Duration
}

// Choose implements game.Bot: the position as FEN, "go movetime", and the
// engine's bestmove read and checked against the rules. A search still
// running past its time is stopped.
func (b uciBot) Choose(ctx context.Context, s game.State, p game.Player) (game.Move, error) {
	u := b.u
	u.mu.Lock()
	defer u.mu.Unlock()
	g, variant, err := u.variantOf(s)
	if err != nil {
		return game.Move{}, err
	}
	if len(s.ToMove()) != 1 || s.ToMove()[0] != p {
		return game.Move{}, fmt.Errorf("%s plays only the seat to move", u.name)
	}
	if err := u.setVariant(ctx, variant); err != nil {
		return game.Move{}, err
	}
	if err := u.send("position fen " + g.UCIPosition(s)); err != nil {
		return game.Move{}, err
	}
	if err := u.send("go movetime " + strconv.FormatInt(b.think.Milliseconds(), 10)); err != nil {
		return game.Move{}, err
	}
	line, err := u.bestMove(ctx, b.think)
	if err != nil {
		return game.Move{}, err
	}
	words := strings.Fields(line)
	if len(words) < 2 || words[1] == "(none)" || words[1] == "0000" {
		return game.Move{}, fmt.Errorf("%s found no move (%q)", u.name, clip(line))
	}
	m, err := g.ParseUCI(s, p, words[1])
	if err != nil {
		return game.Move{}, fmt.Errorf("%s played an unreadable move %q: %w", u.name, clip(words[1]), err)
	}
	if !game.IsLegal(s, p, m) {
		why := ""
		if err := s.Clone().Apply(m); err != nil {
			why = ": " + err.Error()
		}
		return game.Move{}, fmt.Errorf("%s played an illegal move %q (%s)%s", u.name, clip(words[1]), s.FormatMove(m), why)
	}
	return m, nil
}

// bestMove waits for the search's answer: its time and a little more, then
// it sends stop and waits uciStopGrace for the answer stop calls for. ctx
// may end it sooner; the engine is then stopped too, and its late answer
// read, so that the next search starts clean.
func (u *UCIEngine) bestMove(ctx context.Context, think time.Duration) (string, error) {
	search, cancel := context.WithTimeout(ctx, think+uciStopAfter)
	line, err := u.untilLine(search, "bestmove", nil)
	cancel()
	if err == nil || u.broken != nil {
		return line, err
	}
	if err := u.send("stop"); err != nil {
		return "", err
	}
	grace, cancel := context.WithTimeout(context.Background(), uciStopGrace)
	defer cancel()
	line, err = u.untilLine(grace, "bestmove", nil)
	if err != nil {
		u.broken = fmt.Errorf("%s did not stop its search within %v of stop: %w", u.name, uciStopGrace, errors.Join(ErrExited, err))
		return "", u.broken
	}
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	return line, nil
}

// Close sends quit, waits up to CloseGrace for the program to end, then
// kills it and what it started. It may be called more than once.
func (u *UCIEngine) Close() error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.in == nil {
		return nil
	}
	_, _ = io.WriteString(u.in, "quit\n")
	u.in.Close()
	u.in = nil
	ctx, cancel := context.WithTimeout(context.Background(), CloseGrace)
	defer cancel()
	u.proc.end(ctx)
	return nil
}

// startUCIBridge starts a UCI engine behind our protocol: Serve, in this
// process, answers the Client's commands with the engine's moves, so that
// everything that drives an engine (play match, cmd/bot) drives a UCI one
// alike.
func startUCIBridge(command string, opts ...StartOption) (*Client, error) {
	u, err := StartUCI(command, opts...)
	if err != nil {
		return nil, err
	}
	cmdR, cmdW := io.Pipe()
	repR, repW := io.Pipe()
	go func() {
		err := Serve(cmdR, repW, Config{Computer: u})
		repW.CloseWithError(err)
	}()
	c := newClient(cmdW)
	c.closer = closers{cmdW, repR, u}
	go c.read(repR)
	return c, nil
}

// closers closes each in turn: the bridge's pipes (which ends Serve even
// while it writes a reply nobody reads), then the engine.
type closers []io.Closer

func (cs closers) Close() error {
	var errs []error
	for _, c := range cs {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}
