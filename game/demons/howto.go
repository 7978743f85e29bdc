package demons

import "boardroom/game"

// How to play (game.View's HowTo): the rules of docs/rules.md as a player
// learns them, each section with a picture. The diagrams are positions in
// Encode's form on the default 8×8 board ('.' a dark square, where the
// choices are made; '-' an empty light square, 'A' and 'D' held ones).

var _ game.View = Game{}

// HowTo implements game.View.
func (Game) HowTo() []game.HowToSection { return howTo }

var howTo = []game.HowToSection{
	{
		Title: game.HowToGoal,
		Text: []string{
			"Hold more of the board than your opponent when the last turn is over.",
			"One of you plays the Angels, with golden haloes; the other the Demons, with red horns. " +
				"You never move pieces: each turn you claim the light squares around the dark square you choose.",
		},
		Diagram: game.Diagram{
			Position: position("8",
				"A.D.-.D.",
				".A.D.D.D",
				"A.D.D.D.",
				".A.D.A.D",
				"A.D.A.D.",
				".A.A.D.D",
				"A.A.A.D.",
				".A.A.D.-"),
			Caption: "A game under way: the Angels hold 14 light squares, the Demons 16.",
			Alt: "A board of eight by eight squares after eight turns. Most light squares carry either a golden halo " +
				"(held by the Angels, mostly on the left) or red horns (held by the Demons, mostly on the right).",
		},
	},
	{
		Title: game.HowToTurn,
		Text: []string{
			"Both of you play at the same time. Each of you secretly chooses one dark square; " +
				"when both have chosen, the two choices are shown together.",
			"Your choice covers the squares right next to it: above, below, left and right. " +
				"They become yours, even if your opponent held them.",
		},
		Diagram: game.Diagram{
			Position: position("1",
				"-.-.-.-.",
				".-.-.D.-",
				"-.-.D.D.",
				".-.-.D.-",
				"-.A.-.-.",
				".A.A.-.-",
				"-.A.-.-.",
				".-.-.-.-"),
			Marks:   []game.Cell{{Row: 5, Col: 2}, {Row: 2, Col: 5}},
			Caption: "The first turn: each side's choice, ringed, covers the four squares around it.",
			Alt: "The board after the first turn. The Angels chose a dark square low on the left and now hold " +
				"the four light squares around it; the Demons chose one high on the right and hold the four around theirs.",
		},
	},
	{
		Title: game.HowToSpecial,
		Text: []string{
			"A square that both choices cover goes empty, whoever held it. " +
				"If you both choose the same square, all four squares around it go empty.",
			"A choice on the edge or in a corner covers fewer squares.",
			"Any dark square may be chosen on any turn, and you may not pass. " +
				"Nobody sees your choice, not even people watching, until both choices are in.",
		},
		Diagram: game.Diagram{
			Position: position("2",
				"-.-.-.-.",
				".-.-.D.-",
				"-.-.D.D.",
				".-.D.D.-",
				"-.D.-.-.",
				".A.-.A.-",
				"-.A.A.-.",
				".-.-.-.-"),
			Marks:   []game.Cell{{Row: 5, Col: 4}, {Row: 4, Col: 3}},
			Caption: "The second turn: the choices sit side by side, so the two squares between them go empty. The Demons also took a square from the Angels.",
			Alt: "The two choices of the second turn are next to each other diagonally. The two light squares both of them cover " +
				"are now empty. The Demons' choice also covered a square the Angels held, which now has red horns.",
		},
	},
	{
		Title: game.HowToEnd,
		Text: []string{
			"The game lasts 20 turns, unless the room was set up with another number. A room may also use a bigger or smaller board.",
			"After the last turn, count the squares each side holds. More squares wins; the same number is a tie.",
			"In a room with a clock, if you have not chosen when your time runs out, you lose.",
		},
		Diagram: game.Diagram{
			Position: position("20",
				"A.A.D.A.",
				".A.D.D.A",
				"D.D.D.A.",
				".A.-.D.A",
				"A.A.D.-.",
				".A.D.-.A",
				"D.D.D.A.",
				".D.-.D.D"),
			Caption: "After the twentieth turn the Angels hold 13 squares and the Demons 15: the Demons win.",
			Alt: "The board at the end of a game: light squares with golden haloes and red horns are mixed all over, " +
				"with a few left empty. The Angels hold 13 squares, the Demons 15.",
		},
	},
}

// position is a diagram's position on the default board: the turns played
// and the rows from the top.
func position(turns string, rows ...string) string {
	return game.GridPosition(Game{}, "size=8 turns=20", rows, turns)
}
