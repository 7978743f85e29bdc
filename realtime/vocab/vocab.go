// Package vocab is the vocabulary of a room: how it is played (Mode), its
// move clock (Clock), the pace of computer against computer (Pace), who
// holds a seat (SeatKind) and which seat a creator asks for (SeatChoice),
// the computer's level (Level), what a page may ask of the room (Action) and
// the proposals one player makes to the other (Proposal).
//
// Each is a type defined here once, with its values, what the pages call
// them and what they mean in time (a clock's period, a pace's delay), so
// that the rooms, the store, the lobby and the pages cannot drift apart.
// The values are the words on the wire and on disk; they never change.
package vocab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"boardroom/game"
)

// Mode is how a room is played.
type Mode string

// The modes a room may be created with.
const (
	Friend   Mode = "friend"   // two people, each on their own page
	Hotseat  Mode = "hotseat"  // two people at one screen
	Computer Mode = "computer" // a person against the computer
	Watch    Mode = "watch"    // computer against computer
)

// DefaultMode is the lobby form's mode when none is sent.
const DefaultMode = Friend

type modeInfo struct {
	mode Mode
	// label is the lobby form's name, short the lobby lists'.
	label, short string
}

var modes = []modeInfo{
	{Friend, "Online against a friend", "Online"},
	{Hotseat, "Two players at this screen", "Hotseat"},
	{Computer, "Against the computer", "Against the computer"},
	{Watch, "Computer against computer", "Computer against computer"},
}

// Modes lists the modes in the lobby's order.
func Modes() []Mode { return values(modes, func(i modeInfo) Mode { return i.mode }) }

func (m Mode) info() modeInfo { return lookup(modes, func(i modeInfo) bool { return i.mode == m }) }

// Label is what the lobby form calls the mode ("Online against a friend").
func (m Mode) Label() string { return m.info().label }

// Short is what the lobby's lists call the mode ("Online").
func (m Mode) Short() string { return m.info().short }

// Valid reports whether m is one of Modes.
func (m Mode) Valid() bool { return m.info().mode == m && m != "" }

// Clock is a room's move clock: how long a seat has for each move.
type Clock string

// The move clocks a room may be created with.
const (
	NoClock     Clock = "none"
	BulletClock Clock = "bullet"
	FastClock   Clock = "fast"
	SlowClock   Clock = "slow"
	// CorrespondenceClock is play across days: a number of days a move
	// (Days), kept by the wall clock whether or not the room runs.
	CorrespondenceClock Clock = "correspondence"
)

// DefaultClock is the lobby form's clock when none is sent.
const DefaultClock = NoClock

type clockInfo struct {
	clock  Clock
	name   string
	period time.Duration
}

var clocks = []clockInfo{
	{NoClock, "No clock", 0},
	{BulletClock, "Bullet", 10 * time.Second},
	{FastClock, "Fast", 30 * time.Second},
	{SlowClock, "Slow", 60 * time.Second},
	{CorrespondenceClock, "Correspondence", 0}, // its period is its Days'
}

// Days are the days a move a correspondence clock may give.
var Days = []int{1, 2, 3, 5, 7, 14}

// DefaultDays is the lobby form's days a move when none is sent.
const DefaultDays = 3

// Day is a correspondence clock's unit.
const Day = 24 * time.Hour

// ClockDays checks the days a move sent with clock (the lobby form's,
// a challenge's): a correspondence clock needs one of Days, every other
// clock none (0). It returns the days the room keeps: 0 unless
// correspondence.
func ClockDays(clock Clock, days int) (int, error) {
	if clock != CorrespondenceClock {
		if days != 0 {
			return 0, fmt.Errorf("days a move are for the correspondence clock, not %q", clock)
		}
		return 0, nil
	}
	if !slices.Contains(Days, days) {
		return 0, fmt.Errorf("days must be one of %s for a correspondence clock, not %d", listInts(Days), days)
	}
	return days, nil
}

