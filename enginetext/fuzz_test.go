package enginetext

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzEngineLine sends any line to an engine in the middle of a game: it
// never panics, answers = or ? on one reply's worth of lines, and a refusal
// changes nothing.
func FuzzEngineLine(f *testing.F) {
	for _, s := range append(badLines, "play 3", "genmove", "undo", "legal", "show", "result", "game demons turns=2",
		"game angels size=5 power=2", "level medium", "time 5", "play b2+e5", "genmove 2", "# note", "", "quit") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n") {
			return // one line at a time, as Serve reads them
		}
		e, err := newEngine(Config{Game: "kalah", Options: map[string]string{"houses": "4", "seeds": "2"}, Level: "beginner"})
		require.NoError(t, err)
		for _, move := range []string{"play 1", "play 3"} {
			rep, _, _ := e.handle(move)
			require.True(t, rep.ok, rep.text)
		}
		before, depth, level, budget := e.s.Encode(), len(e.history), e.level, e.budget
		rep, _, ignored := e.handle(line)
		if ignored {
			require.Equal(t, before, e.s.Encode())
			return
		}
		var out strings.Builder
		require.NoError(t, writeReply(&out, rep.ok, rep.text))
		got := replies(out.String())
		require.Len(t, got, 1, "one reply: %q", out.String())
		if rep.ok {
			require.True(t, strings.HasPrefix(got[0], "="), got[0])
			return
		}
		require.True(t, strings.HasPrefix(got[0], "? "), got[0])
		require.NotContains(t, got[0], "\n")
		require.Equal(t, before, e.s.Encode(), "a refusal changes nothing")
		require.Equal(t, depth, len(e.history))
		require.Equal(t, level, e.level)
		require.Equal(t, budget, e.budget)
	})
}
