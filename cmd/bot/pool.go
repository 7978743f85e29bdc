package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"boardroom/realtime/roomjson"
	"boardroom/roombot"
)

// A bot account's games: it waits for a game (quick pairing's pool, a
// direct challenge, or both; or an event's pairings: roombot.Games), plays
// it, and waits again, until it has played the games asked for, is
// interrupted, or the event is over.

// gamesSource is where a bot account's games come from: the pool (its
// name, "" for none) and the challenges in the games listed (comma-
// separated; "" for the pool's game, "none" for none).
func gamesSource(server, token, pool, challenges string) (roombot.Games, error) {
	var games []string
	switch challenges {
	case "none":
	case "":
		if g, _, ok := strings.Cut(pool, "/"); ok {
			games = []string{g}
		}
	default:
		for _, g := range strings.Split(challenges, ",") {
			if g = strings.TrimSpace(g); g == "" || strings.ContainsAny(g, "/ ") {
				return nil, fmt.Errorf("-challenges %q: give game names, comma-separated (kalah,amazons), or none", challenges)
			}
			games = append(games, g)
		}
	}
	if pool == "" && len(games) == 0 {
		return nil, errors.New("-challenges none without -pool leaves the bot no games")
	}
	if len(games) == 0 {
		return roombot.Pool{Server: server, Pool: pool, Bearer: token}, nil
	}
	site := roombot.Site{Server: server, Bearer: token, Games: games}
	if pool != "" {
		site.Pool = &roombot.Pool{Server: server, Pool: pool, Bearer: token}
	}
	return site, nil
}

// The waits after a wait that failed for a while (the server restarting,
// out of reach, or refusing for now without saying how long).
const (
	firstRetry = time.Second
	lastRetry  = time.Minute
)

// leaver is a source of games the bot has entered, and leaves when it
// stops before the source's end: an event (roombot.Event), whose director
// would otherwise pair it into games nobody plays.
type leaver interface {
	Entered() bool
	Leave(ctx context.Context) error
}

// leaveTimeout bounds the leaving of an event as the bot stops.
const leaveTimeout = 10 * time.Second

// playGames plays the games source gives with cfg (its Room set to each),
// most of them (0: until ctx ends, or the source's end); it prints each
// result on stdout and returns the exit status: 0 once done, interrupted
// between games or the event over, 1 when interrupted during one or when
// the bot cannot go on (a refused token, pool or entry, the engine
// failing).
func playGames(ctx context.Context, source roombot.Games, cfg roombot.Config, most int, stdout, stderr io.Writer) int {
	var t tally
	defer func() {
		if cfg.Log != nil && t.played > 0 {
			fmt.Fprintf(cfg.Log, "%s\n", t)
		}
	}()
	if l, ok := source.(leaver); ok {
		defer func() {
			if !l.Entered() {
				return
			}
			lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), leaveTimeout)
			defer cancel()
			if err := l.Leave(lctx); err != nil {
				fmt.Fprintln(stderr, "bot: the event not left:", err)
				return
			}
			logf(cfg.Log, "left the event")
		}()
	}
	retry := firstRetry
	for most == 0 || t.played < most {
		room, err := source.Next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return 0 // interrupted while waiting: the bot's normal end
			}
			if errors.Is(err, roombot.ErrEventOver) {
				logf(cfg.Log, "the event is over")
				return 0
			}
			if !roombot.Retryable(err) {
				fmt.Fprintln(stderr, "bot:", err)
				return 1
			}
			pause := retry
			if notNow := (*roombot.NotNowError)(nil); errors.As(err, &notNow) && notNow.RetryAfter > 0 {
				pause = notNow.RetryAfter
			} else {
				retry = min(2*retry, lastRetry)
			}
			logf(cfg.Log, "no wait for a game (%v); trying again in %s", err, pause.Round(time.Second))
			select {
			case <-time.After(pause):
			case <-ctx.Done():
				return 0
			}
			continue
		}
		retry = firstRetry
		logf(cfg.Log, "paired: %s", room)
		game := cfg
		game.Room = room
		final, err := roombot.Run(ctx, game)
		switch {
		case err != nil && ctx.Err() != nil:
			fmt.Fprintf(stderr, "bot: stopped before the game in %s ended\n", room)
			return 1
		case errors.Is(err, roombot.ErrEngine), errors.Is(err, roombot.ErrBadToken):
			fmt.Fprintln(stderr, "bot:", err)
			return 1
		case err != nil: // the room's trouble, not the bot's: on to the next game
			fmt.Fprintf(stderr, "bot: the game in %s: %v; on to the next\n", room, err)
			continue
		}
		t.add(final)
		fmt.Fprintf(stdout, "%s: %s\n", room, resultLine(final))
	}
	return 0
}

// tally counts the games played and how they ended for the bot.
type tally struct{ played, won, lost, drawn int }

func (t *tally) add(s *roomjson.State) {
	t.played++
	switch {
	case s.Result == nil || s.Result.Aborted:
	case s.Result.Winner < 0:
		t.drawn++
	case slices.Contains(s.You, s.Result.Winner):
		t.won++
	default:
		t.lost++
	}
}

func (t tally) String() string {
	return fmt.Sprintf("%d games: %d won, %d lost, %d drawn", t.played, t.won, t.lost, t.drawn)
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}
