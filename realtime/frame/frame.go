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
	"slices"
)

// Frame is one render of a room fragment: its bytes and where its parts are.
// A Frame is immutable once built and may be shared between connections.
type Frame struct {
	// HTML is the whole fragment, sent as it is to a page that has nothing yet.
	HTML []byte
	// buf is the pooled buffer HTML was written in, given back by Release
	// (nil: HTML is the frame's own).
	buf   *bytes.Buffer
	parts []part
	lists []list
	// digest is allocated on its own: a page's connection keeps it, and it
	// must not keep the render alive.
	digest *Digest
}

// part is one swappable element of a frame, by byte offsets into HTML.
type part struct {
	id         string
	start, end int32
	kind       Kind
	// sealed says hash (and the list's digest) are worked out: a part
	// pasted from a segment drawn for another viewer comes with them.
	sealed bool
	list   int32 // index into lists, for a List part
	hash   uint64
}

// list records where a list part's items are, so that an update may append
// new items instead of resending the list.
type list struct {
	// items are the start offsets of the items, in order, counted from
	// base: a list pasted from a segment shares the segment's offsets (read
	// only) and is placed by its base.
	items []int32
	base  int32
	inner [2]int32 // absolute offsets (-1: not marked)
	// digest is the list's, once its part is sealed.
	digest listDigest
}

// item is the offset of item i.
func (l *list) item(i int) int32 { return l.base + l.items[i] }

// Digest is what an update needs to know of the frame a page shows: hashes
// of its parts rather than their bytes, so that a connection keeps a few
// kilobytes, not the render, between updates.
type Digest struct {
	shell  uint64   // hash of the bytes outside the parts and of the parts' ids
	hashes []uint64 // of each part
	lists  []listDigest
}

type listDigest struct {
	outer uint64 // hash of the list's element without its items
	items int
	all   uint64 // hash of everything between the list's Items and ItemsEnd marks
}

// Whole is a frame of bytes with no parts: it is always sent in full.
func Whole(html []byte) *Frame { return &Frame{HTML: html, digest: &Digest{}} }

// Digest returns the frame's digest, which Delta compares a new frame with.
func (f *Frame) Digest() *Digest {
	if f == nil {
		return nil
	}
	return f.digest
}

// Parts reports how many parts the frame has.
func (f *Frame) Parts() int { return len(f.parts) }

// Part returns the id and bytes of part i.
func (f *Frame) Part(i int) (id string, html []byte) {
	p := f.parts[i]
	return p.id, f.HTML[p.start:p.end]
}

var seed = maphash.MakeSeed()

func hash(b []byte) uint64 { return maphash.Bytes(seed, b) }

// Delta is the update that turns a page showing the frame old digests into
// one showing new: only the parts that differ, or new's whole fragment when
// old is nil, when either frame has no parts, when anything outside the
// parts changed, or when the parts that differ are most of the fragment
// anyway. An empty result means the page already shows new.
func Delta(old *Digest, new *Frame) []byte { return AppendDelta(nil, old, new) }

// AppendDelta appends Delta(old, new) to dst, growing it once to its exact
// size: a caller that puts a header before the update (the WebSocket
// frame's) leaves room for it in dst instead of copying the update again.
// It returns dst as it is when the page already shows new.
func AppendDelta(dst []byte, old *Digest, new *Frame) []byte {
	nd := new.digest
	if old == nil || len(old.hashes) == 0 || len(nd.hashes) == 0 ||
		old.shell != nd.shell || len(old.hashes) != len(nd.hashes) || len(old.lists) != len(nd.lists) {
		return append(slices.Grow(dst, len(new.HTML)), new.HTML...) // a copy: the frame may be released
	}
	// The update is worked out first and written once, into a buffer of
	// its exact size (growing it part by part was a fifth of what the
	// server allocated). A changed list that only grew is sent as its new
	// items (tail), appended.
	type change struct {
		part int
		tail []byte // the new items of a list that only grew; nil: the whole part
	}
	var room [16]change // most updates change a few parts
	changes := room[:0]
	size, alwaysSize := 0, 0
	for i := range new.parts {
		np := &new.parts[i]
		switch {
		case np.kind == Always:
			alwaysSize += int(np.end - np.start)
		case nd.hashes[i] == old.hashes[i]:
		case np.kind == List:
			tail, ok := appended(&old.lists[np.list], new, np)
			if ok {
				changes = append(changes, change{i, tail})
				size += len(appendOpen) + len(np.id) + len(appendMid) + len(tail) + len(appendClose)
				continue
			}
			fallthrough
		default:
			changes = append(changes, change{part: i})
			size += int(np.end - np.start)
		}
	}
	if len(changes) == 0 {
		return dst
	}
	// When most of the fragment changed, the whole is hardly larger and
	// lets the page redraw in one swap.
	if alwaysSize+size >= len(new.HTML)*3/4 {
		return append(slices.Grow(dst, len(new.HTML)), new.HTML...) // a copy: the frame may be released
	}
	out := slices.Grow(dst, alwaysSize+size)
	for i := range new.parts {
		if np := &new.parts[i]; np.kind == Always {
			out = append(out, new.HTML[np.start:np.end]...)
		}
	}
	for _, c := range changes {
		np := &new.parts[c.part]
		if c.tail == nil {
			out = append(out, new.HTML[np.start:np.end]...)
			continue
		}
		out = append(out, appendOpen...)
		out = append(out, np.id...)
		out = append(out, appendMid...)
		out = append(out, c.tail...)
		out = append(out, appendClose...)
	}
	return out
}

// An update appends a list's new items inside this wrapper.
const (
	appendOpen  = `<div hx-swap-oob="beforeend:#`
	appendMid   = `">`
	appendClose = `</div>`
)

// appended returns the items np has after the old list's, when the list
// only grew: the same element around the items and the same first items.
func appended(old *listDigest, new *Frame, np *part) ([]byte, bool) {
	l := &new.lists[np.list]
	nd := &new.digest.lists[np.list]
	if len(l.items) <= old.items || nd.outer != old.outer {
		return nil, false
	}
	h := new.HTML
	if hash(h[l.inner[0]:l.item(old.items)]) != old.all {
		return nil, false
	}
	return h[l.item(old.items):l.inner[1]], true
}

// Equal reports whether two digests are of the same frame as far as
// updates go (Delta from one is Delta from the other).
func (d *Digest) Equal(e *Digest) bool {
	if d == nil || e == nil {
		return d == e
	}
	return d.shell == e.shell && slices.Equal(d.hashes, e.hashes) && slices.Equal(d.lists, e.lists)
}
