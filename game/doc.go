// Package game is the one rules API that Boardroom's five games share.
//
// A Game is an immutable description of a game: its id, name, seat names and
// options schema. Game.New makes a State, the mutable position, owned by one
// goroutine at a time. Reading a State never writes to it, so two goroutines
// may read one State as long as neither applies a move.
//
// Every move is a small comparable value that records the cells a person clicks
// to make it, in order, so a front end can build moves click by click without
// knowing the rules: the cells it may click next are the next cells of the
// legal moves that start with what was clicked already.
//
// A complete random game:
//
//	g, _ := game.Lookup("kalah")
//	s, _ := g.New(nil) // every option at its default
//	bot := game.NewRandomBot(1)
//	for !s.Outcome().Over {
//		var turn []game.Move
//		for _, p := range s.ToMove() {
//			m, _ := bot.Choose(context.Background(), s, p)
//			turn = append(turn, m)
//		}
//		fmt.Println(game.FormatTurn(s, turn))
//		_ = s.Apply(turn...)
//	}
//	fmt.Print(s.Render())
//
// The games live in subpackages and register themselves; import
// boardroom/game/all to have every one of them in the registry.
package game
