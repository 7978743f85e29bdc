package rooms

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"boardroom/game"
	"boardroom/game/record"
	"boardroom/store"
)

// A room's game as a record to download: plain text (game/record: the
// game and its options, then a turn a line), or JSON with the times.
// Every move is stored before it is shown, so the store has the game as
// every page sees it.

// jsonRecord is the JSON form of a record.
type jsonRecord struct {
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seats   [2]string         `json:"seats"`
	Over    bool              `json:"over"`
	Result  string            `json:"result,omitempty"`
	Winner  string            `json:"winner,omitempty"`
	Turns   []jsonTurn        `json:"turns"`
}

type jsonTurn struct {
	Ply     int       `json:"ply"`
	Move    string    `json:"move"`
	At      time.Time `json:"at"`
	ThinkMS int64     `json:"think_ms"`
}

func (a *Area) roomRecord(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rec, err := a.Store.Room(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such room", "This room does not exist, so it has no record.")
		return
	}
	if err != nil {
		a.Kit.Log.Error("record not read", "room", id, "err", err)
		a.Kit.ErrorPage(w, r, http.StatusInternalServerError, "Record unavailable", "The record could not be read; try again.")
		return
	}
	g, err := game.Lookup(rec.Game)
	if err != nil {
		a.Kit.ErrorPage(w, r, http.StatusNotFound, "No such game", "This room's game is not served here.")
		return
	}
	name := "boardroom-" + g.ID() + "-" + id
	if r.URL.Query().Get("format") == "json" {
		out := jsonRecord{Game: g.ID(), Options: rec.Options, Seats: g.Seats(), Over: rec.Over, Turns: []jsonTurn{}}
		if rec.Over {
			out.Result = resultText(g, rec)
			if rec.Winner >= 0 && rec.Winner < 2 {
				out.Winner = g.Seats()[rec.Winner]
			}
		}
		for i, t := range rec.Turns {
			out.Turns = append(out.Turns, jsonTurn{Ply: i + 1, Move: t.Notation, At: t.At.UTC(), ThinkMS: t.Think.Milliseconds()})
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.json"`)
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(out)
		return
	}
	turns := make([]string, len(rec.Turns))
	for i, t := range rec.Turns {
		turns[i] = t.Notation
	}
	result := ""
	if rec.Over {
		result = resultText(g, rec)
	}
	opts := game.Options(rec.Options)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.txt"`)
	w.Write([]byte(record.Format(g, opts, turns, result)))
}

// resultText says how a stored game ended.
func resultText(g game.Game, rec *store.Room) string {
	switch {
	case rec.Aborted:
		return rec.Reason
	case rec.Reason == "Draw by agreement": // said whole, as the room says it
		return rec.Reason
	case rec.Winner < 0 || rec.Winner > 1:
		return "Draw — " + rec.Reason
	}
	return g.Seats()[rec.Winner] + " won — " + strings.TrimSpace(rec.Reason)
}
