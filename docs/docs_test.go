package docs

import (
	"os"
	"path/filepath"
	"regexp"
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

// TestReferencesResolve reads the project's documents and checks that every
// link and every path they name in backquotes is a file or folder of the
// repository: nothing points outside it, or at something gone.
func TestReferencesResolve(t *testing.T) {
	root := ".."
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	path := regexp.MustCompile("`((?:cmd|game|realtime|web|docs|enginetext|examples|scripts|roombot|rating)/[A-Za-z0-9_./-]*[A-Za-z0-9_/])`")
	files := []string{"README.md", "BENCHMARKS.md", "docs/rules.md", "docs/design.md", "docs/engine-protocol.md", "docs/protocol.md", "docs/ratings.md",
		"game/ai/RESULTS.md", "game/kalah/solve/RESULTS.md", "docs/deploy/README.md", "docs/strength.md"}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(t, err)
		text := string(b)
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			at := filepath.Join(root, filepath.Dir(f), target)
			rel, err := filepath.Rel(root, at)
			require.NoError(t, err)
			require.False(t, strings.HasPrefix(rel, ".."), "%s links to %s, outside the repository", f, target)
			_, err = os.Stat(at)
			require.NoError(t, err, "%s links to %s", f, target)
		}
		for _, m := range path.FindAllStringSubmatch(text, -1) {
			p := strings.TrimSuffix(m[1], "/")
			if strings.ContainsAny(p, "<>*") || strings.Contains(p, "...") {
				continue
			}
			_, err := os.Stat(filepath.Join(root, p))
			require.NoError(t, err, "%s names %s", f, p)
		}
	}
}
