package game

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

var registry struct {
	sync.RWMutex
	games []Game
}

// order is the order the lobby lists games in (SetOrder); games not named
// there come after, by id.
var order []string

// SetOrder sets the order the lobby lists games in: game/all, the one place
// that lists the games, calls it.
func SetOrder(ids ...string) {
	registry.Lock()
	defer registry.Unlock()
	order = ids
	sortLocked()
}

// Register adds a game to the registry. Games call it from init; registering
// an id twice panics, because it is a programming error.
func Register(g Game) {
	registry.Lock()
	defer registry.Unlock()
	for _, have := range registry.games {
		if have.ID() == g.ID() {
			panic("game: " + g.ID() + " registered twice")
		}
	}
	registry.games = append(registry.games, g)
	sortLocked()
}

func sortLocked() {
	slices.SortStableFunc(registry.games, func(a, b Game) int {
		ia, ib := rank(a.ID()), rank(b.ID())
		if ia != ib {
			return ia - ib
		}
		return strings.Compare(a.ID(), b.ID())
	})
}

func rank(id string) int {
	if i := slices.Index(order, id); i >= 0 {
		return i
	}
	return len(order)
}

// Lookup finds a registered game by id.
func Lookup(id string) (Game, error) {
	registry.RLock()
	defer registry.RUnlock()
	for _, g := range registry.games {
		if g.ID() == id {
			return g, nil
		}
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownGame, id, strings.Join(idsLocked(), ", "))
}

// NameOf is the name of the registered game id, for pages that list
// stored games: a game no longer registered keeps its id, so an old
// record still shows.
func NameOf(id string) string {
	if g, err := Lookup(id); err == nil {
		return g.Name()
	}
	return id
}

// All returns every registered game in the lobby's order.
func All() []Game {
	registry.RLock()
	defer registry.RUnlock()
	return slices.Clone(registry.games)
}

// IDs returns the ids of every registered game in the lobby's order.
func IDs() []string {
	registry.RLock()
	defer registry.RUnlock()
	return idsLocked()
}

func idsLocked() []string {
	ids := make([]string, len(registry.games))
	for i, g := range registry.games {
		ids[i] = g.ID()
	}
	return ids
}
