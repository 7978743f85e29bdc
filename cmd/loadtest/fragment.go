package main

import (
	"bytes"
	"errors"
	"html"
	"strconv"
)

// fragment is what the load tool reads from one `<div id="live">` update:
// the hooks the browser tests use, found by a byte scanner instead of a DOM
// parse. Thousands of connections each get every update, and the tool shares
// two cores with the server, so a full HTML parse per message would measure
// the tool; the scanner is checked against goquery in the tests.
type fragment struct {
	version uint64
	// moves are the byte ranges of the [data-testid=move] texts, in order;
	// moveText decodes one.
	moves [][2]int
	body  []byte
	turn  string
	// errText is the [data-testid=error] toast, if any.
	errText  string
	hasError bool
	// request is set when the viewer is offered Accept for a proposal.
	request bool
}

// countOnly reports an update that carries only the spectator count (sent
// when someone starts or stops watching); it has no game in it.
func countOnly(b []byte) bool { return bytes.HasPrefix(b, spectatorsMark) }

var (
	spectatorsMark = []byte(`<span id="spectators"`)
	liveMark       = []byte(`id="live"`)
	versionMark    = []byte(`data-version="`)
	moveMark       = []byte(`data-testid="move"`)
	turnMark       = []byte(`data-testid="turn"`)
	errorMark      = []byte(`data-testid="error"`)
	acceptMark     = []byte(`data-action="takeback-accept"`)
)

// parseFragment reads an update; moves reuses the slice of the previous
// fragment given as buf.
func parseFragment(b []byte, buf [][2]int) (fragment, error) {
	f := fragment{body: b, moves: buf[:0]}
	if !bytes.Contains(b[:min(len(b), 200)], liveMark) {
		return f, errors.New("not a #live fragment")
	}
	v, ok := attrValue(b, versionMark)
	if !ok {
		return f, errors.New("no data-version")
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return f, errors.New("bad data-version " + strconv.Quote(v))
	}
	f.version = n
	if s, e, ok := elementText(b, 0, turnMark); ok {
		f.turn = unescape(b[s:e])
	}
	if s, e, ok := elementText(b, 0, errorMark); ok {
		f.hasError, f.errText = true, unescape(b[s:e])
	}
	f.request = bytes.Contains(b, acceptMark)
	for from := 0; ; {
		s, e, ok := elementText(b, from, moveMark)
		if !ok {
			break
		}
		f.moves = append(f.moves, [2]int{s, e})
		from = e
	}
	return f, nil
}

// moveText is the notation of move i (0-based).
func (f *fragment) moveText(i int) string {
	r := f.moves[i]
	return unescape(f.body[r[0]:r[1]])
}

// over reports whether the page says the game is over.
func (f *fragment) over() bool { return f.turn == "Game over" }

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
