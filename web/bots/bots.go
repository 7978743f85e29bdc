// Package bots is the web's area of bot accounts (docs/accounts.md,
// "Bots"): a signed-in person makes bots on /account and gets each one's
// API token once, or a new one in its place; /bots is the engines' ladder.
// A program playing a bot opens the pool's socket and the room's with the
// token in an Authorization header (docs/protocol.md), which the request
// kit reads (request.Kit.SocketHolder). The account page, which shows a
// person's bots, is the accounts area's: this one hands it its section and
// draws it through Area.AccountPage.
package bots

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"boardroom/accounts"
	"boardroom/game"
	"boardroom/lobby"
	"boardroom/rating"
	"boardroom/realtime/vocab"
	"boardroom/signout"
	"boardroom/store"
	"boardroom/web/request"
	"boardroom/web/templates"
)

// Store is what the area reads of the store.
type Store interface {
	AllBots(ctx context.Context, limit int) ([]store.Bot, error)
	BotsNamed(ctx context.Context, names []string) (map[string]bool, error)
	PlayerRatings(ctx context.Context, accounts ...string) ([]store.PlayerRating, error)
}

// Area serves the bots' pages.
type Area struct {
	Kit      *request.Kit
	Accounts *accounts.Service
	Store    Store
	// Pools says how many games a bot may begin in an hour (nil: the
	// lobby's default).
	Pools *lobby.Pools
	// AccountPage draws the signed-in person's account page with status,
	// its bots' section saying what a form did (a new bot's token, shown
	// once; a refusal).
	AccountPage func(w http.ResponseWriter, r *http.Request, status int, bots templates.BotSection)
}

// Routes adds the bots' pages (with the accounts').
func (a *Area) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /bots", a.botsPage)
	mux.HandleFunc("POST /account/bots", a.createBot)
	mux.HandleFunc("POST /account/bots/token", a.newBotToken)
}

// What a New token form that cannot be carried out is told.
const (
	noSuchBot        = "You have no bot of that name."
	tokenNotReplaced = "The token could not be replaced just now; try again in a moment."
)

// ladderSize bounds the bots /bots lists.
const ladderSize = 500

// Section is the account page's list of u's bots, with view's message
// or new token.
func (a *Area) Section(r *http.Request, u *store.User, view templates.BotSection) (templates.BotSection, error) {
	bots, err := a.Accounts.Bots(r.Context(), u)
	if err != nil {
		return view, err
	}
	view.Offered, view.Most = true, accounts.MaxBotsPerOwner
	for _, b := range bots {
		view.Bots = append(view.Bots, templates.BotRow{Name: b.Name, Made: b.Created.UTC().Format("2 January 2006"),
			TokenMade: b.TokenAt.UTC().Format("2 January 2006, 15:04 UTC")})
	}
	view.Server = request.AbsoluteURL(r, "")
	return view, nil
}

// readBotForm reads a bot form's name; false when it was answered.
func (a *Area) readBotForm(w http.ResponseWriter, r *http.Request) (*store.User, string, bool) {
	u := request.User(r)
	if u == nil {
		http.Redirect(w, r, "/login?next=%2Faccount", http.StatusSeeOther)
		return nil, "", false
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		a.AccountPage(w, r, http.StatusBadRequest, templates.BotSection{Error: "The form could not be read."})
		return nil, "", false
	}
	return u, strings.TrimSpace(r.PostForm.Get("name")), true
}

// createBot makes a bot for the signed-in person, and shows its token
// once: the page answering the form is the only one that holds it.
func (a *Area) createBot(w http.ResponseWriter, r *http.Request) {
	u, name, ok := a.readBotForm(w, r)
	if !ok {
		return
	}
	bot, token, err := a.Accounts.CreateBot(r.Context(), u, name)
	var problem *accounts.Problem
	switch {
	case errors.As(err, &problem):
		a.AccountPage(w, r, http.StatusBadRequest, templates.BotSection{Error: problem.Text, Name: name})
		return
	case err != nil:
		a.Kit.LogFailure(r, "bot not made", err)
		a.AccountPage(w, r, http.StatusServiceUnavailable, templates.BotSection{Error: "The bot could not be made just now; try again in a moment.", Name: name})
		return
	}
	a.Kit.Log.Info("bot made", "bot", bot.Name, "owner", u.Name)
	a.AccountPage(w, r, http.StatusOK, templates.BotSection{NewBot: bot.Name, Token: token})
}

// newBotToken replaces a bot's token: the old one stops working at once,
// so the owner is asked first (the form's confirm=yes says they agreed; a
// question on the page itself, so that it holds without script too).
func (a *Area) newBotToken(w http.ResponseWriter, r *http.Request) {
	u, name, ok := a.readBotForm(w, r)
	if !ok {
		return
	}
	if !request.Confirmed(r) {
		a.askNewBotToken(w, r, u, name)
		return
	}
	bot, token, err := a.Accounts.ReplaceBotToken(r.Context(), u, name)
	switch {
	case errors.Is(err, store.ErrNotFound):
		a.AccountPage(w, r, http.StatusNotFound, templates.BotSection{Error: noSuchBot})
		return
	case err != nil:
		a.Kit.LogFailure(r, "bot token not replaced", err)
		a.AccountPage(w, r, http.StatusServiceUnavailable, templates.BotSection{Error: tokenNotReplaced})
		return
	}
	a.Kit.Log.Info("bot token replaced", "bot", bot.Name, "owner", u.Name)
	a.Kit.Signouts.Ended(signout.End{Account: bot.Name}) // the old token's sockets, before the new one is shown
	a.AccountPage(w, r, http.StatusOK, templates.BotSection{NewBot: bot.Name, Token: token})
}

