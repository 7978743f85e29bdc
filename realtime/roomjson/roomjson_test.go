package roomjson

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		in      string
		check   func(t *testing.T, m Message)
		wantErr string
	}{
		{`{"type":"state","room":"r1","game":"kalah","you":[1],"moves":["1","3"],"acting":1,"your_turn":true,
			"seats":[{"name":"P1","kind":"person"},{"name":"P2","kind":"engine","holder":"Engine: X","engine":"X","yours":true}],
			"clock":{"running":true,"remaining_ms":2500,"period_ms":10000},"future_field":42}`,
			func(t *testing.T, m Message) {
				require.Equal(t, TypeState, m.Type)
				require.Equal(t, []string{"1", "3"}, m.State.Moves)
				require.Equal(t, "Engine: X", m.State.Seats[1].Holder)
				require.Equal(t, &Clock{Running: true, RemainingMS: 2500, PeriodMS: 10000}, m.State.Clock)
				require.Nil(t, m.Error)
			}, ""},
		{`{"type":"error","reason":"illegal","text":"\"9\" is not a legal move here."}`, func(t *testing.T, m Message) {
			require.Equal(t, &Error{Type: TypeError, Reason: "illegal", Text: `"9" is not a legal move here.`}, m.Error)
			require.Nil(t, m.State)
		}, ""},
		{`{"type":"notice","text":"Game saved."}`, func(t *testing.T, m Message) {
			require.Equal(t, "Game saved.", m.Notice.Text)
		}, ""},
		{`{"type":"html"}`, nil, `unknown message type "html"`},
		{`{"text":"no type"}`, nil, `unknown message type ""`},
		{`<div id="live">`, nil, "not a JSON message"},
		{`{"type":"state","moves":"1 3"}`, nil, "a message of type state"},
		{`{"type":"error","reason":7}`, nil, "a message of type error"},
	}
	for _, tc := range tests {
		t.Run(tc.in[:min(len(tc.in), 30)], func(t *testing.T) {
			m, err := Decode([]byte(tc.in))
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			tc.check(t, m)
		})
	}
}

func TestMessagesAProgramSends(t *testing.T) {
	tests := []struct{ got, want string }{
		{string(Join("Rob", "Random player")), `{"action":"join","name":"Rob","engine":"Random player"}`},
		{string(Join("", "X")), `{"action":"join","engine":"X"}`},
		{string(Join("Ann", "")), `{"action":"join","name":"Ann"}`},
		{string(Move("d1-d7/g7", 12)), `{"move":"d1-d7/g7","at":12}`},
		{string(Move(`a"b`, 0)), `{"move":"a\"b","at":0}`},
		{string(Action("takeback-accept")), `{"action":"takeback-accept"}`},
		{string(Chat("good game <3")), `{"chat":"good game \u003c3"}`},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, tc.got)
	}
}

// TestProtocolDocumentsEveryField: docs/protocol.md names every field the
// server sends, so that the document cannot fall behind the types.
func TestProtocolDocumentsEveryField(t *testing.T) {
	b, err := os.ReadFile("../../docs/protocol.md")
	require.NoError(t, err)
	doc := string(b)
	for _, v := range []any{State{}, Seat{}, Clock{}, Proposal{}, Result{}, Error{}, Notice{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			require.True(t, strings.Contains(doc, "`"+name+"`") || strings.Contains(doc, `"`+name+`"`),
				"docs/protocol.md says nothing of %s's field %q", typ.Name(), name)
		}
	}
	for _, word := range []string{KindFree, KindPerson, KindEngine, KindComputer, TypeState, TypeError, TypeNotice} {
		require.Contains(t, doc, "`"+word+"`")
	}
}

// FuzzDecode: whatever the server (or something pretending to be it)
// sends, Decode returns a message of the type it says or an error, never a
// panic.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{`{"type":"state","seats":[{},{}],"moves":[]}`, `{"type":"error","reason":"x"}`,
		`{"type":"notice"}`, `{"type":"state","seats":[{},{},{}]}`, `{"type":"state","clock":null}`, `[]`, `null`, "\xff"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		switch m.Type {
		case TypeState:
			require.NotNil(t, m.State)
		case TypeError:
			require.NotNil(t, m.Error)
		case TypeNotice:
			require.NotNil(t, m.Notice)
		default:
			t.Fatalf("decoded a message of type %q", m.Type)
		}
	})
}
