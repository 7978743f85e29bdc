// Package tictactoe is a sixth game that exists only in tests: importing
// it registers its rules and its View, which is all it takes for the lobby
// to offer it and a room to play it (web's
// TestBrowserPlaysAGameRegisteredOnlyInTests proves it). The rules pages'
// tests use it as a game with no rules written down.
package tictactoe

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// tictactoe is the game: three in a row on a board of nine squares.
type tictactoe struct{}

func init() { game.Register(tictactoe{}) }

func (tictactoe) ID() string             { return "tictactoe" }
func (tictactoe) Name() string           { return "Tic-tac-toe" }
func (tictactoe) Seats() [2]string       { return [2]string{"X", "O"} }
func (tictactoe) Options() []game.Option { return nil }
func (tictactoe) Simultaneous() bool     { return false }

func (g tictactoe) New(opts map[string]string) (game.State, error) {
	if _, err := game.Resolve(nil, opts); err != nil {
		return nil, err
	}
	return &tttState{}, nil
}

func (g tictactoe) Decode(_ game.Options, body string) (game.State, error) {
	s := &tttState{}
	if len(body) != 9 {
		return nil, fmt.Errorf("%w: %q is not 9 squares", game.ErrBadPosition, body)
	}
	for i, ch := range body {
		switch ch {
		case 'X':
			s.marks[i] = 1
		case 'O':
			s.marks[i] = 2
		case '.':
		default:
			return nil, fmt.Errorf("%w: %q", game.ErrBadPosition, body)
		}
		if ch != '.' {
			s.ply++
		}
	}
	return s, nil
}

// tttState is a position: 0 empty, 1 X, 2 O, row by row.
type tttState struct {
	marks [9]int8
	ply   int
}

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (s *tttState) Game() game.Game       { return tictactoe{} }
func (s *tttState) Options() game.Options { return game.Options{} }
func (s *tttState) Ply() int              { return s.ply }
func (s *tttState) Score() [2]int         { return [2]int{} }
func (s *tttState) Clone() game.State     { c := *s; return &c }

func (s *tttState) winner() game.Player {
	for _, l := range tttLines {
		if m := s.marks[l[0]]; m != 0 && m == s.marks[l[1]] && m == s.marks[l[2]] {
			return game.Player(m - 1)
		}
	}
	return game.NoPlayer
}

func (s *tttState) Outcome() game.Outcome {
	if w := s.winner(); w != game.NoPlayer {
		return game.Win(w, "three in a row")
	}
	if s.ply == 9 {
		return game.Draw("the board is full")
	}
	return game.Ongoing
}

var tttSeats = [2][]game.Player{{game.First}, {game.Second}}

func (s *tttState) ToMove() []game.Player {
	if s.Outcome().Over {
		return nil
	}
	return tttSeats[s.ply%2]
}

func (s *tttState) Legal(p game.Player, dst []game.Move) []game.Move {
	if to := s.ToMove(); len(to) == 0 || to[0] != p {
		return dst
	}
	for i, m := range s.marks {
		if m == 0 {
			dst = append(dst, game.NewMove(game.Cell{Row: int8(i / 3), Col: int8(i % 3)}))
		}
	}
	return dst
}

func (s *tttState) Apply(moves ...game.Move) error {
	to := s.ToMove()
	if len(to) == 0 {
		return game.ErrGameOver
	}
	if len(moves) != 1 || !game.IsLegal(s, to[0], moves[0]) {
		return fmt.Errorf("%w: not an empty square", game.ErrIllegalMove)
	}
	c := moves[0].Cells[0]
	s.marks[int(c.Row)*3+int(c.Col)] = int8(to[0]) + 1
	s.ply++
	return nil
}

func (s *tttState) Encode() string {
	var b strings.Builder
	for _, m := range s.marks {
		b.WriteByte(".XO"[m])
	}
	return b.String()
}

func (s *tttState) Render() string {
	e := s.Encode()
	return e[0:3] + "\n" + e[3:6] + "\n" + e[6:9] + "\n"
}

// FormatMove writes a square as its 1-based number, row by row ("5": the centre).
func (s *tttState) FormatMove(m game.Move) string {
	c := m.Cells[0]
	return strconv.Itoa(int(c.Row)*3 + int(c.Col) + 1)
}

func (s *tttState) ParseMove(_ game.Player, text string) (game.Move, error) {
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > 9 {
		return game.Move{}, fmt.Errorf("%w: %q is not a square from 1 to 9", game.ErrBadNotation, text)
	}
	return game.NewMove(game.Cell{Row: int8((n - 1) / 3), Col: int8((n - 1) % 3)}), nil
}

// The View: a 3×3 checkered grid with an X or an O drawn as text.

func (tictactoe) Board(game.State) game.Board {
	return game.Board{Layout: game.LayoutGrid, Rows: 3, Cols: 3, Style: "checker", Label: "Tic-tac-toe board",
		SeatColors: [2]string{"white", "black"}}
}

func (tictactoe) Cell(st game.State, at game.Cell) game.CellView {
	name := strconv.Itoa(int(at.Row)*3 + int(at.Col) + 1)
	switch st.(*tttState).marks[int(at.Row)*3+int(at.Col)] {
	case 1:
		return game.CellView{Name: name, What: "X", Caption: "X"}
	case 2:
		return game.CellView{Name: name, What: "O", Caption: "O"}
	}
	return game.CellView{Name: name, What: "empty"}
}

func (tictactoe) Score(game.State) string    { return "Three in a row wins" }
func (tictactoe) MoveHint(game.State) string { return "1-9 - the square, row by row" }
func (tictactoe) Summary() string            { return "Three in a row, on a board of nine squares." }
func (tictactoe) Unit() string               { return "" }
func (tictactoe) RulesAnchor() string        { return "" }
func (tictactoe) HowTo() []game.HowToSection { return nil }
