// Package frame cuts a rendered room fragment into parts and works out the
// smallest update that turns one render into the next.
//
// A room sends every viewer the live part of its page after every change.
// Most of it does not change from one move to the next (an Amazons move
// changes three of a hundred cells), so the templates mark the parts that
// may change — each board cell, the banner, the players card, the move list
// — while they render, and the room sends a viewer only the parts that differ
// from what that viewer was last sent. Every part is one element with its id,
// which htmx swaps into place by id (an out-of-band swap). A move list that
// only grew is sent as its new items alone, appended to the list.
//
// Whatever is not inside a part (the layout around them) is the frame's
// shell; when the shell changes, the whole fragment is sent, so a change the
// templates did not mark as a part is never lost, only sent in full.
package frame

import (
	"bytes"
	"hash/maphash"
)

// Frame is one render of a room fragment: its bytes and where its parts are.
// A Frame is immutable once built and may be shared between connections.
type Frame struct {
	// HTML is the whole fragment, sent as it is to a page that has nothing yet.
	HTML  []byte
	parts []part
	shell uint64 // hash of the bytes outside the parts and of the parts' ids
}

// part is one swappable element of a frame, by byte offsets into HTML.
type part struct {
	id         string
	start, end int
	// list parts (a move list) also record where their items are, so an
	// update may append new items instead of resending the list.
	list  bool
	items []int // start offsets of the items, in order
	inner [2]int
	// always parts go with every update that sends anything.
	always bool
}

// Whole is a frame of bytes with no parts: it is always sent in full.
func Whole(html []byte) *Frame { return &Frame{HTML: html} }

// Parts reports how many parts the frame has.
func (f *Frame) Parts() int { return len(f.parts) }

// Part returns the id and bytes of part i.
func (f *Frame) Part(i int) (id string, html []byte) {
	p := f.parts[i]
	return p.id, f.HTML[p.start:p.end]
}

var seed = maphash.MakeSeed()

// Delta is the update that turns a page showing old into one showing new:
// only the parts that differ, or new's whole fragment when old is nil, when
// either frame has no parts, when anything outside the parts changed, or
// when the parts that differ are most of the fragment anyway. An
// empty result means the page already shows new.
func Delta(old, new *Frame) []byte {
	if old == nil || len(old.parts) == 0 || len(new.parts) == 0 ||
		old.shell != new.shell || len(old.parts) != len(new.parts) {
		return new.HTML
	}
	var out, always []byte
	for i := range new.parts {
		op, np := &old.parts[i], &new.parts[i]
		if op.id != np.id {
			return new.HTML
		}
		was, is := old.HTML[op.start:op.end], new.HTML[np.start:np.end]
		if np.always {
			always = append(always, is...)
			continue
		}
		if bytes.Equal(was, is) {
			continue
		}
		if tail, ok := appended(old, op, new, np); ok {
			out = append(out, `<div hx-swap-oob="beforeend:#`...)
			out = append(out, np.id...)
			out = append(out, `">`...)
			out = append(out, tail...)
			out = append(out, `</div>`...)
			continue
		}
		out = append(out, is...)
	}
	if len(out) == 0 {
		return nil
	}
	// When most of the fragment changed, the whole is hardly larger and
	// lets the page redraw in one swap.
	if len(always)+len(out) >= len(new.HTML)*3/4 {
		return new.HTML
	}
	return append(always, out...)
}

// appended returns the items np has after op's, when the list part only
// grew: the same element around the items and the same first items.
func appended(old *Frame, op *part, new *Frame, np *part) ([]byte, bool) {
	if !op.list || !np.list || len(np.items) <= len(op.items) {
		return nil, false
	}
	oh, nh := old.HTML, new.HTML
	if !bytes.Equal(oh[op.start:op.inner[0]], nh[np.start:np.inner[0]]) ||
		!bytes.Equal(oh[op.inner[1]:op.end], nh[np.inner[1]:np.end]) {
		return nil, false
	}
	n := len(op.items)
	if n > 0 {
		// The old items are one run of bytes; so are the new ones up to the
		// first added item.
		if !bytes.Equal(oh[op.items[0]:op.inner[1]], nh[np.items[0]:np.items[n]]) {
			return nil, false
		}
	}
	return nh[np.items[n]:np.inner[1]], true
}
