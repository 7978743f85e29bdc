package enginetext

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"boardroom/game"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serve runs Serve on a script and returns its replies.
func serve(t *testing.T, cfg Config, lines ...string) []string {
	t.Helper()
	var out strings.Builder
	require.NoError(t, Serve(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, cfg))
	return replies(out.String())
}

func TestServeScripts(t *testing.T) {
	board := func(id string, opts map[string]string, moves ...string) string {
		g, err := game.Lookup(id)
		require.NoError(t, err)
		st, err := g.New(opts)
		require.NoError(t, err)
		require.NoError(t, game.PlayTurns(st, moves...))
		return "=\n" + strings.TrimSuffix(st.Render(), "\n")
	}
	kalahBoard := func(moves ...string) string {
		return board("kalah", map[string]string{"houses": "4", "seeds": "3"}, moves...)
	}
	tests := []struct {
		name  string
		cfg   Config
		lines []string
		want  []string // each reply: exact text, or a regexp when it starts with ~
	}{
		{
			name:  "handshake",
			cfg:   Config{},
			lines: []string{"name", "protocol_version", "list_commands"},
			want: []string{"= Boardroom difficult", "= 1",
				"= name protocol_version list_commands game play genmove time level undo show legal result quit"},
		},
		{
			name:  "a name of its own",
			cfg:   Config{Name: "Tester 1.0", Level: "medium"},
			lines: []string{"name"},
			want:  []string{"= Tester 1.0"},
		},
		{
			name: "kalah from the command",
			cfg:  Config{Level: "beginner"},
			lines: []string{"game kalah houses=4 seeds=3", "legal", "play 2", "legal", "show",
				"undo", "show", "play 3", "play 1", "result"},
			// 2 ends in the store: P1 moves again.
			want: []string{"=", "= 1 2 3 4", "=", "= 1 3 4", kalahBoard("2"),
				"=", kalahBoard(), "=", "=", "= none"},
		},
		{
			name:  "blank and comment lines get no reply; case and spaces do not matter",
			cfg:   Config{Game: "kalah", Level: "beginner"},
			lines: []string{"", "# a comment", "   ", "\tNAME ", "  play\t 3  ", "legal"},
			want:  []string{"= Boardroom beginner", "=", "= 1 2 4 5 6"},
		},
		{
			name:  "refusals",
			cfg:   Config{Game: "kalah", Level: "beginner"},
			lines: []string{"fly", "play", "play 9", "play 0x3", "genmove 3", "genmove P2", "undo", "time soon", "time 0", "level expert", "level difficult mcts", "game chess", "game kalah houses=99", "game kalah colour", "name please", "legal P2", "show board", "result now"},
			want: []string{
				`~^\? unknown command "fly" \(the commands: name, `,
				`~^\? play needs a move: \(1-6\) - house number for move$`,
				`~^\? bad notation: "9" is not a house number 1-6$`,
				`~^\? bad notation: "0x3"`,
				`~^\? "3" is not a seat of Kalah \(P1 or 1, P2 or 2\)$`,
				`~^\? P2 is not to move: P1 is to move$`,
				`~^\? nothing to undo`,
				`~^\? time must be a whole number of milliseconds from 1 to 3600000, got "soon"$`,
				`~^\? time must be`,
				`~^\? unknown level "expert"`,
				`~^\? bad option: unknown algorithm "mcts" for Kalah \(alphabeta, minimax\)$`,
				`~^\? unknown game "chess" \(known: amazons, kalah, `,
				`~^\? bad option: houses must be from 1 to 12, got 99$`,
				`~^\? bad option: "colour" is not key=value$`,
				`~^\? name takes no arguments`,
				`~^\? P2 is not to move`,
				`~^\? show takes no arguments`,
				`~^\? result takes no arguments`,
			},
		},
		{
			name:  "no game yet",
			cfg:   Config{},
			lines: []string{"play 3", "genmove", "show", "legal", "result", "undo", "level medium", "time 50"},
			want: []string{`~^\? no game yet: start one with game GAME before play \(games: amazons, `,
				`~^\? no game yet`, `~^\? no game yet`, `~^\? no game yet`, `~^\? no game yet`, `~^\? no game yet`, "=", "="},
		},
		{
			name:  "genmove plays its move",
			cfg:   Config{Game: "kalah", Options: map[string]string{"houses": "3", "seeds": "1"}, Level: "beginner"},
			lines: []string{"genmove", "undo", "genmove 1", "genmove P2", "genmove", "undo", "undo", "undo"},
			// Beginner prefers an extra turn: house 3 sows into the store,
			// and P1 moves again; then a capture: house 2 into empty 3.
			want: []string{"= 3", "=", "= 3", `~^\? P2 is not to move: P1 is to move$`, "= 2", "=", "=", `~^\? nothing to undo`},
		},
		{
			name: "angels and demons: genmove needs a seat and plays nothing",
			cfg:  Config{Game: "demons", Options: map[string]string{"turns": "1"}, Level: "beginner"},
			lines: []string{"genmove", "genmove angels", "genmove 2", "legal", "result", "play b2", "play b2+e5",
				"result", "legal", "genmove Angels", "undo", "result"},
			want: []string{`~^\? a simultaneous turn: say whose choice, genmove Angels or genmove Demons$`,
				"~^= [a-h][1-8]$", "~^= [a-h][1-8]$",
				"= b8 d8 f8 h8 a7 c7 e7 g7 b6 d6 f6 h6 a5 c5 e5 g5 b4 d4 f4 h4 a3 c3 e3 g3 b2 d2 f2 h2 a1 c1 e1 g1",
				"= none", `~^\? bad notation: a simultaneous turn is written A\+B, got "b2"$`, "=",
				"= draw 4 4 equal squares", "=", `~^\? the game is over \(equal squares\)$`, "=", "= none"},
		},
		{
			name:  "a game that ends",
			cfg:   Config{Game: "kalah", Options: map[string]string{"houses": "1", "seeds": "1"}},
			lines: []string{"play 1", "result", "genmove", "play 1", "legal"},
			// The seed ends in the store, and P1 has none left to move.
			want: []string{"=", "= draw 1 1 houses empty", `~^\? the game is over`, `~^\? the game is over: no move after the end`, "="},
		},
		{
			name:  "spaces inside a move",
			cfg:   Config{Game: "angels", Options: map[string]string{"size": "7"}, Level: "beginner"},
			lines: []string{"play 4 , 5", "legal Devil", "play  1,1 ", "play 1,7", "undo", "undo", "show"},
			want: []string{"=", "~^= 1,1 1,2 1,3 ", "=", `~^\? illegal move: 1,7 is out of the Angel's reach \(power 1\)$`, "=", "=",
				board("angels", map[string]string{"size": "7"})},
		},
		{
			name:  "quit ends the session",
			cfg:   Config{},
			lines: []string{"quit", "name"},
			want:  []string{"="},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := serve(t, tc.cfg, tc.lines...)
			require.Len(t, got, len(tc.want), "%q", got)
			for i, want := range tc.want {
				if re, ok := strings.CutPrefix(want, "~"); ok {
					assert.Regexp(t, regexp.MustCompile(re), got[i], "reply %d", i+1)
				} else {
					assert.Equal(t, want, got[i], "reply %d", i+1)
				}
			}
		})
	}
}