// ParseDays reads the days field of a form ("": none).
func ParseDays(clock Clock, field string) (int, error) {
	days := 0
	if field != "" {
		n, err := strconv.Atoi(field)
		if err != nil {
			return 0, fmt.Errorf("days must be a whole number, not %q", field)
		}
		days = n
	}
	if clock == CorrespondenceClock && field == "" {
		days = DefaultDays
	}
	return ClockDays(clock, days)
}

func listInts(all []int) string {
	out := make([]string, len(all))
	for i, v := range all {
		out[i] = strconv.Itoa(v)
	}
	return strings.Join(out, ", ")
}

// PeriodOf is the time a seat has for each move on clock c with days a
// move (a correspondence clock's; ignored by the others).
func (c Clock) PeriodOf(days int) time.Duration {
	if c == CorrespondenceClock {
		return time.Duration(days) * Day
	}
	return c.Period()
}

// NameDays is the clock's name with a correspondence clock's days a move
// ("Correspondence · 3 days"; "Fast" for the others, whatever days).
func (c Clock) NameDays(days int) string {
	if c == CorrespondenceClock {
		return c.Name() + " · " + DaysLabel(days)
	}
	return c.Name()
}

// Correspondence reports whether c is kept across days.
func (c Clock) Correspondence() bool { return c == CorrespondenceClock }

// DaysLabel names days a move ("1 day", "3 days").
func DaysLabel(days int) string {
	if days == 1 {
		return "1 day"
	}
	return strconv.Itoa(days) + " days"
}

// Left says the time left on a correspondence clock in days and hours
// ("2 days 5 h"), or hours and minutes under a day ("5 h 12 min"), or
// minutes and seconds under an hour ("12 min 5 s").
func Left(d time.Duration) string {
	d = max(d, 0)
	switch {
	case d >= Day:
		days, hours := int(d/Day), int(d%Day/time.Hour)
		return fmt.Sprintf("%s %d h", DaysLabel(days), hours)
	case d >= time.Hour:
		return fmt.Sprintf("%d h %d min", int(d/time.Hour), int(d%time.Hour/time.Minute))
	default:
		return fmt.Sprintf("%d min %d s", int(d/time.Minute), int(d%time.Minute/time.Second))
	}
}

// Clocks lists the move clocks in the lobby's order, no clock first.
func Clocks() []Clock { return values(clocks, func(i clockInfo) Clock { return i.clock }) }

func (c Clock) info() clockInfo {
	return lookup(clocks, func(i clockInfo) bool { return i.clock == c })
}

// Period is the time a seat has for each move; 0 for no clock (and for a
// correspondence clock, whose period is its days': PeriodOf).
func (c Clock) Period() time.Duration { return c.info().period }

// Name is the clock's name ("Bullet", "No clock").
func (c Clock) Name() string { return c.info().name }

// Label is what the lobby form calls the clock ("Bullet · 10 s a move",
// "Correspondence · days a move").
func (c Clock) Label() string {
	i := c.info()
	if c == CorrespondenceClock {
		return i.name + " · days a move"
	}
	if i.period == 0 {
		return i.name
	}
	return fmt.Sprintf("%s · %d s a move", i.name, i.period/time.Second)
}

// Valid reports whether c is one of Clocks.
func (c Clock) Valid() bool { return c.info().clock == c && c != "" }

// ComputerName is how every page names the computer playing at a level
// ("Computer · Medium"): a computer seat and a house bot (the same
// computer, rated under an account of its own) alike. An outside program
// is not Boardroom's computer: it goes by its own name ("Fairy-Stockfish").
func ComputerName(level string) string {
	if level == FairyStockfish.Label() {
		return level
	}
	return "Computer · " + level
}

// Pace is the speed of computer against computer.
type Pace string

// The paces of computer against computer.
const (
	FastPace   Pace = "fast"
	NormalPace Pace = "normal"
	SlowPace   Pace = "slow"
)

// DefaultPace is the pace of a room created with none.
const DefaultPace = NormalPace

type paceInfo struct {
	pace  Pace
	label string
	delay time.Duration
}

var paces = []paceInfo{
	{FastPace, "Fast · a move every ¼ s", 250 * time.Millisecond},
	{NormalPace, "Normal · a move a second", time.Second},
	{SlowPace, "Slow · a move every 3 s", 3 * time.Second},
}

