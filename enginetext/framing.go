package enginetext

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The first character of a reply's first line.
const (
	markSuccess = '='
	markRefusal = '?'
)

// MaxLine is the longest line either end accepts, newline excluded. A longer
// command is refused; a longer reply line breaks the connection.
const MaxLine = 64 << 10

// maxReplyLines bounds a reply's lines, so that a runaway engine cannot
// fill the client's memory.
const maxReplyLines = 4096

// ErrProtocol is wrapped by the errors of a reply that does not follow the
// protocol: a line that starts with neither = nor ?, a line too long, a
// reply that never ends.
var ErrProtocol = errors.New("engine protocol error")

// errLineTooLong is readLine's answer to a line over MaxLine; the rest of the
// line has been read and dropped.
var errLineTooLong = fmt.Errorf("%w: line longer than %d bytes", ErrProtocol, MaxLine)

// readLine reads one line without its line ending ("\n" or "\r\n"). A line
// over MaxLine is read to its end and dropped, and errLineTooLong returned,
// so the next call starts on the next line. At the end of the input a last
// line without a newline is returned as a line; after it, io.EOF.
func readLine(r *bufio.Reader) (string, error) {
	var long []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			long = append(long, chunk...)
			if len(long) > MaxLine+2 { // room for "\r\n"
				tooLong, long = true, nil
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		if err == io.EOF && len(long) == 0 && !tooLong {
			return "", io.EOF
		}
		if tooLong {
			return "", errLineTooLong
		}
		line := strings.TrimSuffix(strings.TrimSuffix(string(long), "\n"), "\r")
		if len(line) > MaxLine {
			return "", errLineTooLong
		}
		return line, nil
	}
}

// writeReply writes one reply: "=" or "?", the text's first line after a
// space, its further lines, then the empty line that ends every reply.
// Empty lines inside the text are left out (they would end the reply), and a
// refusal is kept to one line.
func writeReply(w io.Writer, ok bool, text string) error {
	var b strings.Builder
	if ok {
		b.WriteByte(markSuccess)
	} else {
		b.WriteByte(markRefusal)
		text = oneLine(text)
	}
	first, rest, _ := strings.Cut(text, "\n")
	if first = strings.TrimRight(first, " \r"); first != "" {
		b.WriteByte(' ')
		b.WriteString(first)
	}
	b.WriteByte('\n')
	for _, line := range strings.Split(rest, "\n") {
		if line = strings.TrimRight(line, "\r"); strings.TrimSpace(line) != "" {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// oneLine joins a text's lines with "; ", for a refusal's reason.
func oneLine(text string) string {
	var parts []string
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			parts = append(parts, line)
		}
	}
	return strings.Join(parts, "; ")
}

// reply is one reply as the client reads it.
type reply struct {
	ok bool
	// text is the first line's text, then "\n" and each further line.
	text string
}

// readReply reads the next reply: empty lines before it are skipped (an
// engine may write one too many), then its first line, which must start
// with = or ?, then its lines up to the empty line that ends it. The end of
// the input ends the last reply as an empty line would.
func readReply(r *bufio.Reader) (reply, error) {
	var line string
	var err error
	for line == "" {
		if line, err = readLine(r); err != nil {
			return reply{}, err
		}
	}
	var rep reply
	switch line[0] {
	case markSuccess:
		rep.ok = true
	case markRefusal:
	default:
		return reply{}, fmt.Errorf("%w: a reply starts with = or ?, got %q", ErrProtocol, clip(line))
	}
	var b strings.Builder
	b.WriteString(strings.TrimSpace(line[1:]))
	for n := 0; ; n++ {
		line, err = readLine(r)
		if err == io.EOF || (err == nil && line == "") {
			break
		}
		if err != nil {
			return reply{}, err
		}
		if n == maxReplyLines {
			return reply{}, fmt.Errorf("%w: a reply of more than %d lines", ErrProtocol, maxReplyLines)
		}
		b.WriteByte('\n')
		b.WriteString(line)
	}
	rep.text = b.String()
	return rep, nil
}

// clip shortens a text for an error message.
func clip(s string) string {
	const most = 80
	if len(s) <= most {
		return s
	}
	return s[:most] + "…"
}

// fields splits a command line into words: runs of spaces and tabs separate
// them; other control characters are kept, so that the words they spoil are
// refused by name.
func fields(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
}
