// Command sleepers measures issue 39's correspondence games at scale: a
// database holding many games played across days, most finished and some
// in play, where none is open (the rooms sleep in the store), and how long
// a page takes to wake one.
//
//	go run ./benchmarks/sleepers populate -db PATH [-stored 100000] [-in-play 10000] [-plies 40]
//	go run ./benchmarks/sleepers wake -db PATH -url http://127.0.0.1:18090 [-n 1000]
//
// populate fills a new SQLite database through the store, as the server
// would have: each room a correspondence game (3 days a move) between two
// accounts, of a game of the registry in turn (those played one seat at a
// time), with -plies random legal turns; the rooms in play have their
// deadline in the next three days, the others a result. wake opens the
// page of -n rooms in play, one at a time, in a random order (so that each
// is asleep when asked), and prints the latency's median, p99 and worst.
// Run by benchmarks/correspondence, alone on the machine.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/game"
	_ "boardroom/game/all" // every game in the registry
	"boardroom/realtime/match"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: sleepers populate|wake [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "populate":
		err = populate(os.Args[2:])
	case "wake":
		err = wake(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sleepers:", err)
		os.Exit(1)
	}
}

func populate(args []string) error {
	fs := flag.NewFlagSet("populate", flag.ExitOnError)
	path := fs.String("db", "", "the SQLite database to make (must not exist)")
	stored := fs.Int("stored", 100_000, "correspondence games stored")
	inPlay := fs.Int("in-play", 10_000, "of which in play")
	plies := fs.Int("plies", 40, "turns played in each")
	fs.Parse(args)
	if *path == "" {
		return fmt.Errorf("-db is needed")
	}
	if _, err := os.Stat(*path); err == nil {
		return fmt.Errorf("%s exists", *path)
	}
	st, err := store.OpenSQLite(*path)
	if err != nil {
		return err
	}
	defer st.Close()
	var games []game.Game
	for _, g := range game.All() {
		if !g.Simultaneous() {
			games = append(games, g)
		}
	}
	start := time.Now()
	var next, done atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 { // the store commits the writes that wait together
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(next.Add(0)), uint64(time.Now().UnixNano())))
			for {
				i := int(next.Add(1)) - 1
				if i >= *stored {
					return
				}
				if err := storeGame(st, games[i%len(games)], i, i < *inPlay, *plies, rng); err != nil {
					errs <- err
					return
				}
				if n := done.Add(1); n%10_000 == 0 {
					fmt.Printf("%d games stored, %s\n", n, time.Since(start).Round(time.Second))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// storeGame stores game number i: in play (its deadline ahead) or
// finished, with up to plies random legal turns.
func storeGame(st store.Store, g game.Game, i int, inPlay bool, plies int, rng *rand.Rand) error {
	ctx := context.Background()
	s, err := g.New(nil)
	if err != nil {
		return err
	}
	now := time.Now()
	began := now.Add(-time.Duration(plies) * 20 * time.Hour)
	seat := func(name string) store.Seat {
		return store.Seat{Kind: vocab.Human, TokenHash: fmt.Sprintf("%064x", rng.Uint64()), Name: name, Account: name}
	}
	r := &store.Room{ID: match.NewID(), Game: g.ID(), Options: s.Options(), Mode: vocab.Friend, Clock: vocab.CorrespondenceClock,
		Days: 3, Seats: [2]store.Seat{seat(fmt.Sprintf("player%d", 2*(i%5000))), seat(fmt.Sprintf("player%d", 2*(i%5000)+1))},
		Winner: -1}
	if err := st.CreateRoom(ctx, r); err != nil {
		return err
	}
	var turns []store.Turn
	var moves []game.Move
	for n := 0; n < plies && !s.Outcome().Over; n++ {
		p := s.ToMove()[0]
		moves = s.Legal(p, moves[:0])
		m := moves[rng.IntN(len(moves))]
		text := game.FormatTurn(s, []game.Move{m})
		if err := s.Apply(m); err != nil {
			return err
		}
		turns = append(turns, store.Turn{Notation: text, At: began.Add(time.Duration(n) * 20 * time.Hour), Think: 20 * time.Hour})
	}
	if err := st.ReplaceTurns(ctx, r.ID, turns); err != nil {
		return err
	}
	if inPlay && !s.Outcome().Over {
		at := now.Add(time.Duration(rng.Int64N(int64(3 * vocab.Day))))
		mover := r.Seats[s.ToMove()[0]].Account
		return st.SetDue(ctx, r.ID, store.Due{At: at, Alarm: at.Add(-vocab.Day * 3 / 5), Movers: []string{mover}})
	}
	_, err = st.SetResult(ctx, r.ID, store.Result{Over: true, Winner: rng.IntN(2), Reason: "resigned"})
	return err
}

func wake(args []string) error {
	fs := flag.NewFlagSet("wake", flag.ExitOnError)
	path := fs.String("db", "", "the database the server runs on (read for the rooms in play)")
	url := fs.String("url", "http://127.0.0.1:18090", "the server")
	n := fs.Int("n", 1000, "rooms to wake, one at a time")
	fs.Parse(args)
	st, err := store.OpenSQLite(*path)
	if err != nil {
		return err
	}
	ids, err := st.Overdue(context.Background(), time.Now().Add(4*vocab.Day), 1_000_000)
	st.Close()
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return fmt.Errorf("no room in play in %s", *path)
	}
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	var took []time.Duration
	client := &http.Client{Timeout: 10 * time.Second}
	for _, d := range ids[:min(*n, len(ids))] {
		at := time.Now()
		resp, err := client.Get(*url + "/r/" + d.ID)
		if err != nil {
			return err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("/r/%s: %s", d.ID, resp.Status)
		}
		took = append(took, time.Since(at))
	}
	slices.Sort(took)
	q := func(f float64) time.Duration { return took[int(f*float64(len(took)-1))].Round(10 * time.Microsecond) }
	fmt.Printf("woken: %d rooms, p50: %v, p99: %v, worst: %v\n", len(took), q(0.5), q(0.99), took[len(took)-1].Round(10*time.Microsecond))
	return nil
}