// Paces lists the paces, fastest first.
func Paces() []Pace { return values(paces, func(i paceInfo) Pace { return i.pace }) }

func (p Pace) info() paceInfo { return lookup(paces, func(i paceInfo) bool { return i.pace == p }) }

// Delay is the least time between two moves at this pace; 0 for no pace.
func (p Pace) Delay() time.Duration { return p.info().delay }

// Label is what the lobby form calls the pace ("Fast · a move every ¼ s").
func (p Pace) Label() string { return p.info().label }

// Valid reports whether p is one of Paces.
func (p Pace) Valid() bool { return p.info().pace == p && p != "" }

// SeatKind says who holds a seat.
type SeatKind string

// The kinds of seat holder. A Human seat may be played by a program: an
// engine client (Seat.Engine) or a bot account (Seat.BotAccount). A
// ComputerSeat is played by the server's own search at a level, under an
// account only for a house bot. Its stored value stays "bot" (the rooms in
// databases, the JSON of docs/protocol.md).
const (
	Free         SeatKind = ""      // nobody yet: a friend may join
	Human        SeatKind = "human" // a person, by the token in their cookie
	ComputerSeat SeatKind = "bot"   // the server's computer player
)

// SeatChoice is the seat a room's creator asks for.
type SeatChoice string

// The seats a creator may ask for.
const (
	FirstSeat  SeatChoice = "first"
	SecondSeat SeatChoice = "second"
	RandomSeat SeatChoice = "random"
)

// DefaultSeat is the lobby form's seat when none is sent.
const DefaultSeat = FirstSeat

type seatInfo struct {
	seat  SeatChoice
	label string
}

var seatChoices = []seatInfo{
	{FirstSeat, "First seat (moves first)"},
	{SecondSeat, "Second seat"},
	{RandomSeat, "Random"},
}

// SeatChoices lists the seats a creator may ask for.
func SeatChoices() []SeatChoice {
	return values(seatChoices, func(i seatInfo) SeatChoice { return i.seat })
}

// Label is what the lobby form calls the choice ("Second seat").
func (s SeatChoice) Label() string {
	return lookup(seatChoices, func(i seatInfo) bool { return i.seat == s }).label
}

// Valid reports whether s is one of SeatChoices.
func (s SeatChoice) Valid() bool { return slices.Contains(SeatChoices(), s) }

// Level is how well the computer plays. Its values and labels are the
// game's (game.Levels), which the computer players are made for.
type Level string

// The levels, as game.Levels has them.
const (
	Beginner  Level = "beginner"
	Medium    Level = "medium"
	Difficult Level = "difficult"
)

// DefaultLevel is the lobby form's level when none is sent.
const DefaultLevel = Beginner

// FairyStockfish is the level of the house bot that an outside program
// plays (Fairy-Stockfish, enginetext/fairystockfish): not one of the
// computer's own levels, so not offered by the lobby's form, and not
// Valid.
const FairyStockfish Level = "fairy-stockfish"

// Levels lists the levels, weakest first.
func Levels() []Level {
	return values(game.Levels, func(c game.Choice) Level { return Level(c.Value) })
}

// Label is what the pages call the level ("Difficult").
func (l Level) Label() string {
	if l == FairyStockfish {
		return "Fairy-Stockfish"
	}
	return lookup(game.Levels, func(c game.Choice) bool { return c.Value == string(l) }).Label
}

// Valid reports whether l is one of Levels.
func (l Level) Valid() bool { return slices.Contains(Levels(), l) }

// List joins values for an error message ("friend, hotseat, computer, watch").
func List[T ~string](all []T) string {
	out := make([]string, len(all))
	for i, v := range all {
		out[i] = string(v)
	}
	return strings.Join(out, ", ")
}

func values[E any, T any](table []E, value func(E) T) []T {
	out := make([]T, len(table))
	for i, e := range table {
		out[i] = value(e)
	}
	return out
}

// lookup returns the entry that matches, or the zero entry.
func lookup[E any](table []E, match func(E) bool) E {
	if i := slices.IndexFunc(table, match); i >= 0 {
		return table[i]
	}
	var zero E
	return zero
}
