package enginetext

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// StartOption changes how Start runs the engine's program.
type StartOption func(*exec.Cmd, *[]io.Writer)

// WithDir runs the program in a directory.
func WithDir(dir string) StartOption {
	return func(cmd *exec.Cmd, _ *[]io.Writer) { cmd.Dir = dir }
}

// WithStderr copies what the program writes to its standard error to w (the
// Client always keeps the end of it for its error messages).
func WithStderr(w io.Writer) StartOption {
	return func(_ *exec.Cmd, ws *[]io.Writer) { *ws = append(*ws, w) }
}

// Start runs an engine program, named by a command line that SplitCommand
// splits into the program and its arguments (no shell is involved), and
// returns a Client that talks to it over its standard input and output.
// The program is looked up in PATH unless the name holds a slash.
//
// A command line that starts with UCIPrefix ("uci:") names a program that
// speaks UCI: the Client then drives it through a bridge (StartUCI).
func Start(command string, opts ...StartOption) (*Client, error) {
	if rest, ok := strings.CutPrefix(command, UCIPrefix); ok {
		return startUCIBridge(rest, opts...)
	}
	args, err := SplitCommand(command)
	if err != nil {
		return nil, err
	}
	return StartArgs(args, opts...)
}

// StartArgs is Start with the program and its arguments already split.
func StartArgs(args []string, opts ...StartOption) (*Client, error) {
	p, in, out, err := spawn(args, opts)
	if err != nil {
		return nil, err
	}
	c := newClient(in)
	c.proc, c.closer = p, in
	go func() {
		c.read(out)
		out.Close()
	}()
	return c, nil
}

// spawn starts a program with a pipe to its standard input and one from
// its standard output, in a process group of its own.
func spawn(args []string, opts []StartOption) (p *process, in io.WriteCloser, out io.ReadCloser, err error) {
	if len(args) == 0 || args[0] == "" {
		return nil, nil, nil, fmt.Errorf("%w: no program to start", ErrBadCommandLine)
	}
	cmd := exec.Command(args[0], args[1:]...)
	p = &process{exited: make(chan struct{})}
	errWriters := []io.Writer{&p.stderr}
	for _, o := range opts {
		o(cmd, &errWriters)
	}
	cmd.Stderr = io.MultiWriter(errWriters...)
	// A pipe of our own each way, not the Cmd's: reading the replies then
	// does not race with Wait, which closes the pipes it made.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, nil, nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.WaitDelay = time.Second // a grandchild holding standard error open
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		for _, f := range []*os.File{inR, inW, outR, outW} {
			f.Close()
		}
		return nil, nil, nil, fmt.Errorf("starting engine %q: %w", args[0], err)
	}
	inR.Close()
	outW.Close()
	p.cmd = cmd
	go func() {
		p.waitErr = cmd.Wait()
		// An engine that exits takes what it started along, so that its
		// output closes and no reader waits for it.
		killGroup(cmd)
		close(p.exited)
	}()
	return p, inW, outR, nil
}

// process is an engine program that a Client started.
type process struct {
	cmd     *exec.Cmd
	exited  chan struct{} // closed when Wait has returned
	waitErr error         // Wait's answer; read after exited is closed
	stderr  tail
}

// exitGrace is how long an error message waits for a dying engine's exit
// status.
const exitGrace = 500 * time.Millisecond

// exitError describes why the engine's output ended: its exit status and
// the end of its standard error.
func (p *process) exitError() error {
	msg := "it closed its output"
	select {
	case <-p.exited:
		msg = "exit status 0"
		if p.waitErr != nil {
			msg = p.waitErr.Error()
		}
	case <-time.After(exitGrace):
	}
	if last := p.stderr.last(); last != "" {
		msg += "; its last words: " + last
	}
	return fmt.Errorf("%w: %s", ErrExited, msg)
}

// end waits for the process to exit until ctx ends, then kills it and its
// group, and waits for it.
func (p *process) end(ctx context.Context) {
	select {
	case <-p.exited:
		return
	case <-ctx.Done():
	}
	killGroup(p.cmd)
	<-p.exited
}

func isBrokenPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }

// tail keeps the end of what an engine writes to standard error.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 2 << 10

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - tailSize; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

// last returns the last few lines written, joined into one line.
func (t *tail) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	if len(lines) > 3 {
		lines = lines[len(lines)-3:]
	}
	return clip(oneLine(strings.Join(lines, "\n")))
}
