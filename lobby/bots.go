package lobby

import (
	"context"
	"fmt"
	"time"
)

// Bots in the pools (docs/rules.md, "Finding an opponent"): a bot's
// account waits like a person's, meets a person only when that person
// lets quick pairing give them a bot (pairing.Match), and begins at most
// so many games an hour, counted by the store as the pairings make them.

// DefaultBotGamesPerHour is how many games a bot may begin in an hour: a
// bullet game lasts a couple of minutes, so two bots playing each other
// without a pause are held to about one game in two.
const DefaultBotGamesPerHour = 30

// BotBusyError refuses a bot's wait: it has begun the most games it may
// in the last hour.
type BotBusyError struct {
	// Games is the limit it reached; Until when it may enter again.
	Games int
	Until time.Time
}

func (e *BotBusyError) Error() string {
	return fmt.Sprintf("this bot has begun %d games in the last hour, the most a bot may", e.Games)
}

func (ps *Pools) botGamesPerHour() int {
	if ps.BotGamesPerHour == 0 {
		return DefaultBotGamesPerHour
	}
	return ps.BotGamesPerHour
}

// mayPlayBot refuses the bot account with a *BotBusyError when it has
// begun its games of the hour before now.
func (ps *Pools) mayPlayBot(ctx context.Context, account string, now time.Time) error {
	most := ps.botGamesPerHour()
	if ps.Bots == nil || most < 0 {
		return nil
	}
	games, err := ps.Bots.BotGames(ctx, account, now.Add(-time.Hour))
	if err != nil {
		return err
	}
	if len(games) < most {
		return nil
	}
	// It may play again when the game that would make one too many leaves
	// the hour.
	return &BotBusyError{Games: most, Until: games[len(games)-most].Add(time.Hour)}
}
