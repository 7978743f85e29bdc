package templates

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
)

// LobbyData is what the lobby shows.
type LobbyData struct {
	Games    []game.Game
	Live     []RoomRow
	Finished []RoomRow
	// Form holds the values of a refused form, to show it again; Error why.
	Form  map[string]string
	Error string
}

// RoomRow is one line of the lobby's lists.
type RoomRow struct {
	ID, Game, Mode, Detail string
	Turns                  int
	Updated                time.Time
}

// Age says how long ago a time was, briefly.
func (r RoomRow) Age() string {
	d := time.Since(r.Updated)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return r.Updated.Format("2 Jan 2006")
}

// OptionField is one input of the lobby form. Games that share an option
// key (Angels & Devils and Angels & Demons both have "size") share one
// field, so that the form has exactly one input per key; an empty value
// means the game's default.
type OptionField struct {
	Key, Label string
	Kind       game.OptionKind
	Games      []string // the ids of the games the field applies to
	Min, Max   int
	Choices    []string
	Default    string // the default when one game has the field
	Help       string
}

// GamesAttr lists the field's games for CSS to show it with them.
func (f OptionField) GamesAttr() string { return strings.Join(f.Games, " ") }

// OptionFields collects the option inputs of every game.
func OptionFields(games []game.Game) []OptionField {
	var fields []OptionField
	for _, g := range games {
		for _, o := range g.Options() {
			help := g.Name() + ": " + describe(o)
			i := slices.IndexFunc(fields, func(f OptionField) bool { return f.Key == o.Key })
			if i < 0 {
				fields = append(fields, OptionField{Key: o.Key, Label: o.Label, Kind: o.Kind, Games: []string{g.ID()},
					Min: o.Min, Max: o.Max, Choices: o.Choices, Default: o.Default, Help: help})
				continue
			}
			f := &fields[i]
			f.Games = append(f.Games, g.ID())
			f.Min, f.Max = min(f.Min, o.Min), max(f.Max, o.Max)
			f.Default = ""
			f.Help += " · " + help
		}
	}
	return fields
}

func describe(o game.Option) string {
	switch o.Kind {
	case game.IntOption:
		step := ""
		if o.Step > 1 {
			step = fmt.Sprintf(", step %d", o.Step)
		}
		return fmt.Sprintf("%d–%d%s, default %s", o.Min, o.Max, step, o.Default)
	case game.BoolOption:
		return "default " + map[string]string{"true": "on", "false": "off"}[o.Default]
	}
	return "default " + o.Default
}

// The lobby form's choices, with their labels, from the room's vocabulary.
var (
	ModeLabels  = choices(vocab.Modes())
	ClockLabels = choices(vocab.Clocks())
	LevelLabels = game.Levels
	PaceLabels  = choices(vocab.Paces())
	SeatLabels  = choices(vocab.SeatChoices())
)

// choices pairs each value with its label, for a select of the form.
func choices[T interface {
	~string
	Label() string
}](all []T) []game.Choice {
	out := make([]game.Choice, len(all))
	for i, v := range all {
		out[i] = game.Choice{Value: string(v), Label: v.Label()}
	}
	return out
}

// AlgorithmLabels names the Amazons search algorithms.
var AlgorithmLabels = []struct{ Value, Label string }{
	{"", "Best available"}, {"alphabeta", "Alpha-beta"}, {"minimax", "Minimax"}, {"mcts", "Monte Carlo tree search"},
}

// seatNames says which seat is which in a game, for the form.
func seatNames(g game.Game) string {
	s := g.Seats()
	return s[0] + " moves first, then " + s[1]
}

func (d LobbyData) value(key, def string) string {
	if v, ok := d.Form[key]; ok {
		return v
	}
	return def
}

func (d LobbyData) selected(key, value, def string) bool { return d.value(key, def) == value }

// firstID is the default game: the first one listed.
func firstID(games []game.Game) string {
	if len(games) == 0 {
		return ""
	}
	return games[0].ID()
}
