package ai

import "strings"

// algorithmNames are the searches as people read them.
var algorithmNames = map[string]string{
	AlgoAlphaBeta:   "Alpha-beta",
	AlgoMinimax:     "Minimax",
	AlgoMCTS:        "Monte Carlo tree search",
	"matrix":        "Matrix game",
	AlgoEquilibrium: "Equilibrium",
}

// label says what plays, for the seat's card: the level and, at
// Difficult, the search it runs ("Difficult · Minimax"). Beginner plays the
// rules' heuristics and Medium a shallow fixed search, whatever algorithm
// was asked for, so theirs say the level only.
func (s settings) label() string {
	level := strings.ToUpper(s.level[:1]) + s.level[1:]
	if s.level != LevelDifficult {
		return level
	}
	name, ok := algorithmNames[s.algorithm]
	if !ok {
		name = s.algorithm
	}
	return level + " · " + name
}

// Label implements the seat label the rooms show.
func (b *beginnerBot) Label() string { return "Beginner" }

// Label implements the seat label the rooms show.
func (b *searchBot) Label() string { return b.st.label() }

// Label implements the seat label the rooms show.
func (b *mctsBot) Label() string { return b.st.label() }

// Label implements the seat label the rooms show.
func (b *matrixBot) Label() string { return b.st.label() }

// Label implements the seat label the rooms show.
func (b *greedyBot) Label() string { return b.st.label() }
