// Package pgtest starts throw-away PostgreSQL servers for tests (never for
// production use): Debian's postgresql binaries, run as the postgres user
// when the tests run as root (PostgreSQL refuses root), listening on a spare
// loopback port, with their data in a temporary directory that is removed
// when the server stops. Each test gets a fresh database of its own.
//
// The server is not durable (fsync off): it lives as long as the tests. It
// is started as a child of the test process, which it does not outlive: if
// the tests crash, the kernel stops it (a parent-death signal), and the next
// server started on the machine removes the directory left behind.
//
// When PostgreSQL or the postgres user is missing, Start and Shared skip the
// test on a developer machine but fail it when CI=true.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrUnavailable is returned by New when this machine cannot run a server:
// no PostgreSQL binaries, or no postgres user to run them as.
var ErrUnavailable = errors.New("pgtest: PostgreSQL is not available")

// dirPrefix names the temporary directories of servers, so that one left
// behind by a crashed test can be recognised and removed.
const dirPrefix = "boardroom-pgtest-"

// Server is a running throw-away PostgreSQL server.
type Server struct {
	// Port is the loopback port it listens on.
	Port int

	dir    string // the temporary directory: data/, server.log, owner.pid
	bin    string // the directory of initdb and postgres
	cred   *syscall.Credential
	cmd    *exec.Cmd
	exited chan struct{} // closed when the postmaster has exited
	stop   sync.Once
	err    error // Stop's result
	next   atomic.Int64
}

// New starts a server. The caller must Stop it.
func New() (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	cred, err := runAs()
	if err != nil {
		return nil, err
	}
	sweep()
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	s := &Server{dir: dir, bin: bin, cred: cred}
	started := false
	defer func() {
		if !started {
			os.RemoveAll(dir)
		}
	}()
	if err := os.WriteFile(filepath.Join(dir, "owner.pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return nil, fmt.Errorf("pgtest: hand %s to the postgres user: %w", dir, err)
		}
	}
	initdb := s.command("initdb", "-D", s.data(), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync")
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("pgtest: initdb: %w\n%s", err, out)
	}
	// A spare port is only spare until someone else takes it: try again
	// with another when the server cannot bind it.
	for range 3 {
		if err = s.launch(0); err == nil {
			started = true
			return s, nil
		}
	}
	return nil, err
}

// DSN returns the URL of database on the server.
func (s *Server) DSN(database string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.Port, database)
}

// validName is what CreateDatabase accepts as a database name.
var validName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// CreateDatabase creates an empty database and returns its URL.
func (s *Server) CreateDatabase(ctx context.Context, name string) (string, error) {
	if !validName.MatchString(name) {
		return "", fmt.Errorf("pgtest: bad database name %q (lower case letters, digits and _)", name)
	}
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("pgtest: create database %s: %w", name, err)
	}
	return s.DSN(name), nil
}

// Database creates a fresh database for tb and returns its URL. It goes
// with the server.
func (s *Server) Database(tb testing.TB) string {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	dsn, err := s.CreateDatabase(ctx, "test_"+strconv.FormatInt(s.next.Add(1), 10))
	if err != nil {
		tb.Fatal(err)
	}
	return dsn
}

// Stop stops the server at once (as pg_ctl stop -m immediate: the
// postmaster's SIGQUIT) and removes its directory. It may be called again.
func (s *Server) Stop() error {
	s.stop.Do(func() {
		if s.cmd != nil {
			s.err = s.cmd.Process.Signal(syscall.SIGQUIT)
			select {
			case <-s.exited:
				s.err = nil // it may have gone before the signal
			case <-time.After(10 * time.Second):
				s.err = errors.Join(s.err, s.cmd.Process.Kill())
				<-s.exited
			}
		}
		s.err = errors.Join(s.err, os.RemoveAll(s.dir))
	})
	return s.err
}

// Restart stops the server as pg_ctl restart does (fast: the
// postmaster's SIGINT ends every session and writes what the tests'
// settings left unflushed) and starts it again on the same port with the
// same data: every connection open to it ends, as in a production
// server's fast restart.
func (s *Server) Restart() error {
	if err := s.Halt(); err != nil {
		return err
	}
	return s.Resume()
}

// Halt stops the server as pg_ctl stop -m fast does, keeping its data, for
// an outage that Resume ends: connections to it are refused meanwhile.
func (s *Server) Halt() error {
	if s.cmd == nil {
		return errors.New("pgtest: the server is not running")
	}
	if err := s.cmd.Process.Signal(syscall.SIGINT); err != nil {
		return fmt.Errorf("pgtest: stop: %w", err)
	}
	<-s.exited
	return nil
}

// Resume starts a halted server again on the same port with the same data.
func (s *Server) Resume() error { return s.launch(s.Port) }

// Start starts a server for tb, stopped when tb ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s, err := New()
	if err != nil {
		skipOrFail(tb, err)
	}
	tb.Cleanup(func() {
		if err := s.Stop(); err != nil {
			tb.Error(err)
		}
	})
	return s
}

