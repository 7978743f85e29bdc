package templates

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"boardroom/game"
	"boardroom/pairing"
	"boardroom/realtime/vocab"
)

type withoutRoomKey struct{}

// WithoutRoom marks a page's rendering as having no room (the lobby):
// Layout then leaves out the room's scripts.
func WithoutRoom(ctx context.Context) context.Context {
	return context.WithValue(ctx, withoutRoomKey{}, true)
}

func withoutRoom(ctx context.Context) bool { return ctx.Value(withoutRoomKey{}) != nil }

// LobbyData is what the lobby shows.
type LobbyData struct {
	Games []game.Game
	Lists LobbyLists
	// Form holds the values of a refused form, to show it again; Error
	// why, and GameInPlay the game it refers to (a room's path; "": none).
	Form       map[string]string
	Error      string
	GameInPlay string
	// Pairing offers quick pairing's pools; House says that the computer
	// plays in them too (its house bots).
	Pairing, House bool
}

// OpenMode is the lobby form's mode for an open challenge: a game against a
// friend (vocab.Friend) that the lobby lists for anyone to accept.
const OpenMode = "open"

// ratedHint is the Rated box's hint, on every form that sets up a game
// with someone chosen (a friend, an open challenge, a direct challenge):
// each starts unticked, for the reason docs/ratings.md gives ("Which
// games are rated").
const ratedHint = "The result counts for both players' ratings in this game and clock. A game you set up is casual unless you tick it."

// PoolSpeeds are quick pairing's speeds, as the lobby names them.
var PoolSpeeds = func() []game.Choice {
	var out []game.Choice
	for _, c := range pairing.Speeds {
		out = append(out, game.Choice{Value: string(c), Label: c.Name()})
	}
	return out
}()

// poolClocks says what the pools' speeds mean: "Bullet: 10 s a move ·
// Fast: 30 s a move · Slow: 60 s a move."
func poolClocks() string {
	parts := make([]string, len(pairing.Speeds))
	for i, c := range pairing.Speeds {
		parts[i] = strings.Replace(c.Label(), " · ", ": ", 1)
	}
	return strings.Join(parts, " · ") + "."
}

// LobbyLists are one page each of the live rooms and the finished games.
type LobbyLists struct {
	// Seeks are the open challenges, newest first.
	Seeks              []SeekRow
	Live, Finished     []RoomRow
	LivePage, DonePage int // 1-based
	MoreLive, MoreDone bool
	// Version names what the lists show (MakeVersion), for the page's
	// next fetch to say.
	Version string
}

// MakeVersion sets the lists' Version: a digest of everything they show.
func (l *LobbyLists) MakeVersion() {
	h := fnv.New64a()
	fmt.Fprint(h, l.LivePage, l.DonePage, l.MoreLive, l.MoreDone)
	for _, s := range l.Seeks {
		fmt.Fprint(h, s, "\x00")
	}
	for _, rows := range [][]RoomRow{l.Live, l.Finished} {
		h.Write([]byte{0})
		for _, r := range rows {
			fmt.Fprint(h, r.ID, "\x00", r.Game, "\x00", r.Players, "\x00", r.Result, "\x00", r.Detail, "\x00", r.Age(), "\x00", r.Picture, "\x00")
		}
	}
	l.Version = strconv.FormatUint(h.Sum64(), 36)
}

// SeekRow is an open challenge in the lobby.
type SeekRow struct {
	ID string
	// Game and Speed name what is offered; Rated whether it counts.
	Game, Speed string
	Rated       bool
	// Name is the creator's; Account their username when signed in
	// (their page is /@/Account), Rating their rating there ("" for none).
	Name, Account, Rating string
	// Bot marks a bot's account.
	Bot bool
}

// rankedText says whether a game counts for ratings.
func rankedText(rated bool) string {
	if rated {
		return "Rated"
	}
	return "Casual"
}

// ETag is the lists' version as an HTTP entity tag.
func (l LobbyLists) ETag() string { return `"` + l.Version + `"` }

// Headers are the headers of the page's next fetch of the lists (htmx's
// hx-headers): the version it shows.
func (l LobbyLists) Headers() string {
	if l.Version == "" {
		return "{}"
	}
	return `{"If-None-Match": "\"` + l.Version + `\""}`
}

// URL is where the lists with these pages are fetched.
func (l LobbyLists) URL(live, done int) string {
	return fmt.Sprintf("/lobby/lists?live=%d&done=%d", live, done)
}

// URLFor is the lists' address with one list at another page.
func (l LobbyLists) URLFor(live bool, page int) string {
	if live {
		return l.URL(page, l.DonePage)
	}
	return l.URL(l.LivePage, page)
}

// Link is the lobby's address with one list at another page (without
// script).
func (l LobbyLists) Link(live bool, page int) string {
	if live {
		return fmt.Sprintf("/?live=%d&done=%d#watch", page, l.DonePage)
	}
	return fmt.Sprintf("/?live=%d&done=%d#watch", l.LivePage, page)
}

func pagerLabel(live bool) string {
	if live {
		return "Pages of live rooms"
	}
	return "Pages of finished games"
}

func pagerTestID(live bool) string {
	if live {
		return "older-live"
	}
	return "older-finished"
}

