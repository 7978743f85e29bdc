package accounts

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/secret"
	"boardroom/store"
)

// TestBots: a person makes bots (names as usernames, taken among every
// account's, at most MaxBotsPerOwner); a bot's token finds it until it is
// replaced, and nobody logs in as a bot, whatever the password.
func TestBots(t *testing.T) {
	s, _ := newService(t)
	ctx := context.Background()
	alice, err := s.SignUp(ctx, "alice", "a long password")
	require.NoError(t, err)
	bob, err := s.SignUp(ctx, "bob", "another long password")
	require.NoError(t, err)

	bot, token, err := s.CreateBot(ctx, alice, "DeepKalah")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(token, TokenPrefix))
	require.Len(t, token, len(TokenPrefix)+43, "256 random bits")
	require.Equal(t, secret.Hash(token), bot.TokenHash, "only the hash is kept")
	require.Len(t, bot.SeatHash, 64)
	require.NotEqual(t, bot.TokenHash, bot.SeatHash)

	tests := []struct {
		name, bot, problem string
	}{
		{"taken by a person", "ALICE", "That name is taken; choose another."},
		{"taken by a bot", "deepkalah", "That name is taken; choose another."},
		{"empty", "", "Choose a name for your bot."},
		{"short", "ab", "A bot's name has at least 3 characters."},
		{"huge", strings.Repeat("x", 10000), "A bot's name has at most 20 characters."},
		{"malformed", "<script>", "A bot's name may hold only letters a–z, digits, “_” and “-”."},
		{"the site's own", "BOARDROOM-x", "Names beginning with “Boardroom” are the site's own; choose another."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := s.CreateBot(ctx, alice, tc.bot)
			var p *Problem
			require.ErrorAs(t, err, &p)
			require.Equal(t, tc.problem, p.Text)
		})
	}
	for i := 2; i <= MaxBotsPerOwner; i++ {
		_, _, err := s.CreateBot(ctx, alice, "bot"+itoa(i))
		require.NoError(t, err)
	}
	_, _, err = s.CreateBot(ctx, alice, "onemore")
	var p *Problem
	require.ErrorAs(t, err, &p)
	require.Equal(t, "You have 5 bots, the most one person may have.", p.Text)
	mine, err := s.Bots(ctx, alice)
	require.NoError(t, err)
	require.Len(t, mine, MaxBotsPerOwner)

	found, err := s.BotByToken(ctx, token)
	require.NoError(t, err)
	require.Equal(t, "DeepKalah", found.Name)
	require.Equal(t, "alice", found.Owner)
	for _, bad := range []string{"", "x", token + "x", strings.TrimPrefix(token, TokenPrefix), TokenPrefix + strings.Repeat("a", 1000)} {
		_, err := s.BotByToken(ctx, bad)
		require.ErrorIs(t, err, store.ErrNotFound, "%.30q", bad)
	}

	_, _, err = s.ReplaceBotToken(ctx, bob, "DeepKalah")
	require.ErrorIs(t, err, store.ErrNotFound, "only its owner replaces its token")
	_, fresh, err := s.ReplaceBotToken(ctx, alice, "deepkalah")
	require.NoError(t, err)
	require.NotEqual(t, token, fresh)
	_, err = s.BotByToken(ctx, token)
	require.ErrorIs(t, err, store.ErrNotFound, "the old token is revoked")
	again, err := s.BotByToken(ctx, fresh)
	require.NoError(t, err)
	require.Equal(t, bot.SeatHash, again.SeatHash, "its seats stay its own")

	for _, password := range []string{"", "a long password", token, fresh} {
		_, err := s.LogIn(ctx, "DeepKalah", password)
		require.ErrorIs(t, err, ErrBadLogin, "nobody logs in as a bot")
	}
	botUser, err := s.Player(ctx, "deepkalah")
	require.NoError(t, err)
	_, _, err = s.CreateBot(ctx, botUser, "botsbot")
	require.ErrorAs(t, err, &p, "a bot makes no bots")

	_, err = s.Bot(ctx, "alice")
	require.ErrorIs(t, err, store.ErrNotFound, "a person is not a bot")
	b, err := s.Bot(ctx, "DEEPKALAH")
	require.NoError(t, err)
	require.Equal(t, "DeepKalah", b.Name)
}

func itoa(n int) string { return string(rune('0' + n)) }
