package kalahai

import (
	_ "embed"
	"strconv"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/game/ai"
	"boardroom/game/ai/kalahai/internal/kbook"
	"boardroom/game/kalah"
)

// The opening book: the exact values of the standard board's first
// positions (6 houses × 4 seeds, no empty captures), where the live solver
// is far too slow: the start takes it about a minute and an 805 MB table,
// and positions ten moves in, with 40-odd seeds in the houses, still
// seconds to tens of seconds (game/ai/RESULTS.md, issue 28). book.bin (474
// bytes) holds every position within two sowings of the start (42; its
// header says the depth), each with a move that keeps its value, solved by
// game/kalah/solve; its format is internal/kbook's. Depth 1 takes about ten
// minutes of one core and 1 GiB of memory (go generate); depth 2 another
// 45 minutes, added to the book by
//
//	go run ./internal/mkbook -depth 2 -resume -o book.bin
//
// which keeps what the book holds, writes after each position and so goes
// on where a stopped build stopped. A position two sowings in still has 46
// to 48 seeds in the houses: the first of a group of siblings costs about
// what the start does or more (after 1 1: 593 M nodes, six and a half
// minutes), the next ones, on the table it left, seconds to a minute.
//
//go:generate go run ./internal/mkbook -depth 1 -o book.bin
//go:embed book.bin
var bookData []byte

var (
	theBook     kbook.Book
	theBookErr  error
	theBookOnce sync.Once
)

// openingBook is the embedded book, parsed once. A damaged book is an
// error its test reports; the bot then does without it.
func openingBook() (kbook.Book, error) {
	theBookOnce.Do(func() { theBook, theBookErr = kbook.Parse(bookData) })
	return theBook, theBookErr
}

// fromBook plays s from the book: of the moves that keep the value, the
// one nearest the store (the order the search tries first).
func fromBook(s *kalah.State) (ai.Info, bool) {
	bk, err := openingBook()
	if err != nil {
		return ai.Info{}, false
	}
	begin := time.Now()
	e, ok := bk.Find(s)
	if !ok || e.Keep == 0 {
		return ai.Info{}, false
	}
	house := s.Houses()
	for !e.Keeps(house) {
		house--
	}
	margin := e.Margin(s)
	if s.Turn() != game.First {
		margin = -margin // the report's view is the mover's
	}
	return ai.Info{
		Algorithm: "book",
		Time:      time.Since(begin),
		Eval:      100 * margin,
		Exact:     true,
		Move:      game.NewMove(s.HouseCell(s.Turn(), house)),
		PV:        []string{strconv.Itoa(house)},
		Note:      "opening book, solved to the end",
	}, true
}
