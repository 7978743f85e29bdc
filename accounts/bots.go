package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"boardroom/secret"
	"boardroom/store"
)

// Bot accounts (docs/accounts.md, "Bots"): a signed-in person makes an
// account for an engine, which plays under it with an API token. The
// account has no password, so nobody logs in as it; its token is shown
// once, and only its hash is kept. A bot account is neither the server's
// computer seat (vocab.ComputerSeat) nor the engine client that uses the
// token (roombot): docs/design.md, "Programs in rooms".

// MaxBotsPerOwner is how many bots one person may make.
const MaxBotsPerOwner = 5

// TokenPrefix starts every bot's API token, so that one pasted where it
// should not be (a public repository, a log) is recognised for what it is.
const TokenPrefix = "boardroom_bot_"

// NewBotToken returns a new API token: the prefix and 256 random bits.
func NewBotToken() string { return TokenPrefix + secret.New() }

// CreateBot makes a bot named name for owner, and returns it with its API
// token (to be shown once: only its hash is kept). A *Problem when the
// name is refused (taken among every account's), or owner has
// MaxBotsPerOwner bots already, or is a bot.
func (s *Service) CreateBot(ctx context.Context, owner *store.User, name string) (*store.Bot, string, error) {
	if owner.PasswordHash == "" {
		return nil, "", &Problem{"bot", "A bot cannot make bots."}
	}
	key, problem := NameKey(name)
	if problem == "" {
		problem = reservedProblem(key)
	}
	switch {
	case name == "":
		return nil, "", &Problem{"bot", "Choose a name for your bot."}
	case problem != "":
		return nil, "", &Problem{"bot", strings.Replace(problem, "A username", "A bot's name", 1)}
	}
	token := NewBotToken()
	now := s.now()
	b := &store.Bot{User: store.User{Name: name, Key: key, Created: now}, OwnerID: owner.ID, Owner: owner.Name,
		TokenHash: secret.Hash(token), TokenAt: now, SeatHash: secret.Hash(NewBotToken())}
	switch err := s.Store.CreateBot(ctx, b, MaxBotsPerOwner); {
	case errors.Is(err, store.ErrTaken):
		return nil, "", &Problem{"bot", "That name is taken; choose another."}
	case errors.Is(err, store.ErrTooManyBots):
		return nil, "", &Problem{"bot", fmt.Sprintf("You have %d bots, the most one person may have.", MaxBotsPerOwner)}
	case err != nil:
		return nil, "", err
	}
	return b, token, nil
}

// Bots lists owner's bots, oldest first.
func (s *Service) Bots(ctx context.Context, owner *store.User) ([]store.Bot, error) {
	return s.Store.BotsOf(ctx, owner.ID)
}

// ReplaceBotToken gives owner's bot named name a new API token, which it
// returns (to be shown once); the old token stops working at once.
// store.ErrNotFound when owner has no bot of that name.
func (s *Service) ReplaceBotToken(ctx context.Context, owner *store.User, name string) (*store.Bot, string, error) {
	key, problem := NameKey(name)
	if problem != "" {
		return nil, "", store.ErrNotFound
	}
	b, err := s.Store.BotByKey(ctx, key)
	if err != nil {
		return nil, "", err
	}
	if b.OwnerID != owner.ID {
		return nil, "", store.ErrNotFound
	}
	token := NewBotToken()
	b.TokenHash, b.TokenAt = secret.Hash(token), s.now()
	if err := s.Store.SetBotToken(ctx, owner.ID, b.ID, b.TokenHash, b.TokenAt); err != nil {
		return nil, "", err
	}
	return b, token, nil
}

// BotByToken is the bot whose API token is token; store.ErrNotFound when
// it is none (never one, replaced since, or not even shaped like one).
func (s *Service) BotByToken(ctx context.Context, token string) (*store.Bot, error) {
	if !strings.HasPrefix(token, TokenPrefix) || len(token) > 100 {
		return nil, store.ErrNotFound
	}
	return s.Store.BotByToken(ctx, secret.Hash(token))
}

// Bot is the bot account named name (any case); store.ErrNotFound when
// there is none, or that account is a person's.
func (s *Service) Bot(ctx context.Context, name string) (*store.Bot, error) {
	key := lookupKey(name)
	if key == "" {
		return nil, store.ErrNotFound
	}
	return s.Store.BotByKey(ctx, key)
}
