package game

import (
	"fmt"
	"sync"
	"time"
)

// Players are a game's computer players, registered by the game's AI
// package (RegisterPlayers). A game with none registered plays every level
// with its Beginner (see Beginner).
type Players interface {
	// New makes a computer player. level is "beginner", "medium" or
	// "difficult"; algorithm is "" for the level's own search, or one of
	// Algorithms (which only Difficult offers); budget is Difficult's time
	// a move (0: the default). The seed makes its choices repeatable.
	New(level, algorithm string, seed uint64, budget time.Duration) (Bot, error)
	// Algorithms are the searches a person may choose for Difficult, best
	// first (empty: no choice is offered).
	Algorithms() []Choice
	// Estimate scores a position from the first seat's view (positive: the
	// first seat is ahead), for the replay's graph; ok is false where the
	// game has no estimate.
	Estimate(s State) (score float64, ok bool)
}

// ScoreLiner is implemented by Players that can put their judgement of a
// position on the scoreboard instead of the rules' line (Amazons' territory
// estimate).
type ScoreLiner interface {
	ScoreLine(s State) (line string, ok bool)
}

// ScoreLine is the scoreboard line of a position: the computer's judgement
// where its players give one (Amazons' territory), else the game's own line.
func ScoreLine(s State) string {
	if sl, ok := PlayersOf(s.Game()).(ScoreLiner); ok {
		if line, ok := sl.ScoreLine(s); ok {
			return line
		}
	}
	return ViewOf(s.Game()).Score(s)
}

// Choice is one value a person may pick, with what the page calls it.
type Choice struct {
	Value, Label string
}

// Levels are the computer's levels, weakest first.
var Levels = []Choice{{"beginner", "Beginner"}, {"medium", "Medium"}, {"difficult", "Difficult"}}

var players struct {
	sync.RWMutex
	byGame map[string]Players
}

// RegisterPlayers sets the computer players of the game with this id. AI
// packages call it from init; registering a game's players twice panics.
func RegisterPlayers(id string, p Players) {
	players.Lock()
	defer players.Unlock()
	if players.byGame == nil {
		players.byGame = map[string]Players{}
	}
	if _, ok := players.byGame[id]; ok {
		panic("game: players of " + id + " registered twice")
	}
	players.byGame[id] = p
}

// PlayersOf returns the computer players of g: those registered for it, or
// its Beginner at every level.
func PlayersOf(g Game) Players {
	players.RLock()
	p, ok := players.byGame[g.ID()]
	players.RUnlock()
	if ok {
		return p
	}
	return beginnerOnly{g}
}

// beginnerOnly plays every level with the game's Beginner.
type beginnerOnly struct{ g Game }

func (b beginnerOnly) New(level, algorithm string, seed uint64, _ time.Duration) (Bot, error) {
	if !validLevel(level) {
		return nil, fmt.Errorf("%w: unknown level %q (beginner, medium or difficult)", ErrBadOption, level)
	}
	if algorithm != "" {
		return nil, fmt.Errorf("%w: %s offers no choice of search, got %q", ErrBadOption, b.g.Name(), algorithm)
	}
	return Beginner(b.g, seed), nil
}

func (beginnerOnly) Algorithms() []Choice           { return nil }
func (beginnerOnly) Estimate(State) (float64, bool) { return 0, false }

func validLevel(level string) bool {
	for _, l := range Levels {
		if l.Value == level {
			return true
		}
	}
	return false
}
