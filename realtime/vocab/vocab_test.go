package vocab

import (
	"testing"
	"time"

	"boardroom/game"

	"github.com/stretchr/testify/require"
)

func TestModes(t *testing.T) {
	tests := []struct {
		mode         Mode
		label, short string
	}{
		{Friend, "Online against a friend", "Online"},
		{Hotseat, "Two players at this screen", "Hotseat"},
		{Computer, "Against the computer", "Against the computer"},
		{Watch, "Computer against computer", "Computer against computer"},
	}
	var all []Mode
	for _, tc := range tests {
		require.Equal(t, tc.label, tc.mode.Label())
		require.Equal(t, tc.short, tc.mode.Short())
		require.True(t, tc.mode.Valid())
		all = append(all, tc.mode)
	}
	require.Equal(t, all, Modes())
	require.False(t, Mode("chess").Valid())
	require.False(t, Mode("").Valid())
}

func TestClocks(t *testing.T) {
	tests := []struct {
		clock       Clock
		name, label string
		period      time.Duration
	}{
		{NoClock, "No clock", "No clock", 0},
		{BulletClock, "Bullet", "Bullet · 10 s a move", 10 * time.Second},
		{FastClock, "Fast", "Fast · 30 s a move", 30 * time.Second},
		{SlowClock, "Slow", "Slow · 60 s a move", 60 * time.Second},
		{CorrespondenceClock, "Correspondence", "Correspondence · days a move", 0},
	}
	var all []Clock
	for _, tc := range tests {
		require.Equal(t, tc.name, tc.clock.Name())
		require.Equal(t, tc.label, tc.clock.Label())
		require.Equal(t, tc.period, tc.clock.Period())
		require.True(t, tc.clock.Valid())
		all = append(all, tc.clock)
	}
	require.Equal(t, all, Clocks())
	require.False(t, Clock("blitz").Valid())
	require.Zero(t, Clock("blitz").Period())
}

func TestClockDays(t *testing.T) {
	tests := []struct {
		name  string
		clock Clock
		field string
		days  int
		err   string
	}{
		{"correspondence with days", CorrespondenceClock, "7", 7, ""},
		{"correspondence without days has the default", CorrespondenceClock, "", DefaultDays, ""},
		{"fourteen days", CorrespondenceClock, "14", 14, ""},
		{"days not offered", CorrespondenceClock, "4", 0, "days must be one of 1, 2, 3, 5, 7, 14"},
		{"zero days", CorrespondenceClock, "0", 0, "days must be one of"},
		{"not a number", CorrespondenceClock, "three", 0, "whole number"},
		{"another clock has none", FastClock, "", 0, ""},
		{"another clock with days", FastClock, "3", 0, "days a move are for the correspondence clock"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			days, err := ParseDays(tc.clock, tc.field)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.days, days)
			require.Equal(t, time.Duration(days)*24*time.Hour, CorrespondenceClock.PeriodOf(days))
		})
	}
	require.Equal(t, 30*time.Second, FastClock.PeriodOf(5), "days count only for correspondence")
}

func TestLeft(t *testing.T) {
	tests := []struct {
		left time.Duration
		want string
	}{
		{2*Day + 5*time.Hour + 30*time.Minute, "2 days 5 h"},
		{Day + time.Hour, "1 day 1 h"},
		{5*time.Hour + 12*time.Minute + 59*time.Second, "5 h 12 min"},
		{12*time.Minute + 5*time.Second, "12 min 5 s"},
		{-time.Second, "0 min 0 s"},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, Left(tc.left), tc.left.String())
	}
}

func TestPaces(t *testing.T) {
	tests := []struct {
		pace  Pace
		label string
		delay time.Duration
	}{
		{FastPace, "Fast · a move every ¼ s", 250 * time.Millisecond},
		{NormalPace, "Normal · a move a second", time.Second},
		{SlowPace, "Slow · a move every 3 s", 3 * time.Second},
	}
	var all []Pace
	for _, tc := range tests {
		require.Equal(t, tc.label, tc.pace.Label())
		require.Equal(t, tc.delay, tc.pace.Delay())
		require.True(t, tc.pace.Valid())
		all = append(all, tc.pace)
	}
	require.Equal(t, all, Paces())
	require.False(t, Pace("").Valid())
}

func TestSeatChoices(t *testing.T) {
	tests := []struct {
		seat  SeatChoice
		label string
	}{
		{FirstSeat, "First seat (moves first)"}, {SecondSeat, "Second seat"}, {RandomSeat, "Random"},
	}
	var all []SeatChoice
	for _, tc := range tests {
		require.Equal(t, tc.label, tc.seat.Label())
		require.True(t, tc.seat.Valid())
		all = append(all, tc.seat)
	}
	require.Equal(t, all, SeatChoices())
	require.False(t, SeatChoice("third").Valid())
}

// TestLevelsAreTheGames checks that the named levels are game.Levels', the
// one list of the computer's levels.
func TestLevelsAreTheGames(t *testing.T) {
	require.Equal(t, []Level{Beginner, Medium, Difficult}, Levels())
	for i, l := range Levels() {
		require.Equal(t, game.Levels[i].Label, l.Label())
		require.True(t, l.Valid())
	}
	require.False(t, Level("grandmaster").Valid())
	require.Equal(t, "", Level("grandmaster").Label())
}

func TestActions(t *testing.T) {
	for _, a := range Actions() {
		got, ok := ParseAction(string(a))
		require.True(t, ok, a)
		require.Equal(t, a, got)
	}
	for _, text := range []string{"", "fly", "Join", "replay-"} {
		_, ok := ParseAction(text)
		require.False(t, ok, text)
	}
	require.True(t, ReplayExit.IsReplay())
	require.False(t, Rematch.IsReplay())
}

func TestProposals(t *testing.T) {
	tests := []struct {
		action       Action
		proposal     Proposal
		text, made   string
		acceptButton string
	}{
		{Undo, TakebackProposal, "Ann asks to take back their last move.", "You asked for a takeback — waiting for Bob.", "Accept takeback"},
		{NewGame, NewGameProposal, "Ann proposes a new game.", "You proposed a new game — waiting for Bob.", "Accept new game"},
		{Save, SaveProposal, "Ann proposes to save the game.", "You proposed to save the game — waiting for Bob.", "Accept saving"},
		{Load, LoadProposal, "Ann proposes to load the saved game.", "You proposed to load the saved game — waiting for Bob.", "Accept loading"},
		{Rematch, RematchProposal, "Ann offers a rematch.", "You offered a rematch — waiting for Bob.", "Accept rematch"},
		{OfferDraw, DrawProposal, "Ann offers a draw.", "You offered a draw — waiting for Bob.", "Accept draw"},
	}
	for _, tc := range tests {
		p, ok := ProposalOf(tc.action)
		require.True(t, ok)
		require.Equal(t, tc.proposal, p)
		require.Equal(t, tc.action, p.Action())
		require.Equal(t, tc.text, p.Text("Ann"))
		require.Equal(t, tc.made, p.MadeText("Bob"))
		require.Equal(t, tc.acceptButton, p.AcceptLabel())
	}
	_, ok := ProposalOf(Redo)
	require.False(t, ok)
}
