// Package kbook is the format of Kalah's opening book (game/ai/kalahai's
// book.bin): exact values of positions of the standard board, 6 houses × 4
// seeds without empty captures, with the moves that keep them. The bot
// reads it, the builder (../mkbook) writes it.
//
// # Format
//
// All integers big-endian.
//
//	magic   "KBK1"
//	houses  1 byte (6), seeds 1 byte (4), emptyCapture 1 byte (0),
//	depth   1 byte: every position within this many sowings of the start
//	count   uint32: the number of entries
//	entries count × 11 bytes, sorted by key:
//	  key   9 bytes: the 12 houses, the mover's 1..6 then the opponent's
//	        1..6, 6 bits each, most significant first (the stores are left
//	        out: the value is relative to them)
//	  keep  1 byte: bit h−1 set when sowing house h keeps the exact value
//	  value 1 byte (int8): the mover's final gain over the opponent from
//	        here with perfect play, the stores not counted
package kbook

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"boardroom/game"
	"boardroom/game/kalah"
)

// The book's board and layout.
const (
	Houses    = 6
	Seeds     = 4
	keyBytes  = 9
	entrySize = keyBytes + 2
	header    = 12
	magic     = "KBK1"
)

// Key is a position's key: its houses from the mover's view.
type Key [keyBytes]byte

// Entry is what the book knows of a position.
type Entry struct {
	Keep  uint16 // bit h−1: sowing house h keeps the value
	Value int    // relative to the stores, from the mover's view
}

// Keeps reports whether sowing house h (1-based) keeps the value.
func (e Entry) Keeps(h int) bool { return h >= 1 && e.Keep&(1<<(h-1)) != 0 }

// Margin is the exact final margin (first seat minus second) of s, whose
// entry e is.
func (e Entry) Margin(s *kalah.State) int {
	me := s.Turn()
	m := s.Store(me) - s.Store(me.Other()) + e.Value
	if me != game.First {
		m = -m
	}
	return m
}

// Book is a parsed book.
type Book struct {
	Depth   int
	entries []byte // sorted, entrySize each
}

// Len is the number of positions in the book.
func (b Book) Len() int { return len(b.entries) / entrySize }

// Parse checks a book's header and that its keys are sorted; the book
// keeps data.
func Parse(data []byte) (Book, error) {
	if len(data) < header || string(data[:4]) != magic {
		return Book{}, errors.New("kbook: bad magic")
	}
	if data[4] != Houses || data[5] != Seeds || data[6] != 0 {
		return Book{}, fmt.Errorf("kbook: a book of %d×%d, empty capture %d", data[4], data[5], data[6])
	}
	n := int(binary.BigEndian.Uint32(data[8:12]))
	body := data[header:]
	if len(body) != n*entrySize {
		return Book{}, fmt.Errorf("kbook: %d bytes for %d entries", len(body), n)
	}
	for i := 1; i < n; i++ {
		if bytes.Compare(body[(i-1)*entrySize:][:keyBytes], body[i*entrySize:][:keyBytes]) >= 0 {
			return Book{}, fmt.Errorf("kbook: entry %d out of order", i)
		}
	}
	return Book{Depth: int(data[7]), entries: body}, nil
}

// Lookup finds a position's entry by binary search.
func (b Book) Lookup(k Key) (Entry, bool) {
	lo, hi := 0, b.Len()
	for lo < hi {
		mid := (lo + hi) / 2
		at := b.entries[mid*entrySize:]
		switch c := bytes.Compare(at[:keyBytes], k[:]); {
		case c == 0:
			return Entry{Keep: uint16(at[keyBytes]), Value: int(int8(at[keyBytes+1]))}, true
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return Entry{}, false
}

// Each calls f with every entry of the book, in key order.
func (b Book) Each(f func(Key, Entry)) {
	for i := range b.Len() {
		at := b.entries[i*entrySize:]
		var k Key
		copy(k[:], at[:keyBytes])
		f(k, Entry{Keep: uint16(at[keyBytes]), Value: int(int8(at[keyBytes+1]))})
	}
}

// Find is Lookup for a position; ok is false when s is not of the book's
// board or not in the book.
func (b Book) Find(s *kalah.State) (Entry, bool) {
	k, ok := KeyOf(s)
	if !ok {
		return Entry{}, false
	}
	return b.Lookup(k)
}

// KeyOf is s's key; ok is false when s is not a position of the book's
// board (or a house holds more than 63 seeds, which it cannot).
func KeyOf(s *kalah.State) (Key, bool) {
	var k Key
	o := s.Options()
	if s.Houses() != Houses || o.Int(kalah.OptSeeds) != Seeds || o.Bool(kalah.OptEmptyCapture) {
		return k, false
	}
	me := s.Turn()
	var acc uint64
	var held uint // bits of acc not yet written
	out := 0
	for i := range 2 * Houses {
		p, h := me, i+1
		if i >= Houses {
			p, h = me.Other(), i-Houses+1
		}
		v := s.Seeds(p, h)
		if v > 63 {
			return k, false
		}
		acc = acc<<6 | uint64(v)
		held += 6
		for held >= 8 {
			k[out] = byte(acc >> (held - 8))
			out++
			held -= 8
		}
	}
	return k, true
}

// Writer collects entries and writes a book.
type Writer struct {
	Depth   int
	entries map[Key]Entry
}

// Add records a position's entry; a position added twice keeps the first.
func (w *Writer) Add(k Key, e Entry) {
	if w.entries == nil {
		w.entries = map[Key]Entry{}
	}
	if _, ok := w.entries[k]; !ok {
		w.entries[k] = e
	}
}

// Has reports whether a position was added.
func (w *Writer) Has(k Key) bool { _, ok := w.entries[k]; return ok }

// Bytes is the book, its entries sorted.
func (w *Writer) Bytes() []byte {
	keys := make([]Key, 0, len(w.entries))
	for k := range w.entries {
		keys = append(keys, k)
	}
	sortKeys(keys)
	out := []byte(magic)
	out = append(out, Houses, Seeds, 0, byte(w.Depth))
	out = binary.BigEndian.AppendUint32(out, uint32(len(keys)))
	for _, k := range keys {
		e := w.entries[k]
		out = append(out, k[:]...)
		out = append(out, byte(e.Keep), byte(int8(e.Value)))
	}
	return out
}

func sortKeys(keys []Key) {
	slices.SortFunc(keys, func(a, b Key) int { return bytes.Compare(a[:], b[:]) })
}