// shared is the server Shared hands out, started at its first use and
// stopped by Main.
var shared struct {
	sync.Mutex
	main    bool // Main runs the tests
	started bool
	srv     *Server
	err     error
}

// Main runs a package's tests (m.Run) and then stops the server Shared
// started, if any; it returns the exit code:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
func Main(m *testing.M) int {
	shared.Lock()
	shared.main = true
	shared.Unlock()
	code := m.Run()
	shared.Lock()
	defer shared.Unlock()
	if shared.srv != nil {
		if err := shared.srv.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			if code == 0 {
				code = 1
			}
		}
	}
	return code
}

// Shared returns the server shared by a package's tests (started by its
// first caller), which Main stops at the end; give each test its own
// database with Database.
func Shared(tb testing.TB) *Server {
	tb.Helper()
	shared.Lock()
	if !shared.main {
		shared.Unlock()
		tb.Fatal("pgtest.Shared needs the package's TestMain to run the tests with pgtest.Main")
	}
	if !shared.started {
		shared.started = true
		shared.srv, shared.err = New()
	}
	srv, err := shared.srv, shared.err
	shared.Unlock()
	if err != nil {
		skipOrFail(tb, err)
	}
	return srv
}

// skipOrFail skips tb when PostgreSQL is missing on a developer machine,
// and fails it otherwise (in CI it must be there).
func skipOrFail(tb testing.TB, err error) {
	tb.Helper()
	if errors.Is(err, ErrUnavailable) && os.Getenv("CI") != "true" {
		tb.Skip(err)
	}
	tb.Fatal(err)
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

// command runs one of the server's programs as the user the server runs as.
func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	return cmd
}

// launch starts the postmaster on a spare port and waits until it accepts
// connections.
func (s *Server) launch(port int) error {
	if port == 0 {
		var err error
		if port, err = sparePort(); err != nil {
			return err
		}
	}
	logPath := filepath.Join(s.dir, "server.log")
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	defer logFile.Close()
	cmd := s.command("postgres", "-D", s.data(), "-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=200")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// Its own process group keeps a terminal's ^C from reaching it before
	// the tests' cleanup; the parent-death signal stops it (immediately)
	// if the tests die without cleaning up.
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGQUIT
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("pgtest: start postgres: %w", err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	s.Port, s.cmd, s.exited = port, cmd, exited

	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case <-exited:
			s.cmd = nil
			return fmt.Errorf("pgtest: postgres exited at start:\n%s", tail(logPath))
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.DSN("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			<-exited
			s.cmd = nil
			return fmt.Errorf("pgtest: postgres not ready after 30 s: %w\n%s", err, tail(logPath))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// binDir finds the directory of PostgreSQL's initdb and postgres:
// pg_config's, else the newest of Debian's /usr/lib/postgresql/*/bin.
func binDir() (string, error) {
	var dirs []string
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		dirs = append(dirs, strings.TrimSpace(string(out)))
	}
	debian, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(debian, func(i, j int) bool { return version(debian[i]) > version(debian[j]) })
	for _, dir := range append(dirs, debian...) {
		if executable(filepath.Join(dir, "initdb")) && executable(filepath.Join(dir, "postgres")) {
			return dir, nil
		}
	}
	return "", fmt.Errorf("%w: no initdb and postgres (pg_config --bindir, /usr/lib/postgresql/*/bin; apt-get install postgresql)", ErrUnavailable)
}

// version is the major version in a path /usr/lib/postgresql/15/bin.
func version(bin string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(bin)))
	return v
}

func executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// runAs says which user runs the server: the postgres user when the tests
// run as root, otherwise the tests' own (nil).
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("%w: running as root, and no postgres user to run the server as: %v", ErrUnavailable, err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err := errors.Join(err1, err2); err != nil {
		return nil, fmt.Errorf("pgtest: postgres user: %w", err)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// sparePort returns a loopback port nobody listens on just now.
func sparePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pgtest: find a spare port: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// sweep removes the directories of servers whose tests died without
// stopping them: neither the tests' process nor the postmaster runs. A
// directory younger than a minute may be one being set up, and stays.
func sweep() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, dir := range dirs {
		fi, err := os.Stat(dir)
		if err != nil || time.Since(fi.ModTime()) < time.Minute {
			continue
		}
		if alive(firstNumber(filepath.Join(dir, "owner.pid"))) ||
			alive(firstNumber(filepath.Join(dir, "data", "postmaster.pid"))) {
			continue
		}
		os.RemoveAll(dir)
	}
}

// firstNumber reads the number on the first line of a file (a pid), or 0.
func firstNumber(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	line, _, _ := bytes.Cut(b, []byte("\n"))
	n, _ := strconv.Atoi(strings.TrimSpace(string(line)))
	return n
}

func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// tail returns the end of a log file, for an error message.
func tail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}
