package docs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSections(t *testing.T) {
	for _, tc := range []struct{ anchor, heading, contains string }{
		{"amazons", "## 1. Game of the Amazons", "2176"},
		{"kalah", "## 2. Kalah", "store"},
		{"angels", "## 3. Angels & Devils", "Angel"},
		{"bishops", "## 4. Mad Bishops", "bishop"},
		{"demons", "## 5. Angels & Demons", "b2+e5"},
	} {
		s, ok := Section(tc.anchor)
		require.True(t, ok, tc.anchor)
		require.True(t, strings.HasPrefix(s, tc.heading), s[:40])
		require.Contains(t, s, tc.contains)
		require.NotContains(t, s[3:], "\n## ", "one section only")
		require.False(t, strings.HasSuffix(s, "---"), "without the line between sections")
	}
	_, ok := Section("chess")
	require.False(t, ok)
	common := Common()
	require.Len(t, common, 2)
	require.True(t, strings.HasPrefix(common[1], "## Rooms"))
}