// RoomRow is one line of the lobby's lists.
type RoomRow struct {
	ID, Href string
	Game     string
	// Players says who plays each seat ("White: Alice · Black: Computer · Medium").
	Players string
	// Result is how a finished game ended; Detail the moves and the clock.
	Result, Detail string
	Turns          int
	Updated        time.Time
	// Picture is the address of a picture of the position now (the final
	// one of a finished game), PictureAlt its text.
	Picture, PictureAlt string
	PictureHeight       int    // at its width in the list, 64
	PictureStyle        string // the board's style, for the style sheet
}

// Age says how long ago the room changed, briefly.
func (r RoomRow) Age() string { return ago(r.Updated) }

// ago says how long ago t was, briefly ("just now", "7 min ago").
func ago(t time.Time) string {
	d := time.Since(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return t.Format("2 Jan 2006")
}

// OptionField is one input of the lobby form. Games that share an option
// key (two games may both have "size") share one
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
	// DaysLabels are a correspondence clock's days a move ("3 days").
	DaysLabels = daysChoices()
)

func daysChoices() []game.Choice {
	out := make([]game.Choice, len(vocab.Days))
	for i, d := range vocab.Days {
		out[i] = game.Choice{Value: strconv.Itoa(d), Label: vocab.DaysLabel(d)}
	}
	return out
}

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

// AlgorithmChoices are the searches the lobby offers for Difficult: the
// best available, then every search some game's computer players offer.
// The form shows the field only for those games (GamesCSS), and the room
// refuses a search its game has not.
func AlgorithmChoices(games []game.Game) []game.Choice {
	out := []game.Choice{{Value: "", Label: "Best available"}}
	for _, g := range games {
		for _, a := range game.PlayersOf(g).Algorithms() {
			if !slices.ContainsFunc(out, func(c game.Choice) bool { return c.Value == a.Value }) {
				out = append(out, a)
			}
		}
	}
	return out
}

// algorithmGames lists the games whose computer offers a choice of search.
func algorithmGames(games []game.Game) string {
	var ids []string
	for _, g := range games {
		if len(game.PlayersOf(g).Algorithms()) > 0 {
			ids = append(ids, g.ID())
		}
	}
	return strings.Join(ids, " ")
}

// GamesCSS is the lobby form's style rules that name games: each game's
// options and notes show when it is chosen, and the choice of search when
// a computer seat of a game that offers one plays at Difficult. They are
// made from the registry, so that no style sheet lists the games.
func GamesCSS(games []game.Game) string {
	var b strings.Builder
	const chosen = `form:has(input[name=game][value=%s]:checked)`
	for _, g := range games {
		fmt.Fprintf(&b, chosen+" [data-games~=%s] { display: grid; }\n", g.ID(), g.ID())
	}
	for _, g := range games {
		if len(game.PlayersOf(g).Algorithms()) == 0 {
			continue
		}
		for _, when := range []string{
			`:has(select[name=mode] option[value=computer]:checked):has(select[name=level] option[value=difficult]:checked)`,
			`:has(select[name=mode] option[value=watch]:checked):has(select[name=level] option[value=difficult]:checked)`,
			`:has(select[name=mode] option[value=watch]:checked):has(select[name=level_second] option[value=difficult]:checked)`,
		} {
			fmt.Fprintf(&b, chosen+"%s .for-algorithm[data-search-games~=%s] { display: grid; }\n", g.ID(), when, g.ID())
		}
	}
	return b.String()
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

// summary is the game's line for the lobby's card.
func summary(g game.Game) string { return game.ViewOf(g).Summary() }

// cardPictures caches each game's card picture: it never changes.
var cardPictures sync.Map // game id → Picture

// CardPicture is the picture of g on its lobby card: its Showcase, or its
// start with the default options.
func CardPicture(g game.Game) (Picture, bool) {
	if p, ok := cardPictures.Load(g.ID()); ok {
		return p.(Picture), true
	}
	s := game.ShowcaseOf(g)
	if s == nil {
		return Picture{}, false // no picture: the name and the line say enough
	}
	p, _ := cardPictures.LoadOrStore(g.ID(), DrawPicture(g, s))
	return p.(Picture), true
}

// CardPictureURL is the address of g's card picture, naming its version
// so that it may be cached for ever.
func CardPictureURL(g game.Game) string {
	p, ok := CardPicture(g)
	if !ok {
		return ""
	}
	return "/games/" + g.ID() + ".svg?v=" + p.Version
}

// RoomPictureURL is the address of a room's picture in a given version.
func RoomPictureURL(id, version string) string { return "/r/" + id + "/picture.svg?v=" + version }

// cardAlt says what a card's picture shows.
func cardAlt(g game.Game) string {
	p, _ := CardPicture(g)
	return p.Label
}

// cardHeight is the height of a card's picture 140 wide.
func cardHeight(g game.Game) string {
	p, _ := CardPicture(g)
	return strconv.Itoa(PictureHeight(p, 140))
}

// PictureHeight is the height of picture p shown width wide.
func PictureHeight(p Picture, width int) int {
	if p.Width == 0 {
		return width
	}
	return width * p.Height / p.Width
}

// cardStyle is the board style of a card's picture, as a class.
func cardStyle(g game.Game) string {
	p, _ := CardPicture(g)
	return "picture " + p.Style
}

// FormMode is the mode the lobby's form starts at: against the computer,
// so that a newcomer is not left waiting for a friend (a program posting
// no mode still gets vocab.DefaultMode).
const FormMode = vocab.Computer
