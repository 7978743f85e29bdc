package enginetext

import (
	"errors"
	"fmt"
	"strings"
)

// ErrBadCommandLine is wrapped by SplitCommand's errors.
var ErrBadCommandLine = errors.New("bad command line")

// SplitCommand splits a command line into the program and its arguments, as
// a shell would for simple cases, without running a shell: words are
// separated by spaces and tabs; 'single quotes' keep everything inside as it
// is; "double quotes" keep everything but \" and \\, which stand for " and
// \; outside quotes a backslash keeps the next character as it is. Quotes
// may join parts of a word (a'b c'd is "ab cd"), and "" is an empty word.
// An empty line or an unterminated quote or escape is an error wrapping
// ErrBadCommandLine.
func SplitCommand(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false // a word has started (it may still be empty: "")
	end := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch ch {
		case ' ', '\t':
			end()
		case '\\':
			if i+1 == len(line) {
				return nil, fmt.Errorf("%w: %q ends in a lone backslash", ErrBadCommandLine, line)
			}
			i++
			word.WriteByte(line[i])
			inWord = true
		case '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("%w: %q has an unterminated ' quote", ErrBadCommandLine, line)
			}
			word.WriteString(line[i+1 : i+1+j])
			i += 1 + j
			inWord = true
		case '"':
			closed := false
			for i++; i < len(line); i++ {
				c := line[i]
				if c == '"' {
					closed = true
					break
				}
				if c == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\') {
					i++
					c = line[i]
				}
				word.WriteByte(c)
			}
			if !closed {
				return nil, fmt.Errorf("%w: %q has an unterminated \" quote", ErrBadCommandLine, line)
			}
			inWord = true
		case '\n', '\r':
			return nil, fmt.Errorf("%w: %q has a line break", ErrBadCommandLine, line)
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	end()
	if len(words) == 0 || words[0] == "" {
		return nil, fmt.Errorf("%w: no program named in %q", ErrBadCommandLine, line)
	}
	return words, nil
}
