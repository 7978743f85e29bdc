package accounts

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/store"
)

// TestEnsureHouseBots: the house bots are made once, own themselves and
// cannot be logged in as; a name a person held before names were
// reserved is reported and left out, the others made all the same.
func TestEnsureHouseBots(t *testing.T) {
	s, _ := newService(t)
	ctx := context.Background()
	names := []string{HouseName("Beginner"), HouseName("Medium")}
	require.Equal(t, "Boardroom-Beginner", names[0])

	made, err := s.EnsureHouseBots(ctx, names)
	require.NoError(t, err)
	require.Len(t, made, 2)
	for i, b := range made {
		require.Equal(t, names[i], b.Name)
		require.True(t, b.House(), "a house bot owns itself")
		_, err := s.LogIn(ctx, b.Name, "")
		require.ErrorIs(t, err, ErrBadLogin, "nobody logs in as a house bot")
	}
	again, err := s.EnsureHouseBots(ctx, names)
	require.NoError(t, err)
	require.Equal(t, made[0].ID, again[0].ID, "made once")
	require.Equal(t, made[1].ID, again[1].ID)
	got, err := s.Bot(ctx, "boardroom-medium")
	require.NoError(t, err, "a house bot is a bot")
	require.True(t, got.House())

	// A person who took the name before it was reserved keeps it.
	held := &store.User{Name: "Boardroom-Difficult", Key: "boardroom-difficult", PasswordHash: "h", Created: s.now()}
	require.NoError(t, s.Store.CreateUser(ctx, held))
	alice, err := s.SignUp(ctx, "alice", "a long password")
	require.NoError(t, err)
	deep, _, err := s.CreateBot(ctx, alice, "Deep")
	require.NoError(t, err)
	require.False(t, deep.House())
	got3, err := s.EnsureHouseBots(ctx, append(names, "Boardroom-Difficult", "Deep"))
	require.ErrorContains(t, err, `"Boardroom-Difficult": the name is a person's`)
	require.ErrorContains(t, err, `"Deep": the name is alice's bot`)
	require.Len(t, got3, 2, "the others all the same")
}