// askNewBotToken answers New token with the question, for the owner's bot
// named name only.
func (a *Area) askNewBotToken(w http.ResponseWriter, r *http.Request, u *store.User, name string) {
	bots, err := a.Accounts.Bots(r.Context(), u)
	if err != nil {
		a.Kit.LogFailure(r, "bots", err)
		a.AccountPage(w, r, http.StatusServiceUnavailable, templates.BotSection{Error: tokenNotReplaced})
		return
	}
	i := slices.IndexFunc(bots, func(b store.Bot) bool { return strings.EqualFold(b.Name, name) })
	if i < 0 {
		a.AccountPage(w, r, http.StatusNotFound, templates.BotSection{Error: noSuchBot})
		return
	}
	a.AccountPage(w, r, http.StatusOK, templates.BotSection{Replace: bots[i].Name})
}

// botsPage is the engines' ladder: every bot, its owner and its ratings.
func (a *Area) botsPage(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	rows, err := a.ladder(ctx)
	if err != nil {
		a.Kit.LogFailure(r, "bots", err)
		a.Kit.ErrorPage(w, r, http.StatusServiceUnavailable, "Bots unavailable", "The bots could not be read just now; try again in a moment.")
		return
	}
	perHour := lobby.DefaultBotGamesPerHour
	if a.Pools != nil && a.Pools.BotGamesPerHour != 0 {
		perHour = a.Pools.BotGamesPerHour
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	templates.BotsPage(templates.BotsView{Bots: rows, PerHour: perHour, Most: accounts.MaxBotsPerOwner}).Render(r.Context(), w)
}

// ladder lists the bots with their ratings, each game's and speed's in
// the registry's order; the bots with the most rated games first.
func (a *Area) ladder(ctx context.Context) ([]templates.LadderRow, error) {
	list, err := a.Store.AllBots(ctx, ladderSize)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	names := make([]string, len(list))
	rows := make([]templates.LadderRow, len(list))
	for i, b := range list {
		names[i] = b.Name
		rows[i] = templates.LadderRow{Name: b.Name, Owner: b.Owner}
		rows[i].House, _ = accounts.HouseLevel(&b)
	}
	all, err := a.Store.PlayerRatings(ctx, names...) // one read for the whole ladder
	if err != nil {
		return nil, err
	}
	byPlayer := map[string]map[string]store.PlayerRating{} // name's key → game/speed → rating
	for _, r := range all {
		k := store.AccountKey(r.Name)
		if byPlayer[k] == nil {
			byPlayer[k] = map[string]store.PlayerRating{}
		}
		byPlayer[k][r.Game+"/"+string(r.Speed)] = r
	}
	games := make([]int, len(list))
	for _, g := range game.All() { // each bot's ratings in the registry's order
		for _, speed := range vocab.Clocks() {
			for i, name := range names {
				if rt, ok := byPlayer[store.AccountKey(name)][g.ID()+"/"+string(speed)]; ok {
					rows[i].Ratings = append(rows[i].Ratings, templates.LadderRating{Game: g.ID(), GameName: g.Name(),
						SpeedName: speed.Name(), Rating: rt.Rating.String(), Provisional: rating.Provisional(rt.Rating), Games: rt.Games})
					games[i] += rt.Games
				}
			}
		}
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	// The house bots first (the yardsticks, in the levels' order), then
	// the bots with the most rated games.
	slices.SortStableFunc(order, func(a, b int) int {
		if ha, hb := rows[a].House != "", rows[b].House != ""; ha != hb {
			return map[bool]int{true: -1, false: 1}[ha]
		}
		if rows[a].House != "" {
			return cmp.Compare(levelIndex(rows[a].House), levelIndex(rows[b].House))
		}
		return cmp.Compare(games[b], games[a])
	})
	out := make([]templates.LadderRow, len(rows))
	for i, j := range order {
		out[i] = rows[j]
	}
	return out, nil
}

// Mark says which players listed are bots, and which are house bots.
func (a *Area) Mark(ctx context.Context, rows []*templates.LeaderRow) error {
	if len(rows) == 0 {
		return nil
	}
	names := make([]string, len(rows))
	for i, row := range rows {
		names[i] = row.Name
	}
	named, err := a.Store.BotsNamed(ctx, names)
	if err != nil {
		return err
	}
	house := map[string]string{} // name → level, each bot asked once
	for _, row := range rows {
		row.Bot = named[row.Name]
		if !row.Bot || a.Accounts == nil {
			continue
		}
		level, asked := house[row.Name]
		if !asked {
			if level, err = a.Accounts.HouseLevelOf(ctx, row.Name); err != nil {
				return err
			}
			house[row.Name] = level
		}
		row.House = level
	}
	return nil
}

// Owner is the owner of the bot account name ("" when it is a
// person's), and for a house bot, the level it plays.
func (a *Area) Owner(ctx context.Context, name string) (owner, house string, err error) {
	b, err := a.Accounts.Bot(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return "", "", nil
	}
	if err != nil {
		return "", "", err
	}
	level, _ := accounts.HouseLevel(b)
	return b.Owner, level, nil
}

// levelIndex is the place of the level labelled label among the levels.
func levelIndex(label string) int {
	return slices.IndexFunc(vocab.Levels(), func(l vocab.Level) bool { return l.Label() == label })
}
