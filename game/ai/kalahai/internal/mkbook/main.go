// Command mkbook builds Kalah's opening book (game/ai/kalahai/book.bin, in
// the format of ../kbook): every position of the standard board within
// -depth sowings of the start, each solved with game/kalah/solve on one
// solver (its full-size table, about 1 GiB, and its 32 MiB endgame
// database), so that the positions share what the table learnt. It runs
// from go generate in game/ai/kalahai; with -count it only counts the
// positions. Progress goes to standard error; the book is written to -o
// after every position, so an interrupted build keeps its work (the
// header's depth is the last depth completed). With -limit, a position
// not solved within that time is left out (the bot then searches it). An
// entry's keep mask holds the solver's best move; with -all, every move
// that keeps the value (Analyse: a zero-window test of each other move).
// With -resume, the entries of the book already at -o are kept and their
// positions not solved again, so a deeper build starts from the committed
// book, and a stopped build goes on where it stopped.
//
// Past depth 1 a position costs about what the start does (95 M nodes,
// minutes of one core): two sowings in, 46 to 48 seeds are still in the
// houses. The first, after 1 1 (margin +4, all 48 seeds still in the
// houses), took 593 M nodes and six and a half minutes of one core with the
// parent's margin (−14) as the first guess, and 611 M nodes with the value
// of a one-second search (Difficult's) instead: the guess is not what
// makes it slow. Its siblings, on the table it leaves, took seconds to a
// minute, so the positions share one table and the whole of depth 2 took
// 46 minutes (game/kalah/solve/RESULTS.md, issue 28).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"boardroom/game"
	"boardroom/game/ai/kalahai/internal/kbook"
	"boardroom/game/kalah"
	"boardroom/game/kalah/solve"
)

func main() {
	depth := flag.Int("depth", 1, "every position within this many sowings of the start")
	out := flag.String("o", "book.bin", "the book file to write")
	count := flag.Bool("count", false, "only count the positions")
	all := flag.Bool("all", false, "record every move that keeps the value, not only the best")
	limit := flag.Duration("limit", 0, "leave out a position not solved within this time (0: no limit)")
	resume := flag.Bool("resume", false, "keep the entries of the book at -o and solve only the positions it lacks")
	flag.Parse()
	if err := run(*depth, *out, *count, *all, *resume, *limit); err != nil {
		fmt.Fprintln(os.Stderr, "mkbook:", err)
		os.Exit(1)
	}
}

// positions lists the distinct positions (by book key) within depth
// sowings of the start, nearest first, how many are within each depth, and
// the index of each one's parent (−1 for the start).
func positions(depth int) ([]*kalah.State, []int, []int, error) {
	start, err := kalah.New(nil)
	if err != nil {
		return nil, nil, nil, err
	}
	var upTo, parent []int
	seen := map[kbook.Key]bool{}
	var all []*kalah.State
	type node struct {
		s      *kalah.State
		parent int
	}
	level := []node{{start, -1}}
	for d := 0; d <= depth; d++ {
		var next []node
		for _, n := range level {
			s := n.s
			k, ok := kbook.KeyOf(s)
			if !ok || seen[k] || s.Outcome().Over {
				continue
			}
			seen[k] = true
			all = append(all, s)
			parent = append(parent, n.parent)
			for _, m := range s.Legal(s.Turn(), nil) {
				c := s.Clone().(*kalah.State)
				if err := c.Apply(m); err != nil {
					return nil, nil, nil, err
				}
				next = append(next, node{c, len(all) - 1})
			}
		}
		fmt.Fprintf(os.Stderr, "depth %d: %d positions in all\n", d, len(all))
		upTo = append(upTo, len(all))
		level = next
	}
	return all, upTo, parent, nil
}

// kept reads the book at out for -resume; a missing file is an empty book.
func kept(out string) (kbook.Book, error) {
	data, err := os.ReadFile(out)
	if errors.Is(err, os.ErrNotExist) {
		return kbook.Book{}, nil
	}
	if err != nil {
		return kbook.Book{}, err
	}
	return kbook.Parse(data)
}

func run(depth int, out string, count, all, resume bool, limit time.Duration) error {
	states, upTo, parent, err := positions(depth)
	if err != nil || count {
		return err
	}
	w := &kbook.Writer{}
	var old kbook.Book
	if resume {
		if old, err = kept(out); err != nil {
			return err
		}
		old.Each(w.Add)
	}
	begin := time.Now()
	margins := make([]int, len(states))
	skipped := 0
	sv := solve.NewSolver(solve.Config{})
	for i, s := range states {
		if e, ok := old.Find(s); ok {
			margins[i] = e.Margin(s)
			fmt.Fprintf(os.Stderr, "%d/%d %s: margin %+d from the book\n", i+1, len(states), s.Encode(), margins[i])
			continue
		}
		// The parent's margin is the best first guess for MTD(f): a
		// child on the best line has the same, the others are near.
		sv.SetGuess(0)
		if parent[i] >= 0 {
			sv.SetGuess(margins[parent[i]])
		}
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if limit > 0 {
			ctx, cancel = context.WithTimeout(ctx, limit)
		}
		var a solve.Analysis
		if all {
			a, err = sv.Analyse(ctx, s)
		} else {
			a, err = sv.Best(ctx, s)
		}
		cancel()
		if errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(os.Stderr, "%d/%d %s: left out after %v\n", i+1, len(states), s.Encode(), limit)
			margins[i] = margins[max(parent[i], 0)]
			skipped++
			continue
		}
		if err != nil {
			return err
		}
		margins[i] = a.Margin
		me := s.Turn()
		rel := a.Margin
		if me != game.First {
			rel = -rel
		}
		rel -= s.Store(me) - s.Store(me.Other())
		k, _ := kbook.KeyOf(s)
		w.Add(k, kbook.Entry{Keep: a.Keep, Value: rel})
		fmt.Fprintf(os.Stderr, "%d/%d %s: margin %+d keep %06b, %d nodes, %v (%v in all)\n",
			i+1, len(states), s.Encode(), a.Margin, a.Keep, a.Nodes, a.Elapsed.Round(time.Millisecond), time.Since(begin).Round(time.Second))
		if err := write(w, out, upTo, i+1, skipped); err != nil {
			return err
		}
	}
	return write(w, out, upTo, len(states), skipped)
}

// write saves the book with the first done positions handled; its depth is
// the last depth all of whose positions are in it.
func write(w *kbook.Writer, out string, upTo []int, done, skipped int) error {
	for d, n := range upTo {
		if n <= done && skipped == 0 {
			w.Depth = d
		}
	}
	return os.WriteFile(out, w.Bytes(), 0o644)
}
