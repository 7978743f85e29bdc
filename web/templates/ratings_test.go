package templates

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRatingChartSpreadsAMorning: fourteen games in one morning, after a
// first game a month before, spread over most of the chart's width (drawn
// over time they took 5% of it: issue 42).
func TestRatingChartSpreadsAMorning(t *testing.T) {
	morning := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	points := []ChartPoint{{Series: "Kalah · Bullet", Rating: 1520, At: morning.AddDate(0, -1, 0)}}
	for i := range 14 {
		points = append(points, ChartPoint{Series: "Kalah · Bullet", Rating: 1500 + float64(i%3)*10, At: morning.Add(time.Duration(i) * 3 * time.Minute)})
	}
	c := NewRatingChart(points, true, 1500)
	var xs []float64
	for _, p := range strings.Fields(c.Lines[0].Points) {
		x, err := strconv.ParseFloat(strings.Split(p, ",")[0], 64)
		require.NoError(t, err)
		xs = append(xs, x)
	}
	morningXs := xs[len(xs)-14:]
	require.GreaterOrEqual(t, morningXs[13]-morningXs[0], 0.75*(c.Right-c.Left), "the morning's games over most of the width")
	require.Equal(t, []string{"Start", "Game 15"}, []string{c.From, c.To})
}
