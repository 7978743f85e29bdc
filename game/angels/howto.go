package angels

import "boardroom/game"

// How to play (game.View's HowTo): the rules of docs/rules.md as a player
// learns them, each section with a picture. The diagrams are positions in
// Encode's form on the default 15×15 board, their rows as they look.

var _ game.View = Game{}

// HowTo implements game.View.
func (Game) HowTo() []game.HowToSection { return howTo }

var howTo = []game.HowToSection{
	{
		Title: game.HowToGoal,
		Text: []string{
			"One of you plays the Angel, the other the Devil.",
			"The Angel wants to escape: it wins as soon as it reaches any square on the edge of the board. " +
				"The Devil wants to trap it, by blocking squares one at a time until the Angel cannot move.",
		},
		Diagram: game.Diagram{
			Position: position("", "Angel 0 -", empty15(map[[2]int]byte{{7, 7}: 'A'})),
			Marks:    []game.Cell{{Row: 7, Col: 7}},
			Caption:  "The start: the Angel stands in the middle of an empty board. The squares around the border are the edge it must reach.",
			Alt: "An empty board of fifteen by fifteen squares with the Angel on the centre square. " +
				"The squares along the four sides, the edge, are tinted.",
		},
	},
	{
		Title: game.HowToTurn,
		Text: []string{
			"The Angel moves first, then the Devil, and so on.",
			"The Angel flies to any free square next to it, straight or diagonally: one of the eight squares around it.",
			"Then the Devil blocks one free square anywhere on the board, except the Angel's own. " +
				"A blocked square stays blocked until the end of the game.",
		},
		Diagram: game.Diagram{
			Position: position("", "Angel 6 8,8", empty15(map[[2]int]byte{{6, 7}: 'A', {5, 6}: '@', {5, 7}: '@', {4, 7}: '@'})),
			Marks:    []game.Cell{{Row: 5, Col: 8}, {Row: 6, Col: 6}, {Row: 6, Col: 8}, {Row: 7, Col: 6}, {Row: 7, Col: 7}, {Row: 7, Col: 8}},
			Caption:  "The Angel's turn: it may fly to any of the six marked squares. Two squares next to it are blocked already.",
			Alt: "The Angel, a little above the centre, with three blocked squares just above it. " +
				"Six of the eight squares around the Angel are free and marked.",
		},
	},
	{
		Title: game.HowToSpecial,
		Text: []string{
			"Angel power: a room may give the Angel more power. An Angel of power 2 flies up to two squares in any direction, " +
				"power 3 up to three, and so on. It may jump over blocked squares on the way.",
			"The Angel may also stay where it is, as long as some other square within its reach is still free.",
			"A room may also use a smaller or a bigger board than the usual 15 by 15.",
		},
		Diagram: game.Diagram{
			Position: position("power=2", "Angel 16 7,8", empty15(ring(7, 7, 'A'))),
			Marks:    ringCells(7, 7, 2),
			Arrows:   []game.Arrow{{From: game.Cell{Row: 7, Col: 7}, To: game.Cell{Row: 5, Col: 9}}},
			Caption:  "An Angel of power 2, walled in by blocked squares, jumps over them to any of the marked squares.",
			Alt: "The Angel in the centre, with all eight squares around it blocked. The sixteen free squares two steps away " +
				"are marked, and an arrow shows the Angel jumping over the blocked ring to one of them.",
		},
	},
	{
		Title: game.HowToEnd,
		Text: []string{
			"The Angel wins the moment it lands on an edge square.",
			"The Devil wins when it is the Angel's turn and every square within its reach is blocked.",
			"There are no draws.",
		},
		Diagram: game.Diagram{
			Position: position("", "over 20 8,8", empty15(with(ring(6, 6, 'A'), map[[2]int]byte{{0, 6}: '@', {6, 14}: '@'}))),
			Marks:    []game.Cell{{Row: 6, Col: 6}},
			Caption:  "The Angel's turn, but every square around it is blocked: the Angel is trapped, and the Devil wins.",
			Alt: "The Angel, just above and left of the centre, with all eight squares around it blocked. " +
				"Two more blocked squares lie on the edge.",
		},
	},
}

// position is a diagram's position on a 15×15 board: the options besides
// the size, the rest of Encode's line (turn, ply, the Angel's previous
// square) and the rows.
func position(opts, rest string, rows []string) string {
	o := "size=15 power=1"
	if opts != "" {
		o = "size=15 " + opts
	}
	return game.GridPosition(Game{}, o, rows, rest)
}

// empty15 is a 15×15 board of free squares with the given squares set
// ('A' the Angel, '@' blocked).
func empty15(set map[[2]int]byte) []string {
	rows := make([]string, 15)
	for r := range rows {
		row := []byte("+++++++++++++++")
		for c := range row {
			if ch, ok := set[[2]int{r, c}]; ok {
				row[c] = ch
			}
		}
		rows[r] = string(row)
	}
	return rows
}

// ring is the Angel on (r, c) with the eight squares around it blocked.
func ring(r, c int, angel byte) map[[2]int]byte {
	set := map[[2]int]byte{{r, c}: angel}
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr != 0 || dc != 0 {
				set[[2]int{r + dr, c + dc}] = '@'
			}
		}
	}
	return set
}

// with adds more squares to a board's set.
func with(set, more map[[2]int]byte) map[[2]int]byte {
	for k, v := range more {
		set[k] = v
	}
	return set
}

// ringCells are the squares exactly d steps (as a king walks) from (r, c).
func ringCells(r, c, d int) []game.Cell {
	var out []game.Cell
	for dr := -d; dr <= d; dr++ {
		for dc := -d; dc <= d; dc++ {
			if max(abs(dr), abs(dc)) == d {
				out = append(out, game.Cell{Row: int8(r + dr), Col: int8(c + dc)})
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
