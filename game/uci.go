package game

// UCIGame is a game that engines speaking UCI (the Universal Chess
// Interface) play as one of their variants: Fairy-Stockfish plays the Game
// of the Amazons as UCI_Variant "amazons". The game translates; the bridge
// (enginetext's UCI) knows no game.
type UCIGame interface {
	Game
	// UCIVariant is the UCI_Variant that plays the game with opts, or ""
	// when no variant does (another board size, say).
	UCIVariant(opts Options) string
	// UCIPosition writes s as the variant's FEN, for "position fen".
	UCIPosition(s State) string
	// FormatUCI writes m, a move of the seat to move in s, in the
	// variant's move notation.
	FormatUCI(s State, m Move) string
	// ParseUCI reads a move of p in s written in the variant's notation.
	// It checks the syntax only: the caller checks the move is legal.
	ParseUCI(s State, p Player, text string) (Move, error)
}

// UCIVariantOf is the UCI_Variant that plays s's game with its options, or
// "" when none does.
func UCIVariantOf(s State) string {
	if u, ok := s.Game().(UCIGame); ok {
		return u.UCIVariant(s.Options())
	}
	return ""
}

// UCIGames are the ids of the registered games, in the lobby's order,
// that a UCI variant plays with their default options.
func UCIGames() []string {
	var out []string
	for _, g := range All() {
		if u, ok := g.(UCIGame); ok && u.UCIVariant(nil) != "" {
			out = append(out, g.ID())
		}
	}
	return out
}
