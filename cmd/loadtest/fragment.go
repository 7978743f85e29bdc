package main

import (
	"bytes"
	"errors"
	"html"
	"strconv"
)

// page is what the load tool knows of one viewer's page, kept up to date
// from the updates the way the browser's DOM is: a whole `<div id="live">`
// replaces everything, a delta (package realtime/frame) replaces the parts
// it carries, and new moves are appended to the list. The hooks the browser
// tests use are found by a byte scanner instead of a DOM parse: thousands of
// connections each get every update, and the tool shares two cores with the
// server, so a full HTML parse per message would measure the tool. The
// scanner is checked against a DOM that applies the same updates in the
// tests.
type page struct {
	version uint64
	turn    string
	moves   []string
	// request is set while the viewer is offered Accept for a proposal.
	request bool
	// errText is the [data-testid=error] toast the last update brought, if
	// it brought one.
	errText  string
	hasError bool
}

// countOnly reports an update that carries only the spectator count (sent
// when someone starts or stops watching); it has no game in it.
func countOnly(b []byte) bool { return bytes.HasPrefix(b, spectatorsMark) }

var (
	spectatorsMark   = []byte(`<span id="spectators"`)
	liveMark         = []byte(`id="live"`)
	versionPart      = []byte(`<span id="version"`)
	versionMark      = []byte(`data-version="`)
	bannerPart       = []byte(`<div id="banner"`)
	turnMark         = []byte(`data-testid="turn"`)
	errorMark        = []byte(`data-testid="error"`)
	toastPart        = []byte(`<div id="toast"`)
	requestPart      = []byte(`<div id="request"`)
	requestEnd       = []byte(`</div></div>`) // the card's end, when there is one
	acceptMark       = []byte(`data-action="takeback-accept"`)
	movesPart        = []byte(`<ol id="moves"`)
	movesAppendedTag = []byte(`<div hx-swap-oob="beforeend:#moves"`)
	moveMark         = []byte(`class="move"`) // the move's button, whose text comes first
)

// apply reads one update into the page. A whole fragment must carry its
// version; a delta carries only what changed.
func (p *page) apply(b []byte) error {
	if bytes.Contains(b[:min(len(b), 200)], liveMark) {
		return p.applyWhole(b)
	}
	if !bytes.HasPrefix(b, []byte("<")) {
		return errors.New("neither a #live fragment nor an update of its parts")
	}
	return p.applyDelta(b)
}

// applyWhole reads a whole fragment (a page's first update): each hook
// is searched for in all of it.
func (p *page) applyWhole(b []byte) error {
	i := bytes.Index(b, versionPart)
	if i < 0 {
		return errors.New("no data-version")
	}
	if err := p.readVersion(b[i:]); err != nil {
		return err
	}
	p.turn = ""
	if s, e, ok := elementText(b, 0, turnMark); ok {
		p.turn = unescape(b[s:e])
	}
	p.hasError, p.errText = false, ""
	if s, e, ok := elementText(b, 0, errorMark); ok {
		p.hasError, p.errText = true, unescape(b[s:e])
	}
	p.request = bytes.Contains(b, acceptMark)
	p.moves = p.moves[:0]
	p.readMoves(b, 0)
	return nil
}

// applyDelta reads a delta in one pass over its parts. A delta is a list
// of parts, each an element whose start tag begins with its id (or, for
// new moves, the element appending them); each hook is searched for only
// in the part that holds it. Searching the whole update for every hook was
// most of the tool's own work per message beside the reads, with
// thousands of spectators each reading every update.
func (p *page) applyDelta(b []byte) error {
	p.hasError, p.errText = false, ""
	for at := 0; ; {
		lt := bytes.IndexByte(b[at:], '<')
		if lt < 0 {
			return nil
		}
		at += lt
		rest := b[at:]
		switch {
		case bytes.HasPrefix(rest, versionPart):
			if err := p.readVersion(rest); err != nil {
				return err
			}
		case bytes.HasPrefix(rest, bannerPart):
			p.turn = ""
			if s, e, ok := elementText(b, at, turnMark); ok {
				p.turn = unescape(b[s:e])
			}
		case bytes.HasPrefix(rest, toastPart):
			// An empty slot ends at once; a filled one holds the toast.
			gt := bytes.IndexByte(rest, '>')
			if gt >= 0 && !bytes.HasPrefix(rest[gt+1:], []byte("</")) {
				if s, e, ok := elementText(b, at, errorMark); ok {
					p.hasError, p.errText = true, unescape(b[s:e])
				}
			}
		case bytes.HasPrefix(rest, requestPart):
			// Accept is the request card's first button, if it has one.
			end := len(rest)
			if next := bytes.Index(rest, requestEnd); next >= 0 {
				end = next
			}
			p.request = bytes.Contains(rest[:end], acceptMark)
		case bytes.HasPrefix(rest, movesPart):
			p.moves = p.moves[:0]
			p.readMoves(b, at)
			return nil // the list is the last part that holds a hook
		case bytes.HasPrefix(rest, movesAppendedTag):
			p.readMoves(b, at)
			return nil
		}
		at++
	}
}

// readVersion reads the version part at the start of b.
func (p *page) readVersion(b []byte) error {
	v, ok := attrValue(b, versionMark)
	n, err := strconv.ParseUint(v, 10, 64)
	if !ok || err != nil {
		return errors.New("bad data-version " + strconv.Quote(v))
	}
	p.version = n
	return nil
}

// readMoves appends the moves listed from b[from:] on.
func (p *page) readMoves(b []byte, from int) {
	for {
		s, e, ok := elementText(b, from, moveMark)
		if !ok {
			return
		}
		p.moves = append(p.moves, unescape(b[s:e]))
		from = e
	}
}

// over reports whether the page says the game is over.
func (p *page) over() bool { return p.turn == "Game over" }

// attrValue returns the value after mark (which ends in `="`) up to the
// closing quote.
func attrValue(b, mark []byte) (string, bool) {
	i := bytes.Index(b, mark)
	if i < 0 {
		return "", false
	}
	rest := b[i+len(mark):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return "", false
	}
	return string(rest[:j]), true
}

// elementText finds the first element at or after from whose start tag
// holds mark, and returns the range of its text: from the end of the start
// tag to the next tag. Attribute values cannot hold '>' (templ escapes it).
func elementText(b []byte, from int, mark []byte) (start, end int, ok bool) {
	i := bytes.Index(b[from:], mark)
	if i < 0 {
		return 0, 0, false
	}
	i += from + len(mark)
	gt := bytes.IndexByte(b[i:], '>')
	if gt < 0 {
		return 0, 0, false
	}
	start = i + gt + 1
	lt := bytes.IndexByte(b[start:], '<')
	if lt < 0 {
		return 0, 0, false
	}
	return start, start + lt, true
}

func unescape(b []byte) string {
	s := string(bytes.TrimSpace(b))
	if bytes.IndexByte(b, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	return s
}
