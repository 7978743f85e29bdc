package main

import (
	"fmt"
	"strings"
)

// args is a parsed command line: positional words and named flags, which may
// come in any order ("play show kalah -o houses=4 2 3").
type args struct {
	words []string
	opts  []string // the values of every -o, "key=value"
	flags map[string]string
}

// parseArgs reads a command line. valued names the flags that take a value;
// -o may repeat. Flags are written -name value, --name value or --name=value.
func parseArgs(in []string, valued ...string) (args, error) {
	a := args{flags: map[string]string{}}
	takes := func(name string) bool {
		for _, v := range valued {
			if v == name {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(in); i++ {
		w := in[i]
		if len(w) < 2 || w[0] != '-' || isNumber(w) {
			a.words = append(a.words, w)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(w, "-"), "=")
		switch {
		case name == "h" || name == "help":
			a.flags["help"] = "true"
			continue
		case name != "o" && !takes(name):
			return a, fmt.Errorf("unknown flag %s", w)
		case !hasValue:
			if i+1 >= len(in) {
				return a, fmt.Errorf("flag %s needs a value", w)
			}
			i++
			value = in[i]
		}
		if name == "o" {
			a.opts = append(a.opts, value)
		} else {
			a.flags[name] = value
		}
	}
	return a, nil
}

// isNumber tells a negative number (a word) from a flag.
func isNumber(w string) bool {
	for _, r := range w[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return len(w) > 1
}
