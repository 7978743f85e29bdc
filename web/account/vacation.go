package account

import (
	"context"
	"errors"
	"net/http"
	"time"

	"boardroom/game"
	"boardroom/store"
	"boardroom/vacation"
	"boardroom/web/templates"
)

// The account page's vacation (package vacation): the player starts and
// ends it with a form (POST /account/vacation, do=start or do=stop, a
// signed-in same-origin post as every form of the page), and the page says
// the days left this year. The store keeps it (store.Vacations, which also
// has the keeper look at the rooms the player is to move in); the rooms
// running on any node are told (Changed). A refusal (no days left, on
// vacation already, not on vacation) is said on the page and changes
// nothing.

// VacationConfig is what the account page's vacation needs.
type VacationConfig struct {
	Store store.Vacations
	// Changed tells the rooms of account, on every node, that its vacation
	// started or stopped (realtime.Hub.VacationChanged; nil: nobody).
	Changed func(ctx context.Context, account string)
	// Now is the rooms' clock (nil: time.Now).
	Now func() time.Time
}

func (c *VacationConfig) now() time.Time {
	if c.Now == nil {
		return time.Now()
	}
	return c.Now()
}

// vacationTold bounds the telling of the rooms once a vacation is stored.
const vacationTold = 5 * time.Second

// vacationBox is the account page's vacation section for u.
func (a *Area) vacationBox(r *http.Request, u *store.User) (templates.VacationBox, error) {
	if a.Vacation == nil || a.Vacation.Store == nil {
		return templates.VacationBox{}, nil
	}
	now := a.Vacation.now()
	got, err := a.Vacation.Store.AccountVacations(r.Context(), []string{u.Name}, now.AddDate(-1, 0, -1))
	if err != nil {
		return templates.VacationBox{}, err
	}
	spans := got[u.Name]
	b := templates.VacationBox{Offered: true, Year: now.UTC().Year(), DaysLeft: vacation.DaysLeft(spans, now), DaysAYear: vacation.DaysAYear}
	if s, ok := vacation.Away(spans, now); ok {
		b.Away, b.Since, b.Until = true, vacationTime(s.From), vacationTime(s.To)
	}
	return b, nil
}

// vacationTime is a moment as the page says it.
func vacationTime(t time.Time) string { return t.UTC().Format("Monday 2 January 2006, 15:04 UTC") }

// changeVacation starts or ends the player's vacation.
func (a *Area) changeVacation(w http.ResponseWriter, r *http.Request) {
	u, ok := a.readAccountPost(w, r)
	if !ok {
		return
	}
	refuse := func(status int, text string) {
		a.renderAccountView(w, r, status, templates.AccountView{Vacation: templates.VacationBox{Error: text}})
	}
	now := a.Vacation.now()
	var v vacation.Span
	var err error
	start := r.PostForm.Get("do") == "start"
	switch r.PostForm.Get("do") {
	case "start":
		v, err = a.Vacation.Store.StartVacation(r.Context(), u.Name, now)
	case "stop":
		v, err = a.Vacation.Store.StopVacation(r.Context(), u.Name, now)
	default:
		refuse(http.StatusBadRequest, "The form could not be read: nothing changed.")
		return
	}
	switch {
	case errors.Is(err, vacation.ErrNoDaysLeft):
		refuse(http.StatusConflict, "You have no vacation days left this year: nothing changed. You get "+
			game.Plural(vacation.DaysAYear, "day", "days")+" again on 1 January (UTC).")
		return
	case errors.Is(err, vacation.ErrAway):
		refuse(http.StatusConflict, "You are on vacation already: nothing changed.")
		return
	case errors.Is(err, vacation.ErrNotAway):
		refuse(http.StatusConflict, "You are not on vacation (it may have ended by itself): nothing changed.")
		return
	case err != nil:
		a.Kit.LogFailure(r, "vacation", err)
		refuse(http.StatusServiceUnavailable, "Your vacation could not be changed just now: nothing changed. Try again in a moment.")
		return
	}
	a.Kit.Log.Info("vacation", "user", u.Name, "start", start, "from", v.From, "to", v.To)
	if a.Vacation.Changed != nil {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), vacationTold)
		a.Vacation.Changed(ctx, u.Name)
		cancel()
	}
	notice := "Your vacation has begun: the clocks of your correspondence games stand still until you end it, or until " +
		vacationTime(v.To) + ", when your days run out."
	if !start {
		notice = "Your vacation has ended: your correspondence clocks run again, with the time you had when it began."
	}
	a.renderAccountView(w, r, http.StatusOK, templates.AccountView{Notice: notice})
}
