package frame

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// keeper is a Sink that keeps what it is sent (a page whose queue holds
// it) or writes it at once.
type keeper bool

func (k keeper) Send(Message) bool { return bool(k) }

// TestASharedDeltaIsReusedOnlyWhenNoPageKeepsIt: pages that showed the same
// frame get one update; its buffer may be reused only if every page wrote
// it, not while a page's queue still holds it.
func TestASharedDeltaIsReusedOnlyWhenNoPageKeepsIt(t *testing.T) {
	to := Whole([]byte("<p>new</p>"))
	tests := []struct {
		name     string
		sinks    []Sink
		wantKept bool
	}{
		{"written at once", []Sink{keeper(false)}, false},
		{"queued", []Sink{keeper(true)}, true},
		{"one of two queued", []Sink{keeper(false), keeper(true)}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ds := SharedDeltas{}
			for _, s := range tc.sinks {
				ds.Send(s, nil, to)
			}
			require.Len(t, ds, 1, "worked out once")
			for _, d := range ds {
				require.Equal(t, "<p>new</p>", string(d.f.Payload()))
				require.Equal(t, tc.wantKept, d.kept)
			}
		})
	}
}
