package play

import (
	"net/http"

	"boardroom/accounts"
	"boardroom/realtime/match"
	"boardroom/secret"
)

// houseGame serves the lobby form's rated game against the computer: a
// challenge to the house bot of the chosen level (docs/rules.md, "House
// bots"), which accepts it at once; the browser goes to the game, or back
// to the lobby told why not.
func (a *Area) houseGame(w http.ResponseWriter, r *http.Request, form map[string]string, spec match.Spec) {
	if a.Site == nil || a.Pools == nil || !a.Pools.House.Active() {
		a.renderLobby(w, r, http.StatusBadRequest, form, "Rated games against the computer are not offered here.")
		return
	}
	if !spec.Level.Valid() {
		a.renderLobby(w, r, http.StatusBadRequest, form, "Choose the computer's level.")
		return
	}
	if !a.Kit.MayCreateRoom(r) {
		a.renderLobby(w, r, http.StatusTooManyRequests, form, "You have created many rooms in a short time; wait a minute and try again.")
		return
	}
	c, err := a.Site.ChallengeDays(r.Context(), spec.Account, secret.Hash(a.Kit.EnsureToken(w, r)), accounts.HouseName(spec.Level.Label()),
		spec.Game, spec.Clock, spec.Days, true)
	why := a.challengeRefusal(r, err)
	if why.text == "" && c.Room == "" {
		why.text = "The computer did not take the game; try again in a moment."
	}
	if why.text != "" {
		a.renderLobbyRefusal(w, r, http.StatusBadRequest, form, why)
		return
	}
	a.Kit.Log.Info("house game", "player", spec.Account, "level", spec.Level, "game", spec.Game, "room", c.Room)
	http.Redirect(w, r, "/r/"+c.Room, http.StatusSeeOther)
}
