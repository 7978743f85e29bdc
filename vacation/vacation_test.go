package vacation_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/vacation"
)

const day = vacation.Day

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func span(from string, d time.Duration) vacation.Span {
	return vacation.Span{From: at(from), To: at(from).Add(d)}
}

func TestDaysLeftCountsEveryDayBegun(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spans []vacation.Span
		now   string
		want  int
	}{
		{"none taken", nil, "2026-06-01T00:00:00Z", 14},
		{"two hours are a day", []vacation.Span{span("2026-03-01T10:00:00Z", 2*time.Hour)}, "2026-06-01T00:00:00Z", 13},
		{"25 hours are two days", []vacation.Span{span("2026-03-01T10:00:00Z", 25*time.Hour)}, "2026-06-01T00:00:00Z", 12},
		{"exactly three days", []vacation.Span{span("2026-03-01T10:00:00Z", 3*day)}, "2026-06-01T00:00:00Z", 11},
		{"last year's do not count", []vacation.Span{span("2025-12-01T00:00:00Z", 10*day)}, "2026-06-01T00:00:00Z", 14},
		{"under way: the days begun so far", []vacation.Span{span("2026-06-01T00:00:00Z", 10*day)}, "2026-06-03T01:00:00Z", 11},
		// Days begin on 30 and 31 December, then 1, 2 and 3 January: three in 2026.
		{"across New Year: each day in the year it begins", []vacation.Span{span("2025-12-30T12:00:00Z", 5*day)}, "2026-02-01T00:00:00Z", 11},
		{"used up", []vacation.Span{span("2026-01-01T00:00:00Z", 14*day), span("2026-05-01T00:00:00Z", time.Hour)}, "2026-06-01T00:00:00Z", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, vacation.DaysLeft(tc.spans, at(tc.now)))
		})
	}
}

func TestPlanEndsWhenTheDaysRunOut(t *testing.T) {
	for _, tc := range []struct {
		name    string
		past    []vacation.Span
		now     string
		want    vacation.Span
		wantErr error
	}{
		{"the whole year's days", nil, "2026-06-01T08:00:00Z", span("2026-06-01T08:00:00Z", 14*day), nil},
		{"what is left", []vacation.Span{span("2026-03-01T10:00:00Z", 30*time.Hour)}, "2026-06-01T08:00:00Z",
			span("2026-06-01T08:00:00Z", 12*day), nil},
		{"across New Year, the next year's days follow", []vacation.Span{span("2026-03-01T00:00:00Z", 12*day)}, "2026-12-31T12:00:00Z",
			// one day begins in 2026 (the last left but one: two were left, one is spent), then 14 in 2027
			span("2026-12-31T12:00:00Z", 15*day), nil},
		{"no days left", []vacation.Span{span("2026-01-05T00:00:00Z", 14*day)}, "2026-06-01T08:00:00Z", vacation.Span{}, vacation.ErrNoDaysLeft},
		{"a new year's days after the old year's were used", []vacation.Span{span("2026-01-05T00:00:00Z", 14*day)}, "2027-01-01T00:00:00Z",
			span("2027-01-01T00:00:00Z", 14*day), nil},
		{"already away", []vacation.Span{span("2026-06-01T00:00:00Z", 3*day)}, "2026-06-02T00:00:00Z", vacation.Span{}, vacation.ErrAway},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := vacation.Plan(tc.past, at(tc.now))
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.True(t, tc.want.From.Equal(got.From) && tc.want.To.Equal(got.To), "got %v – %v, want %v – %v", got.From, got.To, tc.want.From, tc.want.To)
		})
	}
}

func TestStopEndsTheVacationUnderWay(t *testing.T) {
	past := []vacation.Span{span("2026-06-01T00:00:00Z", 5*day)}
	got, err := vacation.Stop(past, at("2026-06-02T03:00:00Z"))
	require.NoError(t, err)
	assert.Equal(t, 27*time.Hour, got.Len())
	assert.Equal(t, 12, vacation.DaysLeft([]vacation.Span{got}, at("2026-07-01T00:00:00Z")), "27 hours are two days")

	_, err = vacation.Stop(past, at("2026-06-07T00:00:00Z"))
	require.ErrorIs(t, err, vacation.ErrNotAway, "it ended by itself")
}

func TestTheClockStandsStillWhileAway(t *testing.T) {
	from := at("2026-06-01T00:00:00Z")
	wait := 3 * day
	for _, tc := range []struct {
		name     string
		away     []vacation.Span
		deadline time.Time
		// left at the moment probe
		probe time.Time
		left  time.Duration
	}{
		{"no vacation", nil, from.Add(3 * day), from.Add(day), 2 * day},
		{"a vacation in the turn moves the deadline by its length",
			[]vacation.Span{span("2026-06-02T00:00:00Z", 2*day)}, from.Add(5 * day), at("2026-06-03T00:00:00Z"), 2 * day},
		{"the time when it began is the time when it ends",
			[]vacation.Span{span("2026-06-02T00:00:00Z", 2*day)}, from.Add(5 * day), at("2026-06-04T00:00:00Z"), 2 * day},
		{"a vacation begun before the turn: the clock starts at its end",
			[]vacation.Span{span("2026-05-30T00:00:00Z", 4*day)}, at("2026-06-06T00:00:00Z"), at("2026-06-02T12:00:00Z"), 3 * day},
		{"a vacation after the deadline changes nothing",
			[]vacation.Span{span("2026-06-05T00:00:00Z", 2*day)}, from.Add(3 * day), from.Add(4 * day), 0},
		{"two vacations add up", []vacation.Span{span("2026-06-01T12:00:00Z", 12*time.Hour), span("2026-06-02T12:00:00Z", day)},
			from.Add(3*day + 36*time.Hour), at("2026-06-03T12:00:00Z"), 2 * day},
		{"two movers' vacations overlap once", []vacation.Span{span("2026-06-02T00:00:00Z", day), span("2026-06-02T12:00:00Z", day)},
			from.Add(3*day + 36*time.Hour), at("2026-06-04T00:00:00Z"), 2*day - 12*time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := vacation.Deadline(from, wait, tc.away)
			assert.True(t, tc.deadline.Equal(got), "deadline %v, want %v", got, tc.deadline)
			assert.Equal(t, tc.left, vacation.Left(from, wait, tc.away, tc.probe))
			assert.Zero(t, vacation.Left(from, wait, tc.away, got), "nothing is left at the deadline")
		})
	}
}
