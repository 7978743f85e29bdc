package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"boardroom/secret"
	"boardroom/store"
)

// House bots (docs/accounts.md, "House bots"): the computer's built-in
// levels play in quick pairing's pools under bot accounts of their own,
// rated like any bot, so that every engine's rating has a known yardstick.
// Their accounts own themselves and have no token: nobody drives them but
// the server. Their names begin with HousePrefix, and nobody else's name
// may begin with "Boardroom", so that none passes for the site's own.
const HousePrefix = "Boardroom-"

// HouseName is the name of the house bot of the level labelled label
// ("Boardroom-Medium").
func HouseName(label string) string { return HousePrefix + label }

// Whether an account is a house bot has one answer: its bots row says the
// account owns itself (store.Bot.House), which only EnsureHouseBots makes.
// Not its name: an account made before "Boardroom" was reserved may be a
// person's bot called "Boardroom-…". Nor the list of house bots a node
// runs (lobby.House, made from these accounts at start): it is empty where
// house games are off, while the accounts and their ratings remain. A
// room's seat is a house bot's when the computer plays it under an account
// (match.HouseSeat), which the lobby gives only these accounts.

// HouseLevel is the label of the level house bot b plays ("Medium"), and
// false when b is not a house bot.
func HouseLevel(b *store.Bot) (label string, ok bool) {
	if !b.House() {
		return "", false
	}
	return strings.TrimPrefix(b.Name, HousePrefix), true
}

// HouseLevelOf is HouseLevel of the account called name: "" when it is
// not a house bot (a person, a person's bot, nobody).
func (s *Service) HouseLevelOf(ctx context.Context, name string) (string, error) {
	// Every house bot is named by HouseName: another name needs no read.
	if len(name) < len(HousePrefix) || !strings.EqualFold(name[:len(HousePrefix)], HousePrefix) {
		return "", nil
	}
	b, err := s.Bot(ctx, name)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return "", nil
	case err != nil:
		return "", err
	}
	label, _ := HouseLevel(b)
	return label, nil
}

// reservedProblem says why a new account may not be called by name's key
// ("": it may).
func reservedProblem(key string) string {
	if strings.HasPrefix(key, "boardroom") {
		return "Names beginning with “Boardroom” are the site's own; choose another."
	}
	return ""
}

// EnsureHouseBots makes the house bots named names that do not exist yet,
// and returns those that do, in the order of names. A name held by
// another account (one made before names were reserved) is reported in
// the error and left out; the others are returned all the same. Several
// nodes may run it at once: a bot another made first is taken as it is.
func (s *Service) EnsureHouseBots(ctx context.Context, names []string) ([]store.Bot, error) {
	var out []store.Bot
	var errs []error
	for _, name := range names {
		b, err := s.ensureHouseBot(ctx, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, *b)
	}
	return out, errors.Join(errs...)
}

// ensureHouseBot finds or makes the house bot name.
func (s *Service) ensureHouseBot(ctx context.Context, name string) (*store.Bot, error) {
	key, problem := nameKey(name, MaxHouseName)
	if problem != "" {
		return nil, fmt.Errorf("house bot %q: %s", name, problem)
	}
	find := func() (*store.Bot, error) {
		b, err := s.Store.BotByKey(ctx, key)
		switch {
		case errors.Is(err, store.ErrNotFound):
			return nil, err
		case err != nil:
			return nil, fmt.Errorf("house bot %q: %w", name, err)
		case !b.House():
			return nil, fmt.Errorf("house bot %q: the name is %s's bot", name, b.Owner)
		}
		return b, nil
	}
	b, err := find()
	if !errors.Is(err, store.ErrNotFound) {
		return b, err
	}
	now := s.now()
	// Its token is thrown away: nobody outside the server plays as it.
	b = &store.Bot{User: store.User{Name: name, Key: key, Created: now},
		TokenHash: secret.Hash(NewBotToken()), TokenAt: now, SeatHash: secret.Hash(NewBotToken())}
	switch err := s.Store.CreateBot(ctx, b, 0); {
	case errors.Is(err, store.ErrTaken): // another node made it, or a person holds the name
		b, err := find()
		if errors.Is(err, store.ErrNotFound) {
			return nil, fmt.Errorf("house bot %q: the name is a person's", name)
		}
		return b, err
	case err != nil:
		return nil, fmt.Errorf("house bot %q: %w", name, err)
	}
	return b, nil
}
