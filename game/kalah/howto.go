package kalah

import "boardroom/game"

// How to play (game.View's HowTo): the rules of docs/rules.md as a player
// learns them, each section with a picture. On the board P1's houses are
// the bottom row, 1 to 6 from the left, with P1's store on the right; P2's
// run along the top from the right, with P2's store on the left.

var _ game.View = Game{}

// HowTo implements game.View.
func (Game) HowTo() []game.HowToSection { return howTo }

var howTo = []game.HowToSection{
	{
		Title: game.HowToGoal,
		Text: []string{
			"Gather more seeds in your store than your opponent.",
			"Each player owns the six houses on their side of the board and the big store at their right-hand end. " +
				"P1 plays the bottom row, P2 the top row. At the start every house holds four seeds.",
		},
		Diagram: game.Diagram{
			Position: position("4 4 4 4 4 4 0", "4 4 4 4 4 4 0", "P1 / ply 0"),
			Marks:    []game.Cell{{Row: 1, Col: 7}, {Row: 0, Col: 0}},
			Caption:  "The start: four seeds in every house. P1's store is on the right, P2's on the left. P1 moves first.",
			Alt: "The starting board: two rows of six houses with four seeds in each, between two empty stores. " +
				"The store on the right belongs to P1, who plays the bottom row; the store on the left belongs to P2.",
		},
	},
	{
		Title: game.HowToTurn,
		Text: []string{
			"Pick up all the seeds from one of your houses.",
			"Going around the board anticlockwise, drop them one at a time into the next pits: " +
				"your next houses, then your own store, then your opponent's houses. " +
				"Skip your opponent's store.",
		},
		Diagram: game.Diagram{
			Position: position("4 4 4 4 0 5 1", "5 5 4 4 4 4 0", "P2 / ply 1"),
			Marks:    []game.Cell{{Row: 1, Col: 5}, {Row: 1, Col: 6}, {Row: 1, Col: 7}, {Row: 0, Col: 6}, {Row: 0, Col: 5}},
			Caption:  "P1 empties house 5 and sows its four seeds: one into house 6, one into the store, two into P2's houses.",
			Alt: "P1's fifth house is now empty. Its four seeds went one each into P1's sixth house, P1's store, " +
				"and the first two houses on P2's side, which now hold five seeds each.",
		},
	},
	{
		Title: game.HowToSpecial,
		Text: []string{
			"Extra turn: if your last seed lands in your own store, play again. This can happen several times in a row.",
			"Capture: if your last seed lands in one of your own houses that was empty, and the house straight across " +
				"holds seeds, take that last seed and all the seeds across and put them in your store. " +
				"If the house across is empty, nothing is captured: the seed just stays.",
			"Some rooms change this: with \"Capture into an empty opposite house\" your last seed goes to your store " +
				"even when the house across is empty. A room may also have more or fewer houses, or seeds per house.",
		},
		Diagram: game.Diagram{
			Position: position("2 3 0 5 6 1 9", "1 6 3 5 2 0 5", "P1 / ply 14"),
			Marks:    []game.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 3}, {Row: 0, Col: 3}},
			Caption: "P1 to play. Sowing house 1 ends in empty house 3, which captures the five seeds across. " +
				"Sowing house 6 would end in the store instead, for another turn.",
			Alt: "P1's first house holds two seeds and P1's third house is empty; the P2 house straight across from it " +
				"holds five seeds. P1's sixth house holds a single seed, one step from P1's store.",
		},
	},
	{
		Title: game.HowToEnd,
		Text: []string{
			"The game ends when the player whose turn it is has no seeds left in their houses.",
			"Each player counts the seeds in their store and in their own houses. " +
				"The player with more seeds wins; the same number is a tie.",
		},
		Diagram: game.Diagram{
			Position: position("0 0 0 0 0 0 25", "0 2 0 1 0 2 18", "P1 / ply 40"),
			Marks:    []game.Cell{{Row: 1, Col: 7}, {Row: 0, Col: 0}},
			Caption:  "P1's houses are empty on P1's turn, so the game is over: P1 has 25 seeds, P2 has 18 + 5 = 23. P1 wins.",
			Alt: "All of P1's houses are empty and P1's store holds 25 seeds. P2's store holds 18 seeds " +
				"and P2's houses hold 5 more.",
		},
	},
}

// position is a diagram's position under the default options: P1's houses
// 1 to 6 and store, P2's, and the rest of Encode's line.
func position(p1, p2, rest string) string {
	return "kalah houses=6 seeds=4 empty_capture=false | " + p1 + " / " + p2 + " / " + rest
}
