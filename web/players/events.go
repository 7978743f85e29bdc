package players

import (
	"net/http"
	"strconv"

	"boardroom/game"
	"boardroom/store"
	"boardroom/tournament/director"
	"boardroom/web/templates"
)

// eventsListed is how many of a player's events their page lists: the
// last ones.
const eventsListed = 20

// fillEvents puts the last events name played in view, each with their
// place ranked as the event's page ranks it (director.PlaceOf): one read
// of the store for all of them.
func (a *Area) fillEvents(r *http.Request, view *templates.PlayerView, name string) error {
	played, err := a.Store.TournamentsPlayed(r.Context(), name, eventsListed)
	if err != nil {
		return err
	}
	for _, t := range played {
		if row, ok := eventResult(t, name); ok {
			view.Events = append(view.Events, row)
		}
	}
	return nil
}

// eventResult is event t as name's page lists it; false when name is not
// among its entrants.
func eventResult(t store.TournamentRecord, name string) (templates.EventResult, bool) {
	place, ok := director.PlaceOf(t.Tournament, t.Entrants, t.Games, name)
	if !ok {
		return templates.EventResult{}, false
	}
	row := templates.EventResult{ID: t.ID, Name: t.Name, Game: game.NameOf(t.Game), Kind: templates.KindWord(t.Kind == store.Swiss), Rank: place.Rank,
		Of: place.Of, Score: strconv.Itoa(place.Points)}
	if t.Kind == store.Swiss {
		row.Score = templates.HalfPoints(place.Points)
	}
	if t.Status == store.TournamentFinished {
		row.Finished = t.Ends.UTC().Format("2 January 2006")
		if place.Rank <= templates.PodiumSize {
			row.Medal = place.Rank
		}
	}
	return row, true
}
