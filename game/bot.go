package game

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

// Bot chooses moves: a computer player.
type Bot interface {
	// Choose returns a legal move for seat p, which must be to move in s. It
	// must not change s, and returns early with ctx's error when ctx ends.
	Choose(ctx context.Context, s State, p Player) (Move, error)
}

// BeginnerMaker is implemented by games whose rules name a Beginner computer
// player. Other games play Beginner with a RandomBot.
type BeginnerMaker interface {
	Beginner(seed uint64) Bot
}

// Beginner returns the Beginner computer player of g, seeded for repeatable
// games.
func Beginner(g Game, seed uint64) Bot {
	if b, ok := g.(BeginnerMaker); ok {
		return b.Beginner(seed)
	}
	return NewRandomBot(seed)
}

// RandomBot plays a uniformly random legal move. It is not safe for concurrent
// use: give each seat its own.
type RandomBot struct {
	rng *rand.Rand
	buf []Move
}

// NewRandomBot returns a RandomBot whose choices repeat for the same seed.
func NewRandomBot(seed uint64) *RandomBot {
	return &RandomBot{rng: NewRand(seed)}
}

// NewRand returns a fast deterministic generator for a seed.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// Choose implements Bot.
func (b *RandomBot) Choose(ctx context.Context, s State, p Player) (Move, error) {
	if err := ctx.Err(); err != nil {
		return Move{}, err
	}
	b.buf = s.Legal(p, b.buf[:0])
	if len(b.buf) == 0 {
		return Move{}, fmt.Errorf("%w: %s has no legal move", ErrNotYourTurn, s.Game().Seats()[p])
	}
	return b.buf[b.rng.IntN(len(b.buf))], nil
}

// Reporter is implemented by bots that can say what they thought about the
// move they last chose (search depth, evaluation, ...), for people to read.
type Reporter interface {
	Report() string
}

// Thought is what a computer player made of the position it last moved in,
// in terms people read: how long it thought and what it expects.
type Thought struct {
	Took time.Duration
	// Known says the player judged the position (a Beginner does not).
	Known bool
	// Value is the position's worth for the player after its move, in the
	// game's units (View.Unit): positive, it expects to win by that much.
	Value float64
	// Exact says Value is the true value with best play on both sides.
	Exact bool
	// WinIn and LossIn are a forced end seen so many moves ahead (0: none).
	WinIn, LossIn int
}

// Thinker is implemented by computer players that can say what they thought
// of their last move.
type Thinker interface {
	Thought() Thought
}
