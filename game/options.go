package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value.
type OptionKind uint8

// The kinds of option.
const (
	IntOption OptionKind = iota + 1
	BoolOption
	ChoiceOption
)

// Option describes one option of a game: its key in forms and commands, the
// label people read, its default and the values it may take.
type Option struct {
	Key   string
	Label string
	// Words name the option in a description of a game's settings
	// ("captures from empty houses"); empty: the label, in lower case.
	Words   string
	Help    string
	Kind    OptionKind
	Default string
	// Min, Max and Step bound an IntOption: Min ≤ v ≤ Max and (v−Min) a
	// multiple of Step (Step 0 or 1: any whole number).
	Min, Max, Step int
	// Choices lists the values of a ChoiceOption.
	Choices []string
}

// Values lists every value an IntOption or ChoiceOption may take, in order,
// for a drop-down; nil for a BoolOption.
func (o Option) Values() []string {
	switch o.Kind {
	case ChoiceOption:
		return o.Choices
	case IntOption:
		step := max(o.Step, 1)
		var vs []string
		for v := o.Min; v <= o.Max; v += step {
			vs = append(vs, strconv.Itoa(v))
		}
		return vs
	}
	return nil
}

// check validates one value and returns its canonical text.
func (o Option) check(value string) (string, error) {
	value = strings.TrimSpace(value)
	switch o.Kind {
	case IntOption:
		v, err := strconv.Atoi(value)
		if err != nil {
			return "", fmt.Errorf("%w: %s must be a whole number, got %q", ErrBadOption, o.Key, value)
		}
		if v < o.Min || v > o.Max {
			return "", fmt.Errorf("%w: %s must be from %d to %d, got %d", ErrBadOption, o.Key, o.Min, o.Max, v)
		}
		if o.Step > 1 && (v-o.Min)%o.Step != 0 {
			return "", fmt.Errorf("%w: %s must be one of %s, got %d", ErrBadOption, o.Key, strings.Join(o.Values(), ", "), v)
		}
		return strconv.Itoa(v), nil
	case BoolOption:
		switch strings.ToLower(value) {
		case "true", "1", "yes", "on":
			return "true", nil
		case "false", "0", "no", "off":
			return "false", nil
		}
		return "", fmt.Errorf("%w: %s must be true or false, got %q", ErrBadOption, o.Key, value)
	case ChoiceOption:
		if slices.Contains(o.Choices, value) {
			return value, nil
		}
		return "", fmt.Errorf("%w: %s must be one of %s, got %q", ErrBadOption, o.Key, strings.Join(o.Choices, ", "), value)
	}
	return "", fmt.Errorf("%w: %s has no kind", ErrBadOption, o.Key)
}

// Options are resolved option values: every key of the schema present with its
// canonical text. Read them with Int, Bool and String.
type Options map[string]string

// Resolve checks the given values against the schema, fills in defaults and
// returns the resolved options. An unknown key or a bad value is an error
// wrapping ErrBadOption.
func Resolve(schema []Option, given map[string]string) (Options, error) {
	out := make(Options, len(schema))
	for key := range given {
		if !slices.ContainsFunc(schema, func(o Option) bool { return o.Key == key }) {
			var keys []string
			for _, o := range schema {
				keys = append(keys, o.Key)
			}
			if len(keys) == 0 {
				return nil, fmt.Errorf("%w: unknown option %q (this game has none)", ErrBadOption, key)
			}
			return nil, fmt.Errorf("%w: unknown option %q (known: %s)", ErrBadOption, key, strings.Join(keys, ", "))
		}
	}
	for _, o := range schema {
		value, ok := given[o.Key]
		if !ok {
			value = o.Default
		}
		v, err := o.check(value)
		if err != nil {
			return nil, err
		}
		out[o.Key] = v
	}
	return out, nil
}

// Int returns an integer option; 0 if it is absent.
func (o Options) Int(key string) int {
	v, _ := strconv.Atoi(o[key])
	return v
}

// Bool returns a boolean option; false if it is absent.
func (o Options) Bool(key string) bool { return o[key] == "true" }

// String returns an option's text.
func (o Options) String(key string) string { return o[key] }

// Format writes the options as "key=value" words in the schema's order.
func (o Options) Format(schema []Option) string {
	words := make([]string, 0, len(schema))
	for _, opt := range schema {
		if v, ok := o[opt.Key]; ok {
			words = append(words, opt.Key+"="+v)
		}
	}
	return strings.Join(words, " ")
}

// Describe writes the options for people, in the schema's order:
// "houses per side: 6 · captures from empty houses: off".
func (o Options) Describe(schema []Option) string {
	words := make([]string, 0, len(schema))
	for _, opt := range schema {
		v, ok := o[opt.Key]
		if !ok {
			continue
		}
		name := opt.Words
		if name == "" {
			name = strings.ToLower(opt.Label)
		}
		if opt.Kind == BoolOption {
			v = map[bool]string{true: "on", false: "off"}[v == "true"]
		}
		words = append(words, name+": "+v)
	}
	return strings.Join(words, " · ")
}

// ParseOptionArgs reads "key=value" words (from a command line) into a map.
func ParseOptionArgs(words []string) (map[string]string, error) {
	out := make(map[string]string, len(words))
	for _, w := range words {
		key, value, ok := strings.Cut(w, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" {
			return nil, fmt.Errorf("%w: %q is not key=value", ErrBadOption, w)
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("%w: %s given twice", ErrBadOption, key)
		}
		out[key] = value
	}
	return out, nil
}
