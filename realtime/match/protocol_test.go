package match

import (
	"strings"
	"testing"
	"unicode/utf8"

	"boardroom/game"
	"boardroom/realtime/vocab"

	"github.com/stretchr/testify/require"
)

func TestDecodeMessage(t *testing.T) {
	tests := []struct {
		in      string
		want    Message
		wantErr string
	}{
		{`{"cell":"1,2"}`, Message{Cell: game.Cell{Row: 1, Col: 2}, HasCell: true}, ""},
		{`{"cell":"0,13","HEADERS":{"HX-Request":"true","HX-Trigger":null}}`, Message{Cell: game.Cell{Row: 0, Col: 13}, HasCell: true}, ""},
		{`{"action":"undo"}`, Message{Action: "undo"}, ""},
		{` {"action":"replay-play"} `, Message{Action: "replay-play"}, ""},
		{`{"action":"join","name":"  Bob\u0000 the\n builder "}`, Message{Action: "join", Name: "Bob the builder"}, ""},
		{`{"name":"Bob","action":"join","HEADERS":{}}`, Message{Action: "join", Name: "Bob"}, ""},
		{`{"action":"join","name":"` + strings.Repeat("é", 30) + `"}`, Message{Action: "join", Name: strings.Repeat("é", 24)}, ""},
		{`{"action":"join","name":""}`, Message{Action: "join"}, ""},
		{`{"action":"undo","name":"Bob"}`, Message{}, "a name or an engine goes only with join"},
		{`{"name":"Bob"}`, Message{}, "a name or an engine goes only with join"},
		{`{"cell":"1,2","name":"Bob"}`, Message{}, "a name or an engine goes only with join"},
		{`{"action":"join","name":7}`, Message{}, "not a JSON object"},
		{`{"action":"join","name":"Bot","engine":" Random\u202e player "}`, Message{Action: "join", Name: "Bot", Engine: "Random player"}, ""},
		{`{"action":"join","engine":"` + strings.Repeat("e", 30) + `"}`, Message{Action: "join", Engine: strings.Repeat("e", 24)}, ""},
		{`{"action":"join","engine":" \u0000"}`, Message{}, "an engine's name may not be empty"},
		{`{"action":"join","engine":7}`, Message{}, "not a JSON object"},
		{`{"action":"undo","engine":"X"}`, Message{}, "a name or an engine goes only with join"},
		{`{"engine":"X"}`, Message{}, "a name or an engine goes only with join"},
		{`{"move":"3","engine":"X"}`, Message{}, "a typed move goes alone"},
		{`{"chat":"hi","engine":"X"}`, Message{}, "a chat message goes alone"},
		{`{"action":"fly"}`, Message{}, `unknown action "fly"`},
		{`{"cell":"1,2","action":"undo"}`, Message{}, "more than one of a cell, an action and a ply"},
		{`{}`, Message{}, "neither a cell, an action, a ply nor a chat message"},
		{`{"path":"9,3 3,3 3,9"}`, Message{Path: []game.Cell{{Row: 9, Col: 3}, {Row: 3, Col: 3}, {Row: 3, Col: 9}}}, ""},
		{`{"path":" 0,1 ","HEADERS":{}}`, Message{Path: []game.Cell{{Row: 0, Col: 1}}}, ""},
		{`{"path":""}`, Message{}, "a move's path is 1 to 3 cells"},
		{`{"path":"1,1 1,2 1,3 1,4"}`, Message{}, "a move's path is 1 to 3 cells"},
		{`{"path":"1,1 x"}`, Message{}, `cell "x" is not ROW,COL`},
		{`{"path":"1,1","cell":"1,1"}`, Message{}, "a move's path goes alone"},
		{`{"path":"1,1","move":"a1"}`, Message{}, "a move's path goes alone"},
		{`{"path":["1,1"]}`, Message{}, "not a JSON object"},
		{`{"ply":3}`, Message{Ply: 3, HasPly: true}, ""},
		{`{"forecast":[["1","4"],[" 2 5 "]]}`, Message{Forecast: &ForecastChange{Set: [][]string{{"1", "4"}, {"2", "5"}}, HasSet: true}}, ""},
		{`{"forecast":[]}`, Message{Forecast: &ForecastChange{HasSet: true}}, ""},
		{`{"forecast_add":" d1-d7/g7  a7-a6/a5 ","HEADERS":{}}`, Message{Forecast: &ForecastChange{Add: []string{"d1-d7/g7", "a7-a6/a5"}}}, ""},
		{`{"forecast_add":"7,7 2,3"}`, Message{Forecast: &ForecastChange{Add: []string{"7,7", "2,3"}}}, ""},
		{`{"forecast_add":"  "}`, Message{}, "a forecast's line needs moves"},
		{`{"forecast_add":"` + strings.Repeat("1 ", 21) + `"}`, Message{}, "at most 20 moves"},
		{`{"forecast_add":"` + strings.Repeat("x", 41) + `"}`, Message{}, "a move is 1 to 40 characters"},
		{`{"forecast_drop":2}`, Message{Forecast: &ForecastChange{Drop: 2, HasDrop: true}}, ""},
		{`{"forecast_drop":0}`, Message{Forecast: &ForecastChange{HasDrop: true}}, ""},
		{`{"forecast_drop":-1}`, Message{}, "no forecast line -1"},
		{`{"forecast_drop":1,"forecast_add":"1 4"}`, Message{}, "a forecast's message goes alone"},
		{`{"forecast_add":"1 4","move":"1"}`, Message{}, "a forecast's message goes alone"},
		{`{"forecast":"1 4"}`, Message{}, "not a JSON object"},
		{`{"move":"3","at":2}`, Message{MoveText: "3", HasMove: true, At: 2, HasAt: true}, ""},
		{`{"path":"1,1 1,2","at":0}`, Message{Path: []game.Cell{{Row: 1, Col: 1}, {Row: 1, Col: 2}}, HasAt: true}, ""},
		{`{"cell":"1,2","at":7}`, Message{Cell: game.Cell{Row: 1, Col: 2}, HasCell: true, At: 7, HasAt: true}, ""},
		{`{"action":"undo","at":1}`, Message{}, `"at" goes only with a move`},
		{`{"chat":"hi","at":1}`, Message{}, `"at" goes only with a move`},
		{`{"move":"3","at":-1}`, Message{}, "at -1 is not a turn"},
		{`{"ply":0}`, Message{HasPly: true}, ""},
		{`{"ply":-1}`, Message{}, "ply -1 is not a turn of the game"},
		{`{"ply":99999999}`, Message{}, "is not a turn of the game"},
		{`{"ply":"3"}`, Message{}, "not a JSON object"},
		{`{"ply":2,"action":"undo"}`, Message{}, "more than one of"},
		{`{"chat":"  hello\n\tthere\u0007 "}`, Message{Chat: &Chat{Text: "hello there"}}, ""},
		{`{"chat":"<script>alert(1)</script>","HEADERS":{}}`, Message{Chat: &Chat{Text: "<script>alert(1)</script>"}}, ""},
		{`{"chat":"` + strings.Repeat("界", vocab.MaxChatRunes) + `"}`, Message{Chat: &Chat{Text: strings.Repeat("界", vocab.MaxChatRunes)}}, ""},
		{`{"chat":"` + strings.Repeat("界", vocab.MaxChatRunes+1) + `"}`, Message{}, "at most 300 characters"},
		{`{"chat":" \u0000 "}`, Message{}, "needs something in it that can be seen"},
		{`{"chat":""}`, Message{}, "needs something in it that can be seen"},
		{`{"chat":"\u200b\u200b"}`, Message{}, "needs something in it that can be seen"},
		{`{"chat":"\u3164 \u2800"}`, Message{}, "needs something in it that can be seen"},
		{`{"chat":"\udb40\udc41\udb40\udc42"}`, Message{}, "needs something in it that can be seen"}, // tag characters
		{`{"action":"join","name":"\u200b"}`, Message{}, "can be seen"},
		{`{"action":"join","name":"Computer · Difficult"}`, Message{}, "kept for the computer's seats"},
		{`{"action":"join","name":"Alice\u200b"}`, Message{Action: vocab.Join, Name: "Alice"}, ""},
		{`{"chat":"hi","action":"join"}`, Message{}, "a chat message goes alone"},
		{`{"chat":"hi","name":"Eve"}`, Message{}, "a chat message goes alone"},
		{`{"chat":["hi"]}`, Message{}, "not a JSON object"},
		{`{"cell":"a,b"}`, Message{}, `cell "a,b" is not ROW,COL`},
		{`{"cell":"-1,2"}`, Message{}, "is not ROW,COL"},
		{`{"cell":"100,2"}`, Message{}, "is not ROW,COL"},
		{`{"cell":"1"}`, Message{}, "is not ROW,COL"},
		{`{"cell":12}`, Message{}, "not a JSON object"},
		{`{"move":" d1-d7/g7 "}`, Message{MoveText: "d1-d7/g7", HasMove: true}, ""},
		{`{"move":""}`, Message{}, "a typed move is 1 to 40 characters"},
		{`{"move":"` + strings.Repeat("x", 41) + `"}`, Message{}, "a typed move is 1 to 40 characters"},
		{`{"move":"3","cell":"1,1"}`, Message{}, "a typed move goes alone"},
		{`{"mover":"d1-d7/g7"}`, Message{}, "not a JSON object"},
		{`[1,2]`, Message{}, "not a JSON object"},
		{`not json`, Message{}, "not a JSON object"},
		{`{"action":"undo"}{"action":"redo"}`, Message{}, "more than one JSON value"},
		{``, Message{}, "not a JSON object"},
		{`{"action":"` + strings.Repeat("x", 5000) + `"}`, Message{}, "is more than 4096"},
	}
	for _, tc := range tests {
		t.Run(shorten(tc.in), func(t *testing.T) {
			got, err := DecodeMessage([]byte(tc.in))
			if tc.wantErr != "" {
				require.ErrorIs(t, err, ErrBadMessage)
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// FuzzDecodeMessage checks that no input panics, that every accepted message
// is a cell, a known action or a clean chat message of the allowed length,
// and that errors stay short enough to show.
func FuzzDecodeMessage(f *testing.F) {
	for _, seed := range []string{`{"cell":"1,2"}`, `{"action":"undo"}`, `{"action":"join","name":"<b>Bob</b>\u202e"}`, `{"action":"join","engine":"x"}`, `{"move":"b2"}`,
		`{"chat":"hi <i>there</i>\n"}`, `{"chat":"\u202e\u0000"}`, `{"cell":"9,9","HEADERS":{}}`, `{}`, `[]`, `{"cell":"1,2","cell":"3,4"}`, "\xff\xfe",
		`{"forecast":[["1","4"]]}`, `{"forecast_add":"1 4"}`, `{"forecast_drop":1}`, `{"path":"1,1 2,2"}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMessage(data)
		if err != nil {
			require.ErrorIs(t, err, ErrBadMessage)
			require.Less(t, len(err.Error()), 300, "an error is shown on the page")
			require.True(t, utf8.ValidString(err.Error()) || !utf8.Valid(data))
			return
		}
		kinds := 0
		for _, is := range []bool{m.HasCell, m.Action != "", m.Chat != nil, m.HasMove, m.HasPly, m.Path != nil, m.Forecast != nil} {
			if is {
				kinds++
			}
		}
		require.Equal(t, 1, kinds, "exactly one of cell, action, chat, move, ply, path and forecast")
		if f := m.Forecast; f != nil {
			require.LessOrEqual(t, len(f.Set), maxForecastLines)
			for _, line := range append(f.Set, f.Add) {
				require.LessOrEqual(t, len(line), maxForecastMoves)
				for _, mv := range line {
					require.NotEmpty(t, mv)
					require.Equal(t, strings.TrimSpace(mv), mv)
				}
			}
		}
		if m.Chat != nil {
			n := utf8.RuneCountInString(m.Chat.Text)
			require.True(t, n >= 1 && n <= vocab.MaxChatRunes, "a chat message has 1 to %d characters", vocab.MaxChatRunes)
			require.Equal(t, cleanText(m.Chat.Text), m.Chat.Text, "and is clean")
			require.True(t, utf8.ValidString(m.Chat.Text))
		}
		if m.Name != "" {
			require.Equal(t, vocab.Join, m.Action, "a name comes only with join")
			require.Equal(t, CleanName(m.Name), m.Name, "and is clean")
			require.LessOrEqual(t, utf8.RuneCountInString(m.Name), vocab.MaxNameRunes)
		}
		if m.Engine != "" {
			require.Equal(t, vocab.Join, m.Action, "an engine comes only with join")
			require.Equal(t, CleanName(m.Engine), m.Engine, "and is clean")
		}
		if m.HasCell {
			require.GreaterOrEqual(t, m.Cell.Row, int8(0))
			require.GreaterOrEqual(t, m.Cell.Col, int8(0))
		}
	})
}
