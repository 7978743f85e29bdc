// Package docs holds the project's documents; it embeds the rule book so
// that the server's rules pages are the same text as docs/rules.md.
package docs

import (
	_ "embed"
	"strings"
)

// Rules is docs/rules.md.
//
//go:embed rules.md
var Rules string

// Section returns the section of the rule book whose heading carries the
// id `anchor` ("## 2. Kalah — id `kalah`"), heading included; ok is false
// when there is none.
func Section(anchor string) (text string, ok bool) {
	for _, s := range sections() {
		if strings.Contains(firstLine(s), "id `"+anchor+"`") {
			return s, true
		}
	}
	return "", false
}

// Common returns the sections that hold for every game (their headings say
// "all games"), in order.
func Common() []string {
	var out []string
	for _, s := range sections() {
		if strings.Contains(firstLine(s), "(all games)") {
			out = append(out, s)
		}
	}
	return out
}

// sections cuts the rule book at its second-level headings.
func sections() []string {
	var out []string
	rest := Rules
	for {
		i := strings.Index(rest, "\n## ")
		if i < 0 {
			break
		}
		rest = rest[i+1:]
		end := strings.Index(rest, "\n## ")
		if end < 0 {
			out = append(out, trimRule(rest))
			break
		}
		out = append(out, trimRule(rest[:end]))
	}
	return out
}

// trimRule drops the horizontal line that ends a section in the file.
func trimRule(s string) string {
	s = strings.TrimRight(s, "\n")
	if i := strings.LastIndex(s, "\n"); i >= 0 && strings.Trim(s[i+1:], "-") == "" {
		s = s[:i]
	}
	return s
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
