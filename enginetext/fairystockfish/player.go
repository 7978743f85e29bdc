package fairystockfish

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"boardroom/enginetext"
	"boardroom/game"
)

// Player is Fairy-Stockfish as a server's computer player, the house bot
// Boardroom-Fairy-Stockfish's: one process, started when a game first
// needs it (it takes a second or two to load, and some 300 MB: a server
// whose house bot never plays never starts it), warmed for the game's
// variant before the game's first move, and started again after it breaks.
// Its searches run one at a time.
type Player struct {
	command string
	think   time.Duration

	mu     sync.Mutex
	engine *enginetext.UCIEngine
}

// NewPlayer returns a Player that starts command (Install's) and searches
// think a move.
func NewPlayer(command string, think time.Duration) *Player {
	return &Player{command: command, think: think}
}

// running returns the engine, started (again) if need be.
func (p *Player) running() (*enginetext.UCIEngine, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.engine != nil && p.engine.Broken() != nil {
		p.engine.Close()
		p.engine = nil
	}
	if p.engine == nil {
		rest, ok := strings.CutPrefix(p.command, enginetext.UCIPrefix)
		if !ok {
			return nil, fmt.Errorf("fairystockfish: %q is not a UCI command line", p.command)
		}
		e, err := enginetext.StartUCI(rest)
		if err != nil {
			return nil, err
		}
		p.engine = e
	}
	return p.engine, nil
}

// Bot is the computer player of a game of g. It fails at once for a game
// no UCI variant plays; otherwise the engine is started (and set to the
// variant) in the background from now, so that its load is under way
// before the first move is asked, and nobody waits for it: a room seats
// the bot without delay, and only the bot's first move waits for a load
// that has not finished (seconds alone, far more on a busy machine).
func (p *Player) Bot(g game.Game) (game.Bot, error) {
	s, err := g.New(nil)
	if err != nil {
		return nil, err
	}
	if game.UCIVariantOf(s) == "" {
		return nil, fmt.Errorf("no UCI variant plays %s, so Fairy-Stockfish cannot play it", g.Name())
	}
	go func() {
		if e, err := p.running(); err == nil {
			e.Bot(s, p.think) // warms the variant; a failure shows at the first move
		}
	}()
	return playerBot{p}, nil
}

type playerBot struct{ p *Player }

// Choose implements game.Bot on the running engine, started again if it
// broke since.
func (b playerBot) Choose(ctx context.Context, s game.State, seat game.Player) (game.Move, error) {
	e, err := b.p.running()
	if err != nil {
		return game.Move{}, err
	}
	bot, err := e.Bot(s, b.p.think)
	if err != nil {
		return game.Move{}, err
	}
	return bot.Choose(ctx, s, seat)
}

// Close ends the engine, if it runs.
func (p *Player) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.engine == nil {
		return nil
	}
	err := p.engine.Close()
	p.engine = nil
	return err
}
