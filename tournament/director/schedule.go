package director

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/game"
	"boardroom/realtime/vocab"
	"boardroom/store"
)

// The site's schedule of events (issue 40), in UTC:
//   - an hourly arena on the hour, 45 minutes on the fast clock, its game
//     the next of the registry's in turn (so each game comes round every
//     few hours, at a different hour each day);
//   - a daily arena of each game, an hour on the slow clock, the games two
//     hours apart from 12:30;
//   - a weekly engine championship of each game on Saturdays, two hours on
//     the fast clock, bots only, the games two hours apart from 08:00: the
//     engine ladder's event.
//
// All are rated, and bots are welcome in the arenas too. Each is made
// ahead of its start (the next few hours, the next day, the next week)
// with an id of its time, so that every node makes the same events and
// the store keeps one of each (ErrTaken).
const (
	hourlyAhead = 3 // hours
	dailyAhead  = 24 * time.Hour
	weeklyAhead = 7 * 24 * time.Hour
)

// Scheduled lists the site's events that start within their lead time
// after now, for the games given (the registry's, in its order).
func Scheduled(games []game.Game, now time.Time) []store.Tournament {
	if len(games) == 0 {
		return nil
	}
	now = now.UTC()
	var out []store.Tournament
	event := func(id, name string, g game.Game, clock vocab.Clock, minutes int, botsOnly bool, starts time.Time) {
		out = append(out, store.Tournament{ID: id, Name: name, Kind: store.Arena, Game: g.ID(), Options: map[string]string{},
			Clock: clock, Minutes: minutes, Rated: true, Bots: true, BotsOnly: botsOnly, Starts: starts, Created: now})
	}
	hour := now.Truncate(time.Hour)
	for h := 1; h <= hourlyAhead; h++ {
		starts := hour.Add(time.Duration(h) * time.Hour)
		g := games[int(starts.Unix()/3600)%len(games)]
		event("h-"+starts.Format("2006010215"), "Hourly "+g.Name()+" Arena", g, vocab.FastClock, 45, false, starts)
	}
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	for d := 0; d <= 1; d++ {
		for i, g := range games {
			starts := day.AddDate(0, 0, d).Add(12*time.Hour + 30*time.Minute + time.Duration(2*i)*time.Hour)
			if starts.After(now) && !starts.After(now.Add(dailyAhead)) {
				event(fmt.Sprintf("d-%s-%s", g.ID(), starts.Format("20060102")), "Daily "+g.Name()+" Arena", g, vocab.SlowClock, 60, false, starts)
			}
		}
	}
	saturday := day.AddDate(0, 0, (int(time.Saturday)-int(day.Weekday())+7)%7)
	for w := 0; w <= 1; w++ {
		for i, g := range games {
			starts := saturday.AddDate(0, 0, 7*w).Add(8*time.Hour + time.Duration(2*i)*time.Hour)
			if starts.After(now) && !starts.After(now.Add(weeklyAhead)) {
				event(fmt.Sprintf("w-%s-%s", g.ID(), starts.Format("20060102")), "Weekly "+g.Name()+" Engine Championship", g,
					vocab.FastClock, 120, true, starts)
			}
		}
	}
	return out
}

// scheduleEvery is how often a director makes the schedule's next events.
const scheduleEvery = time.Minute

// keepSchedule makes the site's next events that are not made yet (once
// a minute at most).
func (d *Director) keepSchedule(ctx context.Context, now time.Time) {
	if d.Games == nil || now.Before(d.scheduled.Add(scheduleEvery)) {
		return
	}
	d.scheduled = now
	for _, t := range Scheduled(d.Games(), now) {
		err := d.Store.CreateTournament(ctx, &t)
		switch {
		case err == nil:
			d.Log.Info("event scheduled", "event", t.ID, "starts", t.Starts)
		case !errors.Is(err, store.ErrTaken):
			d.Log.Warn("event not scheduled", "event", t.ID, "err", err)
		}
	}
}