func TestServeRefusesABadConfig(t *testing.T) {
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Game: "chess"}, `unknown game "chess"`},
		{Config{Game: "kalah", Options: map[string]string{"houses": "0"}}, "houses must be from 1 to 12"},
		{Config{Level: "grandmaster"}, `unknown level "grandmaster"`},
		{Config{Game: "kalah", Algorithm: "mcts"}, `unknown algorithm "mcts" for Kalah`},
		{Config{Budget: -time.Second}, "the time a move must be"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			var out strings.Builder
			err := Serve(strings.NewReader("name\n"), &out, tc.cfg)
			require.ErrorContains(t, err, tc.want)
			require.Empty(t, out.String(), "nothing is answered")
		})
	}
}

func TestServeLongLineIsRefused(t *testing.T) {
	long := "play " + strings.Repeat("1", MaxLine+10)
	got := serve(t, Config{Game: "kalah"}, long, "legal")
	require.Equal(t, []string{"? line too long: at most 65536 bytes", "= 1 2 3 4 5 6"}, got)
}

func TestServeAmazonsAlgorithmAndTime(t *testing.T) {
	got := serve(t, Config{Game: "amazons"}, "level difficult mcts", "time 30", "name", "genmove", "level medium banana")
	require.Len(t, got, 5)
	require.Equal(t, []string{"=", "=", "= Boardroom difficult:mcts"}, got[:3])
	require.Regexp(t, `^= [a-j]\d+-[a-j]\d+/[a-j]\d+$`, got[3])
	require.Regexp(t, `^\? `, got[4])
}

// TestRefusalsChangeNothing sends bad commands mid-game and checks that the
// position, its history and the level stay as they were.
func TestRefusalsChangeNothing(t *testing.T) {
	for _, id := range game.IDs() {
		t.Run(id, func(t *testing.T) {
			e, err := newEngine(Config{Game: id, Level: "beginner", Seed: 7})
			require.NoError(t, err)
			for range 3 {
				if len(e.s.ToMove()) == 1 {
					rep, _, _ := e.handle("genmove")
					require.True(t, rep.ok, rep.text)
				}
			}
			before, depth, level := e.s.Encode(), len(e.history), e.level
			for _, line := range badLines {
				rep, quit, ignored := e.handle(line)
				require.False(t, ignored || quit, line)
				require.False(t, rep.ok, "%q got %q", line, rep.text)
				require.NotContains(t, rep.text, "\n", line)
				require.Equal(t, before, e.s.Encode(), line)
				require.Equal(t, depth, len(e.history), line)
				require.Equal(t, level, e.level, line)
			}
		})
	}
}

// badLines are refused in every game's opening.
var badLines = []string{
	"fly", "play", "play z99", "play a1-a1/a1", "play 1+2+3", "play \x00", "play 99", "play 13,13,13",
	"genmove Nobody", "genmove 1 2", "genmove 0", "level", "level difficult a b", "level expert",
	"time", "time -5", "time 99999999999", "game", "game chess", "game kalah houses=0", "game kalah =",
	"undo now", "show me", "legal 3", "legal 1 2", "result please", "name please", "play é",
	"\x1b[31mplay", strings.Repeat("x", 1000),
}
