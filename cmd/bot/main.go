// Command bot seats an external engine in a Boardroom room: it starts the
// engine program (it speaks the engine text protocol,
// docs/engine-protocol.md), asks its name, takes the room's free seat over
// the room's WebSocket as a program does (docs/protocol.md) and plays the
// engine's moves there, on the room's clock, until the game ends. Every
// page shows the seat as "Engine: NAME".
//
//	go run ./cmd/bot -room http://localhost:8080/r/ID -engine "python3 examples/engines/random_player.py"
//
// It prints the result and exits 0 when the game ends; it exits 1 with a
// message when it cannot play (no such room, no free seat, the game over,
// the engine failing), and 2 for bad flags. It dials again when the server
// restarts (close code 1012).
//
// With a bot account's token (docs/accounts.md, "Bots") it plays quick
// pairing instead, game after game, under the account's name, and accepts
// the direct challenges to it in the pool's game meanwhile (pool.go):
//
//	go run ./cmd/bot -server http://localhost:8080 -token T -pool kalah/fast -engine "python3 examples/engines/random_player.py"
//
// With -tournament ID it enters the event (/t/ID: an arena, a Swiss event,
// the site's engine championships), plays each game its director pairs it
// into, and stops once the event is over (pool.go):
//
//	go run ./cmd/bot -server http://localhost:8080 -token T -tournament ID -engine "python3 examples/engines/random_player.py"
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"boardroom/enginetext"
	"boardroom/enginetext/fairystockfish"
	"boardroom/realtime/roomjson"
	"boardroom/roombot"
	"boardroom/secret"
)

