package signout

import (
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/realtime/bus"
)

// TestAnEndClosesWhatItEnds: an end closes the sockets of the account, or
// of the hashes, it names, on its node and on the others, and no other;
// a closed or untracked socket is not closed again.
func TestAnEndClosesWhatItEnds(t *testing.T) {
	for _, tc := range []struct {
		name          string
		end           End
		closed, stays []string // sockets by "account/hash"
	}{
		{"log out everywhere", End{Account: "Alice"}, []string{"alice/s1", "alice/s2"}, []string{"bob/s3", "robo/t1"}},
		{"log out", End{Hashes: []string{"s1"}}, []string{"alice/s1"}, []string{"alice/s2", "bob/s3", "robo/t1"}},
		{"a bot's token replaced", End{Account: "robo"}, []string{"robo/t1"}, []string{"alice/s1", "alice/s2", "bob/s3"}},
		{"nothing", End{Hashes: []string{""}}, nil, []string{"alice/s1", "alice/s2", "bob/s3", "robo/t1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			exchange := bus.NewHub()
			here, there := New(exchange.Connect(), slog.New(slog.DiscardHandler)), New(exchange.Connect(), slog.New(slog.DiscardHandler))
			t.Cleanup(here.Close)
			t.Cleanup(there.Close)
			counts := map[string]*atomic.Int32{}
			for _, node := range []*Sockets{here, there} {
				for _, k := range []string{"alice/s1", "alice/s2", "bob/s3", "robo/t1"} {
					n := &atomic.Int32{}
					counts[k+"@"+map[*Sockets]string{here: "here", there: "there"}[node]] = n
					account, hash, _ := strings.Cut(k, "/")
					node.Track(account, hash, func() { n.Add(1) })
				}
			}
			guest := &atomic.Int32{}
			here.Track("", "", func() { guest.Add(1) })
			here.Ended(tc.end)
			for _, k := range tc.closed {
				for _, at := range []string{"here", "there"} {
					require.Eventually(t, func() bool { return counts[k+"@"+at].Load() == 1 }, time.Second, time.Millisecond, k+"@"+at)
				}
			}
			here.Ended(tc.end) // once more: nothing is closed twice
			time.Sleep(50 * time.Millisecond)
			for _, k := range tc.closed {
				require.EqualValues(t, 1, counts[k+"@there"].Load(), k)
			}
			for _, k := range tc.stays {
				require.Zero(t, counts[k+"@here"].Load(), k)
				require.Zero(t, counts[k+"@there"].Load(), k)
			}
			require.Zero(t, guest.Load(), "a guest's socket is nobody's session")
		})
	}
}

// TestUntrackedSocketsStayOpen: a socket that closed by itself is not
// closed again by a later end.
func TestUntrackedSocketsStayOpen(t *testing.T) {
	s := New(nil, slog.New(slog.DiscardHandler))
	n := 0
	untrack := s.Track("alice", "s1", func() { n++ })
	untrack()
	s.Ended(End{Account: "alice"})
	require.Zero(t, n)
}

// TestAnEndBeforeTheSocketOpens: a socket kept from before its accept is
// closed as it opens when its session ended in between, and one whose
// session goes on is closed by a later end, once.
func TestAnEndBeforeTheSocketOpens(t *testing.T) {
	s := New(nil, slog.New(slog.DiscardHandler))
	early, untrackEarly := s.Opening("robo", "t1")
	defer untrackEarly()
	s.Ended(End{Account: "robo"}) // the token replaced during the handshake
	n := 0
	early(func() { n++ })
	require.Equal(t, 1, n, "closed as it opens")

	late, untrackLate := s.Opening("alice", "s1")
	defer untrackLate()
	m := 0
	late(func() { m++ })
	require.Zero(t, m, "its session goes on")
	s.Ended(End{Hashes: []string{"s1"}})
	s.Ended(End{Hashes: []string{"s1"}})
	require.Equal(t, 1, m, "closed by the end, once")
}
