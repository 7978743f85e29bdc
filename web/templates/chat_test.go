package templates

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"boardroom/realtime/frame"
	"boardroom/realtime/frame/frametest"
	"boardroom/realtime/view"
)

var noon = time.Date(2026, 5, 1, 12, 34, 0, 0, time.UTC)

func TestChatLines(t *testing.T) {
	tests := []struct {
		name      string
		line      view.ChatLine
		class     string
		dot       string // the colour's class ("": no colour)
		wantName  string
		wantText  string
		noMarkups bool
	}{
		{"a player", view.ChatLine{Name: "Alice", Seat: 0, Text: "hello", At: noon}, "seat0", "dot color-white", "Alice", "hello", false},
		{"the other player", view.ChatLine{Name: "Bob", Seat: 1, Text: "hi", At: noon}, "seat1", "dot color-black", "Bob", "hi", false},
		{"a spectator", view.ChatLine{Name: "Eve", Seat: -1, Text: "go", At: noon}, "spectator", "", "Eve", "go", false},
		{"markup is text", view.ChatLine{Name: `<script>x</script`, Seat: -1, Text: `<img src=x onerror="alert(1)"> & </li>`, At: noon},
			"spectator", "", `<script>x</script`, `<img src=x onerror="alert(1)"> & </li>`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := page(t, "amazons", nil)
			p.Chat = []view.ChatLine{tc.line}
			html := string(Renderer{}.Frame(p, nil).HTML)
			doc := render(t, p)
			line := doc.Find("[data-testid=chat-log] [data-testid=chat-line]")
			require.Equal(t, 1, line.Length())
			require.True(t, line.HasClass(tc.class))
			require.Equal(t, tc.dot, line.Find(".dot").AttrOr("class", ""))
			require.Equal(t, tc.wantName, line.Find(".chat-name").Text())
			require.Equal(t, "12:34", line.Find("time").Text())
			require.Equal(t, "2026-05-01T12:34:00Z", line.Find("time").AttrOr("datetime", ""))
			require.Equal(t, tc.wantText, line.Find(".chat-text").Text())
			require.Zero(t, doc.Find("[data-testid=chat-log] script, [data-testid=chat-log] img").Length())
			if tc.noMarkups {
				require.NotContains(t, html, "<script>x")
				require.NotContains(t, html, "<img src=x")
			}
		})
	}
}

// TestChatMessagesAreAppended: a new message reaches a page as that line
// alone, appended to the log; when the oldest lines go, the log is sent
// whole. Either way the page ends as the server drew it.
func TestChatMessagesAreAppended(t *testing.T) {
	lines := func(from, to int) []view.ChatLine {
		var out []view.ChatLine
		for i := from; i < to; i++ {
			out = append(out, view.ChatLine{Name: "Alice", Seat: i % 2, Text: "message " + strconv.Itoa(i), At: noon})
		}
		return out
	}
	tests := []struct {
		name         string
		before, next []view.ChatLine
		appended     bool
	}{
		{"the first message", nil, lines(0, 1), true},
		{"one more", lines(0, 5), lines(0, 6), true},
		{"two at once", lines(0, 5), lines(0, 7), true},
		{"the oldest go", lines(0, 150), lines(51, 151), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := page(t, "amazons", nil)
			p.Chat, p.Version = tc.before, 1
			old := Renderer{}.Frame(p, nil)
			doc, err := goquery.NewDocumentFromReader(bytes.NewReader(old.HTML))
			require.NoError(t, err)
			np := *p
			np.Chat, np.Version = tc.next, 2
			f := Renderer{}.Frame(&np, nil)
			update := frame.Delta(old.Digest(), f)
			require.Equal(t, tc.appended, bytes.Contains(update, []byte(`hx-swap-oob="beforeend:#chat-log"`)), "%s", update)
			if tc.appended {
				require.Equal(t, len(tc.next)-len(tc.before), strings.Count(string(update), `data-testid="chat-line"`), "only the new lines")
				require.NotContains(t, string(update), `data-cell=`, "and not the board")
			}
			require.NoError(t, frametest.Apply(doc, update))
			require.Equal(t, len(tc.next), doc.Find("[data-testid=chat-line]").Length())
			want, err := goquery.NewDocumentFromReader(bytes.NewReader(f.HTML))
			require.NoError(t, err)
			wantHTML, err := frametest.Live(want)
			require.NoError(t, err)
			gotHTML, err := frametest.Live(doc)
			require.NoError(t, err)
			require.Equal(t, wantHTML, gotHTML)
		})
	}
}

func TestChatForm(t *testing.T) {
	tests := []struct {
		name         string
		setup        func(p *view.Page)
		form, toggle bool
	}{
		{"a player", func(p *view.Page) {}, true, true},
		{"a spectator", func(p *view.Page) { p.Spectator = true }, true, false},
		{"a finished game kept as a record", func(p *view.Page) { p.Next = "/r/next" }, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := page(t, "kalah", nil)
			tc.setup(p)
			doc := render(t, p)
			form := doc.Find("form[data-testid=chat]")
			require.Equal(t, tc.form, form.Length() == 1)
			require.Equal(t, tc.toggle, doc.Find("input[type=checkbox][data-testid=chat-hide-spectators]").Length() == 1)
			require.Equal(t, 1, doc.Find("[data-testid=chat-log]").Length(), "the log is always there")
			if tc.form {
				require.Equal(t, "300", form.Find("input[name=text]").AttrOr("maxlength", ""))
				require.Equal(t, "true", form.AttrOr("hx-preserve", ""), "an update keeps what is being typed")
				require.NotEmpty(t, form.AttrOr("id", ""), "hx-preserve needs an id")
				_, sends := form.Attr("ws-send")
				require.False(t, sends, "chat.js sends it as a chat message")
			}
		})
	}
}
