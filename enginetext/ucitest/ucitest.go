// Package ucitest is a fake UCI engine for tests: the test binary runs it
// (from TestMain, under an environment variable of the test's choosing) to
// stand for a UCI program that plays, or misbehaves in a chosen way.
package ucitest

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Engine is the test binary run as a UCI engine: it reads commands from
// in, answers on standard output, and returns the exit status. It offers
// the variants amazons and chess and answers every search with the
// opening move d1d7,d7g7 (legal only in the start position), unless mode
// says otherwise:
//   - uci-chess: offers no UCI_Variant option (a plain chess engine);
//   - uci-illegal: answers a move the rules forbid;
//   - uci-garbage: answers a move that is not Amazons' notation;
//   - uci-none: answers that it has no move;
//   - uci-slow: searches until stop, then answers;
//   - uci-deaf: searches and never answers, stop or not;
//   - uci-crash: dies at its first search;
//   - uci-noshake: dies before uciok.
func Engine(mode string, in *bufio.Scanner) int {
	say := func(format string, args ...any) { fmt.Printf(format+"\n", args...) }
	for in.Scan() {
		words := strings.Fields(in.Text())
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "uci":
			if mode == "uci-noshake" {
				fmt.Fprintln(os.Stderr, "fake uci: no handshake today")
				return 5
			}
			say("id name Fake UCI")
			say("id author Boardroom's tests")
			if mode != "uci-chess" {
				say("option name UCI_Variant type combo default chess var chess var amazons")
			}
			say("uciok")
		case "isready":
			say("readyok")
		case "go":
			best := "d1d7,d7g7"
			switch mode {
			case "uci-illegal":
				best = "d1d7,d7d10"
				if len(words) > 1 && words[1] == "depth" {
					best = "d1d7,d7g7" // the warm-up passes
				}
			case "uci-garbage":
				best = "d1-d7/g7"
			case "uci-none":
				best = "(none)"
			case "uci-crash":
				if words[1] != "depth" {
					fmt.Fprintln(os.Stderr, "fake uci: segmentation fault")
					return 6
				}
			case "uci-slow", "uci-deaf":
				if words[1] != "depth" {
					for in.Scan() {
						if in.Text() == "stop" && mode == "uci-slow" {
							break
						}
						if in.Text() == "quit" && mode == "uci-slow" {
							return 0
						}
					}
				}
			}
			say("info depth 1 score cp 0 pv %s", best)
			say("bestmove %s", best)
		case "quit":
			return 0
		}
	}
	return 0
}
