package templates

import (
	"fmt"

	"boardroom/game"
	"boardroom/game/amazons"
	"boardroom/game/angels"
	"boardroom/game/bishops"
	"boardroom/game/demons"
)

// gridClass sizes a CSS grid with n columns.
func gridClass(n int) string { return fmt.Sprintf("board grid cols-%d", n) }

func amazonsCell(s *amazons.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		at := cell(r, c)
		name := squareName(at, amazons.Size)
		switch s.At(at) {
		case amazons.WhiteAmazon:
			return squareCell{name: name, what: "white amazon", symbol: "amazon", pieceClass: "piece white"}
		case amazons.BlackAmazon:
			return squareCell{name: name, what: "black amazon", symbol: "amazon", pieceClass: "piece black"}
		case amazons.Arrow:
			return squareCell{name: name, what: "arrow", symbol: "arrow", pieceClass: "piece arrow"}
		}
		return squareCell{name: name, what: "empty"}
	}
}

func bishopsCell(s *bishops.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		at := cell(r, c)
		name := squareName(at, bishops.Size)
		switch s.At(at) {
		case game.First:
			return squareCell{name: name, what: "white bishop", symbol: "bishop", pieceClass: "piece white"}
		case game.Second:
			return squareCell{name: name, what: "black bishop", symbol: "bishop", pieceClass: "piece black"}
		}
		return squareCell{name: name, what: "empty"}
	}
}

func demonsCell(s *demons.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		at := cell(r, c)
		name := squareName(at, s.Size())
		switch s.Owner(at) {
		case game.First:
			return squareCell{class: "owner-angels", name: name, what: "held by the Angels", symbol: "halo", pieceClass: "piece halo"}
		case game.Second:
			return squareCell{class: "owner-demons", name: name, what: "held by the Demons", symbol: "horns", pieceClass: "piece horns"}
		}
		if demons.IsDark(at) {
			return squareCell{name: name, what: "a choice"}
		}
		return squareCell{name: name, what: "empty"}
	}
}

func angelsCell(s *angels.State) func(r, c int) squareCell {
	return func(r, c int) squareCell {
		name := gridName(r, c)
		switch {
		case s.Angel() == cell(r, c):
			return squareCell{class: "angel-here", name: name, what: "the Angel", symbol: "angel", pieceClass: "piece angel"}
		case s.Blocked(r, c):
			return squareCell{class: "blocked", name: name, what: "blocked"}
		case r == 0 || c == 0 || r == s.Size()-1 || c == s.Size()-1:
			return squareCell{class: "edge", name: name, what: "edge, free"}
		}
		return squareCell{name: name, what: "free"}
	}
}

// seedDots draws up to this many seeds in a pit; more are only counted.
const seedDots = 18

func dots(n int) []int {
	return make([]int, min(n, seedDots))
}

func kalahHouseLabel(p game.Player, house, seeds int) string {
	return fmt.Sprintf("P%d house %d, %d seeds", int(p)+1, house, seeds)
}

func kalahStoreLabel(p game.Player, seeds int) string {
	return fmt.Sprintf("P%d store, %d seeds", int(p)+1, seeds)
}

func cell(r, c int) game.Cell { return game.Cell{Row: int8(r), Col: int8(c)} }

func rangeN(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func reversed(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = n - i
	}
	return out
}
