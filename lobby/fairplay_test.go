package lobby

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/pairing"
	"boardroom/realtime/vocab"
)

// Quick pairing passes over two linked players (a bot and its owner, two
// accounts of one browser) and pairs each with someone else: the pool is
// not stopped by them.
func TestPoolsKeepLinkedPlayersApart(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// second is linked to ann by link; third is a stranger.
		link func(t *testing.T, h *houseHarness) (second Player)
	}{
		{"a bot and its owner", func(t *testing.T, h *houseHarness) Player {
			ann, err := h.acc.Player(t.Context(), "ann")
			require.NoError(t, err)
			bot, _, err := h.acc.CreateBot(t.Context(), ann, "annbot")
			require.NoError(t, err)
			return Player{TokenHash: "token-annbot", Account: bot.Name, Bot: true}
		}},
		{"two accounts of one browser", func(t *testing.T, h *houseHarness) Player {
			_, err := h.acc.SignUp(t.Context(), "bea", "a long password")
			require.NoError(t, err)
			for _, name := range []string{"ann", "bea"} {
				require.NoError(t, h.st.SeeBrowser(t.Context(), "one-browser", name, time.Now()))
			}
			return Player{TokenHash: "token-bea", Account: "bea", WantsBots: true}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHouseHarness(t, 0)
			h.ps.Links = h.st
			_, err := h.acc.SignUp(t.Context(), "ann", "a long password")
			require.NoError(t, err)
			second := tc.link(t, h)
			pool := pairing.Pool{Game: "kalah", Speed: vocab.FastClock}
			ann, err := h.ps.Enter(t.Context(), pool, Player{TokenHash: "token-ann", Account: "ann", WantsBots: true})
			require.NoError(t, err)
			h.wait(t, time.Second)
			linked, err := h.ps.Enter(t.Context(), pool, second)
			require.NoError(t, err)
			h.wait(t, time.Second)
			require.Zero(t, h.pair(t), "the two linked players are not paired")

			third := h.enter(t, "cat", true, false) // a bot: it meets either
			h.wait(t, time.Second)
			require.Equal(t, 1, h.pair(t), "the pool goes on")
			require.True(t, ended(ann) && ended(third), "the one who waited longest meets the stranger")
			require.False(t, ended(linked))
			var accounts []string
			for _, s := range h.roomOf(t, ann).Seats {
				accounts = append(accounts, s.Account)
			}
			require.ElementsMatch(t, []string{"ann", "cat"}, accounts)
		})
	}
}
