// Package fairystockfish installs Fairy-Stockfish and names the command
// that starts it as a UCI engine ("uci:node …", enginetext.Start).
//
// Fairy-Stockfish plays the Game of the Amazons (UCI_Variant amazons), and
// PlayStrategy uses it as its Amazons computer player. It is an outside
// program under the GPL-3: npm's fairy-stockfish-nnue.wasm, pinned to
// Version, installed by npm into a directory of its own and run under Node
// as a separate process through a small wrapper of ours (embedded here,
// written beside it). Boardroom never links or vendors it.
package fairystockfish

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"
)

// The npm package and its version, pinned: a new version is a new
// opponent, and its strength is measured (docs/strength.md).
const (
	Package = "fairy-stockfish-nnue.wasm"
	Version = "1.1.12"
)

// wrapper runs the package's engine on standard input and output.
//
//go:embed fairy-stockfish.js
var wrapper []byte

const wrapperName = "fairy-stockfish.js"

// ErrNoNode means Node or npm is not installed: Fairy-Stockfish cannot run
// here.
var ErrNoNode = errors.New("fairystockfish: Node and npm are needed (Debian: apt-get install nodejs npm)")

// DefaultDir is where Install keeps the engine when told no directory: the
// user's cache, a directory per version.
func DefaultDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("fairystockfish: %w", err)
	}
	return filepath.Join(cache, "boardroom", "fairy-stockfish-"+Version), nil
}

// Install makes dir hold the pinned package and the wrapper, unless it
// does already, and returns the engine's command line for enginetext.Start.
// Installs racing for the same dir are safe: each installs into a fresh
// directory and renames it into place; the first to do so wins.
func Install(ctx context.Context, dir string) (string, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return "", ErrNoNode
	}
	if installed(dir) {
		return command(node, dir), writeWrapper(dir)
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", ErrNoNode
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", fmt.Errorf("fairystockfish: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".install-")
	if err != nil {
		return "", fmt.Errorf("fairystockfish: %w", err)
	}
	defer os.RemoveAll(tmp)
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, npm, "install", "--prefix", tmp, "--no-audit", "--no-fund", "--no-save",
		"--loglevel=error", Package+"@"+Version)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("fairystockfish: npm install %s@%s: %w: %s", Package, Version, err, bytes.TrimSpace(out.Bytes()))
	}
	if err := os.Rename(tmp, dir); err != nil && !installed(dir) {
		return "", fmt.Errorf("fairystockfish: %w", err)
	}
	return command(node, dir), writeWrapper(dir)
}

// installed reports whether dir holds the package.
func installed(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "node_modules", Package, "stockfish.wasm"))
	return err == nil
}

// writeWrapper puts this build's wrapper in dir, unless it is there: in a
// file of its own first, then renamed, so that an engine starting at the
// same time reads the old wrapper or the new, never half of one.
func writeWrapper(dir string) error {
	path := filepath.Join(dir, wrapperName)
	if got, err := os.ReadFile(path); err == nil && bytes.Equal(got, wrapper) {
		return nil
	}
	f, err := os.CreateTemp(dir, ".wrapper-")
	if err != nil {
		return fmt.Errorf("fairystockfish: %w", err)
	}
	_, err = f.Write(wrapper)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("fairystockfish: %w", err)
	}
	return nil
}

// command is the engine's command line: the UCI prefix, node, the wrapper.
func command(node, dir string) string {
	return "uci:" + strconv.Quote(node) + " " + strconv.Quote(filepath.Join(dir, wrapperName))
}

// Name is what a command line may say instead of "uci:…" to play
// Fairy-Stockfish: play match --a fairy-stockfish, cmd/bot -engine
// fairy-stockfish.
const Name = "fairy-stockfish"

// installTimeout bounds an install on a slow network.
const installTimeout = 5 * time.Minute

// Resolve turns an engine's command line into one enginetext.Start takes:
// Name becomes the installed Fairy-Stockfish's (installing it into
// DefaultDir on first use); any other command line is returned as it is.
func Resolve(ctx context.Context, command string) (string, error) {
	if command != Name {
		return command, nil
	}
	dir, err := DefaultDir()
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, installTimeout)
	defer cancel()
	return Install(ctx, dir)
}
