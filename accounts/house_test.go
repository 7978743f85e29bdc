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

// TestHouseLevel: a house bot is told by its account owning itself, never
// by its name: a person's bot called "Boardroom-…" (made before the name
// was reserved) is not one, and a person or nobody is not one either.
func TestHouseLevel(t *testing.T) {
	s, _ := newService(t)
	ctx := context.Background()
	made, err := s.EnsureHouseBots(ctx, []string{HouseName("Medium")})
	require.NoError(t, err)
	alice, err := s.SignUp(ctx, "alice", "a long password")
	require.NoError(t, err)
	deep, _, err := s.CreateBot(ctx, alice, "Deep")
	require.NoError(t, err)
	// A bot of alice's named before "Boardroom" was reserved.
	old := &store.Bot{User: store.User{Name: "Boardroom-Old", Key: "boardroom-old", Created: s.now()},
		OwnerID: alice.ID, Owner: alice.Name, TokenHash: "t", TokenAt: s.now(), SeatHash: "s"}
	require.NoError(t, s.Store.CreateBot(ctx, old, MaxBotsPerOwner))

	for _, tc := range []struct{ name, want string }{
		{"Boardroom-Medium", "Medium"},
		{"boardroom-medium", "Medium"}, // any case, as names are looked up
		{"Boardroom-Old", ""},
		{"Deep", ""},
		{"alice", ""},
		{"Boardroom-Nobody", ""},
		{"", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.HouseLevelOf(ctx, tc.name)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
	level, ok := HouseLevel(&made[0])
	require.True(t, ok)
	require.Equal(t, "Medium", level)
	_, ok = HouseLevel(deep)
	require.False(t, ok)
	_, ok = HouseLevel(old)
	require.False(t, ok, "the name does not make a house bot")
}