const usage = `bot — an engine takes a seat in a Boardroom room

Usage:
  bot -room URL -engine "COMMAND ARGS" [-name NAME] [-time DURATION] [-token-file FILE] [-reconnect DURATION] [-q]
  bot -pool GAME/SPEED -token TOKEN -engine "COMMAND ARGS" [-challenges GAMES] [-server URL] [-games N] [-time DURATION] [-q]
  bot -challenges GAMES -token TOKEN -engine "COMMAND ARGS" [-server URL] [-games N] [-time DURATION] [-q]
  bot -tournament ID -token TOKEN -engine "COMMAND ARGS" [-server URL] [-games N] [-time DURATION] [-q]

  -room URL           the room's link, as its page shares it: http://HOST/r/ID
  -engine "CMD ARGS"  the engine program and its arguments, one argument
                      (quoted; split into words as a shell would, no shell run);
                      "uci:CMD ARGS" for an engine that speaks UCI (Amazons:
                      its variant amazons), "fairy-stockfish" for Fairy-Stockfish,
                      installed by npm on first use
  -name NAME          the seat's display name (default: the engine's name)
  -time DURATION      the engine's time a move when the room has no clock
                      (default 2s); with a clock, half of the time left
  -token-file FILE    keep the seat token in FILE (made if missing), so that
                      a bot started again plays the same seat; holding a
                      room's creator's token, it plays the creator's seat
  -reconnect DURATION how long to try to reach the room again once seated
                      (default 1m)
  -q                  print only the results

A bot account (made on the site's account page) plays quick pairing:
  -pool GAME/SPEED    the pool to wait in, as kalah/fast (SPEED: bullet,
                      fast or slow); after each game the bot waits again
  -token TOKEN        the bot account's token (or $BOARDROOM_BOT_TOKEN);
                      with -room, the bot account takes the free seat
  -server URL         the site, http(s)://HOST (default http://localhost:8080)
  -challenges GAMES   the games, comma-separated (kalah,amazons), in which
                      it accepts the direct challenges people send it while
                      it waits (default: the pool's game; "none": none);
                      without -pool it only answers challenges
  -tournament ID      the event to enter, as its page names it (/t/ID): an
                      arena or a Swiss event that bots may enter; the bot
                      plays each game its director pairs it into, and stops
                      when the event is over
  -games N            stop after N games (default 0: until interrupted, or
                      the event's end)
It plays under the account's name, marked BOT, rated; it meets other bots,
the site's house bots (the computer's levels) when nobody else comes, and
people who let quick pairing give them one. While it waits for a game it
is online, and a challenge in one of its games is accepted (others are
declined). When the server says the bot has played its games of the hour,
it waits as long as the server says. In an event, the bot stays entered
while it runs; stopped before the event is over (interrupted, or its
-games played), it leaves the event, keeping its score.

The engine's name shows on the seat as "Engine: NAME" (a bot account's
seat shows the account's name). The bot plays the free seat of a friend
room, or the seat its token already holds; it agrees to the other
player's proposals (takeback, save, load, new game), but a bot account,
whose games are rated, declines takebacks. Progress goes to
standard error; standard output has a line for each game's result.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	room := fs.String("room", "", "")
	engineCmd := fs.String("engine", "", "")
	name := fs.String("name", "", "")
	moveTime := fs.Duration("time", roombot.DefaultMoveTime, "")
	tokenFile := fs.String("token-file", "", "")
	reconnect := fs.Duration("reconnect", roombot.DefaultReconnect, "")
	quiet := fs.Bool("q", false, "")
	pool := fs.String("pool", "", "")
	botToken := fs.String("token", "", "")
	server := fs.String("server", "http://localhost:8080", "")
	games := fs.Int("games", 0, "")
	challenges := fs.String("challenges", "", "")
	tournament := fs.String("tournament", "", "")
	err := fs.Parse(args)
	if *botToken == "" {
		*botToken = strings.TrimSpace(os.Getenv("BOARDROOM_BOT_TOKEN"))
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return 0
	case err != nil:
		return usageError(stderr, err.Error())
	case fs.NArg() > 0:
		return usageError(stderr, fmt.Sprintf("unexpected argument %q (quote the engine's command line as one -engine)", fs.Arg(0)))
	case *room != "" && *pool != "":
		return usageError(stderr, "give -room (one room) or -pool (quick pairing), not both")
	case *room == "" && *pool == "" && *challenges == "" && *tournament == "":
		return usageError(stderr, "-room, -pool, -challenges or -tournament is required: the room's link, a quick pairing pool, "+
			"the games of challenges to accept, or an event to enter")
	case *room != "" && *challenges != "":
		return usageError(stderr, "-challenges is for a bot account waiting for games, not for -room")
	case *tournament != "" && (*room != "" || *pool != "" || *challenges != ""):
		return usageError(stderr, "-tournament plays the event's games alone: give no -room, -pool or -challenges with it")
	case (*pool != "" || *challenges != "" || *tournament != "") && *botToken == "":
		return usageError(stderr, "-pool, -challenges and -tournament need -token: the bot account's token, from the site's account page")
	case (*pool != "" || *challenges != "" || *tournament != "") && (*tokenFile != "" || *name != ""):
		return usageError(stderr, "-token-file and -name are for -room: a bot account plays under its own name")
	case *games < 0:
		return usageError(stderr, "-games must be 0 (no end) or more")
	case strings.TrimSpace(*engineCmd) == "":
		return usageError(stderr, "-engine is required: the engine's command line")
	case *moveTime < time.Millisecond:
		return usageError(stderr, "-time must be at least 1ms")
	case *reconnect <= 0:
		return usageError(stderr, "-reconnect must be positive")
	}
	var source roombot.Games // a bot account's games (nil: the one room's)
	switch {
	case *tournament != "":
		source = &roombot.Event{Server: *server, Bearer: *botToken, Event: *tournament}
	case *pool != "" || *challenges != "":
		if source, err = gamesSource(*server, *botToken, *pool, *challenges); err != nil {
			return usageError(stderr, err.Error())
		}
	}
	token := ""
	if *tokenFile != "" {
		if token, err = keepToken(*tokenFile); err != nil {
			fmt.Fprintln(stderr, "bot:", err)
			return 1
		}
	}
	command, err := fairystockfish.Resolve(ctx, *engineCmd)
	if err != nil {
		fmt.Fprintf(stderr, "bot: %v\n", err)
		return 1
	}
	engine, err := enginetext.Start(command, enginetext.WithStderr(stderr))
	if err != nil {
		fmt.Fprintf(stderr, "bot: the engine %q did not start: %v\n", *engineCmd, err)
		return 1
	}
	defer engine.Close()
	var progress io.Writer = prefixed{stderr}
	if *quiet {
		progress = nil
	}
	cfg := roombot.Config{Room: *room, Engine: engine, Name: *name, Token: token, Bearer: *botToken,
		MoveTime: *moveTime, Reconnect: *reconnect, Log: progress}
	if source != nil {
		return playGames(ctx, source, cfg, *games, stdout, stderr)
	}
	final, err := roombot.Run(ctx, cfg)
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintln(stderr, "bot: stopped before the game ended; the seat stays with the token")
		return 1
	case err != nil:
		fmt.Fprintln(stderr, "bot:", err)
		return 1
	}
	fmt.Fprintln(stdout, resultLine(final))
	return 0
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "bot: %s\nRun bot -help for the flags.\n", msg)
	return 2
}

// keepToken reads the seat token kept in path, or makes one and keeps it
// there (readable by its owner only).
func keepToken(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		token := strings.TrimSpace(string(b))
		if token == "" {
			return "", fmt.Errorf("-token-file %s is empty", path)
		}
		return token, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("-token-file: %w", err)
	}
	token := secret.New()
	if err := os.WriteFile(path, []byte(token+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("-token-file: %w", err)
	}
	return token, nil
}

// resultLine says how the game ended and which seat the engine played:
// "P2 wins — P1 resigned (the engine played P2)".
func resultLine(s *roomjson.State) string {
	text := "Game over"
	if s.Result != nil {
		text = s.Result.Text
	}
	seats := make([]string, len(s.You))
	for i, p := range s.You {
		seats[i] = s.Seats[p].Name
	}
	return fmt.Sprintf("%s (the engine played %s)", text, strings.Join(seats, " and "))
}

// prefixed writes progress lines with the command's name before them.
type prefixed struct{ w io.Writer }

func (p prefixed) Write(b []byte) (int, error) {
	if _, err := fmt.Fprintf(p.w, "bot: %s", b); err != nil {
		return 0, err
	}
	return len(b), nil
}
