package game_test

import (
	"fmt"
	"strconv"
	"strings"

	"boardroom/game"
)

// toy is a tiny game for testing the shared API: a pile of stones from which
// the seats take 1 or 2 in turn (whoever takes the last stone wins). When
// simultaneous, the pile counts turns instead: each turn both seats score 1 or
// 2 at once, and when the pile is empty the seat that scored more wins.
type toy struct{ simultaneous bool }

func (g toy) ID() string {
	if g.simultaneous {
		return "toysim"
	}
	return "toy"
}
func (g toy) Name() string       { return "Toy " + g.ID() }
func (toy) Seats() [2]string     { return [2]string{"Odd", "Even"} }
func (g toy) Simultaneous() bool { return g.simultaneous }
func (toy) CanEndDrawn() bool    { return true } // "took as many"
func (toy) Options() []game.Option {
	return []game.Option{
		{Key: "pile", Label: "Pile", Kind: game.IntOption, Default: "5", Min: 1, Max: 20},
		{Key: "mode", Label: "Mode", Kind: game.ChoiceOption, Default: "plain", Choices: []string{"plain", "fancy"}},
	}
}

func (g toy) New(given map[string]string) (game.State, error) {
	opts, err := game.Resolve(g.Options(), given)
	if err != nil {
		return nil, err
	}
	return &toyState{g: g, opts: opts, pile: opts.Int("pile")}, nil
}

func (g toy) Decode(opts game.Options, body string) (game.State, error) {
	var pile, ply, a, b int
	if _, err := fmt.Sscanf(body, "%d %d %d %d", &pile, &ply, &a, &b); err != nil || pile < 0 {
		return nil, fmt.Errorf("%w: %q", game.ErrBadPosition, body)
	}
	return &toyState{g: g, opts: opts, pile: pile, ply: ply, taken: [2]int{a, b}}, nil
}

type toyState struct {
	g     toy
	opts  game.Options
	pile  int
	ply   int
	taken [2]int
}

func (s *toyState) Game() game.Game       { return s.g }
func (s *toyState) Options() game.Options { return s.opts }
func (s *toyState) Ply() int              { return s.ply }
func (s *toyState) Score() [2]int         { return s.taken }
func (s *toyState) Clone() game.State     { c := *s; return &c }
func (s *toyState) Render() string        { return strings.Repeat("o", s.pile) + "\n" }
func (s *toyState) Encode() string {
	return game.FormatPosition(s.g, s.opts, fmt.Sprintf("%d %d %d %d", s.pile, s.ply, s.taken[0], s.taken[1]))
}

func (s *toyState) ToMove() []game.Player {
	switch {
	case s.pile == 0:
		return nil
	case s.g.simultaneous:
		return game.BothSeats()
	}
	return game.Seat(game.Player(s.ply % 2))
}

func (s *toyState) Outcome() game.Outcome {
	if s.pile > 0 {
		return game.Ongoing
	}
	if s.g.simultaneous {
		switch {
		case s.taken[0] > s.taken[1]:
			return game.Win(game.First, "took more")
		case s.taken[1] > s.taken[0]:
			return game.Win(game.Second, "took more")
		}
		return game.Draw("took as many")
	}
	return game.Win(game.Player((s.ply-1)%2), "took the last stone")
}

func (s *toyState) Legal(p game.Player, dst []game.Move) []game.Move {
	for _, q := range s.ToMove() {
		if q == p {
			most := 2
			if !s.g.simultaneous {
				most = min(2, s.pile)
			}
			for take := 1; take <= most; take++ {
				dst = append(dst, game.NewMove(game.Cell{Col: int8(take)}))
			}
		}
	}
	return dst
}

func (s *toyState) Apply(moves ...game.Move) error {
	seats := s.ToMove()
	if len(seats) == 0 {
		return game.ErrGameOver
	}
	if len(moves) != len(seats) {
		return fmt.Errorf("%w: want %d moves", game.ErrIllegalMove, len(seats))
	}
	for i, m := range moves {
		if !game.IsLegal(s, seats[i], m) {
			return fmt.Errorf("%w: %v", game.ErrIllegalMove, m)
		}
	}
	for i, m := range moves {
		s.taken[seats[i]] += int(m.Cells[0].Col)
	}
	if s.g.simultaneous {
		s.pile--
	} else {
		s.pile -= int(moves[0].Cells[0].Col)
	}
	s.ply++
	return nil
}

func (s *toyState) FormatMove(m game.Move) string { return strconv.Itoa(int(m.Cells[0].Col)) }

func (s *toyState) ParseMove(_ game.Player, text string) (game.Move, error) {
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || n < 1 || n > 2 {
		return game.Move{}, fmt.Errorf("%w: %q", game.ErrBadNotation, text)
	}
	return game.NewMove(game.Cell{Col: int8(n)}), nil
}

func init() {
	game.Register(toy{})
	game.Register(toy{simultaneous: true})
}
