package amazons

// Render implements game.State with the text board of docs/rules.md: a header of
// column numbers, a rule of 22 dashes, then one line per row, "#" empty, "W"
// and "B" amazons, "X" arrows:
//
//	  |0 1 2 3 4 5 6 7 8 9
//	----------------------
//	0 |# # # B # # B # # #
//	...
//	9 |# # # W # # W # # #
func (s *State) Render() string {
	buf := make([]byte, 0, 23*(Size+2))
	buf = append(buf, "  |0 1 2 3 4 5 6 7 8 9\n----------------------\n"...)
	for r := range Size {
		buf = append(buf, byte('0'+r), ' ', '|')
		for c := range Size {
			if c > 0 {
				buf = append(buf, ' ')
			}
			buf = append(buf, s.b.at(SquareAt(r, c)).Symbol())
		}
		buf = append(buf, '\n')
	}
	return string(buf)
}
