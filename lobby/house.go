package lobby

import (
	"context"
	"slices"
	"strings"
	"time"

	"boardroom/accounts"
	"boardroom/game"
	"boardroom/pairing"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// House bots in the pools (docs/rules.md, "House bots"): the computer's
// built-in levels, each under a bot account of its own, are always there
// for a seeker who accepts a bot and found nobody in pairing.HouseAfter
// (pairing.House). Their games are rated like any bot's, so an engine's
// rating is measured against levels everyone knows. Each of their moves
// costs the server's engine a search, so at most House.Games of them are in
// play at once across the site, counted in the store.

// HouseBot is a house bot: its account and the level it plays at.
type HouseBot struct {
	Account string
	Level   vocab.Level
	// Games are the games it plays; nil: all. An outside program's bot
	// (Fairy-Stockfish) plays only those its variants cover.
	Games []string
}

// Plays reports whether b plays the game gameID.
func (b HouseBot) Plays(gameID string) bool {
	return b.Games == nil || slices.Contains(b.Games, gameID)
}

// OutsideHouseBot makes, where it is missing, the account of a house bot
// that an outside program plays at level (vocab.FairyStockfish), under
// HouseName(label), for games only.
func OutsideHouseBot(ctx context.Context, acc *accounts.Service, label string, level vocab.Level, games []string) (HouseBot, error) {
	name := accounts.HouseName(label)
	bots, err := acc.EnsureHouseBots(ctx, []string{name})
	if err != nil || len(bots) == 0 {
		return HouseBot{}, err
	}
	return HouseBot{Account: bots[0].Name, Level: level, Games: games}, nil
}

// HouseGameRefused is a challenge to a house bot in a game it does not
// play.
type HouseGameRefused struct {
	Bot   string
	Games []string
}

func (e HouseGameRefused) Error() string {
	names := make([]string, len(e.Games))
	for i, id := range e.Games {
		names[i] = game.NameOf(id)
	}
	return e.Bot + " plays only " + strings.Join(names, ", ")
}

// House is the site's house bots and the cap on their games, shared by
// the pools and the direct challenges of a node.
type House struct {
	Bots []HouseBot
	// Games is how many house games may be in play at once across the
	// site (0: none, and no house bots).
	Games int
	// Store counts the house games in play.
	Store store.Bots
}

// DefaultHouseGames is how many house games may be in play at once: a
// few searches beside the people's own games against the computer.
const DefaultHouseGames = 4

// HouseBots makes the house bots' accounts where they are missing, one per
// level of the computer ("Boardroom-Beginner", …), and returns them. A
// level whose name another account holds is left out, and said in the
// error; the others are returned all the same.
func HouseBots(ctx context.Context, acc *accounts.Service) ([]HouseBot, error) {
	levels := vocab.Levels()
	names := make([]string, len(levels))
	byName := map[string]vocab.Level{}
	for i, l := range levels {
		names[i] = accounts.HouseName(l.Label())
		byName[names[i]] = l
	}
	bots, err := acc.EnsureHouseBots(ctx, names)
	out := make([]HouseBot, len(bots))
	for i, b := range bots {
		out[i] = HouseBot{Account: b.Name, Level: byName[b.Name]}
	}
	return out, err
}

// Active says the house plays.
func (h *House) Active() bool { return h != nil && len(h.Bots) > 0 && h.Games > 0 && h.Store != nil }

// names are the house bots' accounts.
func (h *House) names() []string {
	out := make([]string, len(h.Bots))
	for i, b := range h.Bots {
		out[i] = b.Account
	}
	return out
}

// Find is the house bot whose account is name (any case).
func (h *House) Find(name string) (HouseBot, bool) {
	if !h.Active() {
		return HouseBot{}, false
	}
	for _, b := range h.Bots {
		if store.AccountKey(b.Account) == store.AccountKey(name) {
			return b, true
		}
	}
	return HouseBot{}, false
}

// inPlay are the house games in play now.
func (h *House) inPlay(ctx context.Context, now time.Time) ([]store.GameInPlay, error) {
	return h.Store.GamesInPlay(ctx, h.names(), now.Add(-HouseSilence))
}

// slots is how many more house games may begin beside playing, those in
// play.
func (h *House) slots(playing []store.GameInPlay) int { return max(h.Games-len(playing), 0) }

// gameOf is the house game account plays in ("": none). A player has one
// at a time: the house's few games are for many players.
func gameOf(playing []store.GameInPlay, account string) string {
	for _, g := range playing {
		if g.Plays(account) {
			return g.Room
		}
	}
	return ""
}

// seat is b's seat in a room: the computer at its level, under its
// account.
func (b HouseBot) seat() store.Seat {
	return store.Seat{Kind: vocab.ComputerSeat, Level: b.Level, Name: b.Account, Account: b.Account, BotAccount: true}
}

// houseID is the id of b's side of a pairing (no wait has it).
func (b HouseBot) houseID() string { return "house/" + store.AccountKey(b.Account) }

// HouseSilence is how long a house game's room may go unwritten before it
// no longer counts as in play (its node died with it): longer than a move
// may take on the slowest clock with its player's connection lost.
const HouseSilence = 10 * time.Minute

// housePairs pairs, with the house bots, the seekers of pool that pairs
// left alone and who accept one. It reads the store only when someone is
// due: the house games in play, and the house bots' ratings.
func (ps *Pools) housePairs(ctx context.Context, pool pairing.Pool, seekers []pairing.Seeker, pairs []pairing.Pair, now time.Time) []pairing.Pair {
	h := ps.House
	if !h.Active() || !pairing.HouseDue(seekers, pairs, now) {
		return nil
	}
	playing, err := h.inPlay(ctx, now)
	if err != nil {
		ps.Log.Warn("house games not counted", "err", err)
		return nil
	}
	slots := h.slots(playing)
	if slots == 0 {
		return nil
	}
	seekers = slices.DeleteFunc(slices.Clone(seekers), func(s pairing.Seeker) bool { return gameOf(playing, s.Account) != "" })
	ratings, err := ps.Ratings.CurrentRatings(ctx, pool.Game, pool.Speed, h.names())
	if err != nil {
		ps.Log.Warn("house bots' ratings not read", "err", err)
		return nil
	}
	var house []pairing.Seeker
	for _, b := range h.Bots {
		if !b.Plays(pool.Game) {
			continue
		}
		s := pairing.Seeker{ID: b.houseID(), Player: "@" + store.AccountKey(b.Account), Account: b.Account, Rating: 1500, Bot: true}
		if r, ok := ratings[b.Account]; ok {
			s.Rating = r.Rating
		}
		house = append(house, s)
	}
	return pairing.House(seekers, pairs, house, now, slots)
}

// houseEntry and its seat are a house bot's side of a pairing: an entry
// that is no wait, and a computer seat under its account.
func (ps *Pools) houseEntry(pool pairing.Pool, s pairing.Seeker, now time.Time) (store.PoolEntry, store.Seat, bool) {
	if !ps.House.Active() {
		return store.PoolEntry{}, store.Seat{}, false
	}
	for _, b := range ps.House.Bots {
		if b.houseID() == s.ID {
			e := store.PoolEntry{ID: s.ID, Pool: pool.String(), Player: s.Player, Name: b.Account, Account: b.Account,
				Rating: s.Rating, Bot: true, House: true, Since: now, Ready: now, Seen: now}
			return e, b.seat(), true
		}
	}
	return store.PoolEntry{}, store.Seat{}, false
}
