package realtime

import (
	"context"
	"encoding/json"

	"boardroom/realtime/bus"
)

// A player's vacation (package vacation) is the account's, and its rooms
// may run on any node: a start or stop is stored first (store.Vacations,
// which also moves the deadline of the rooms the player is to move in, so
// that the keeper loads those no node runs), then told to the rooms in
// memory here and, over the bus, on every other node. A room that misses
// it still reads the vacations again before it ends a game on time.

// vacationSubject is where the nodes tell each other of an account whose
// vacation changed (vacationNews).
const vacationSubject = "boardroom.vacation"

// vacationNews is a message on vacationSubject: the account, and the hub
// that told it (which told its own rooms already).
type vacationNews struct {
	Account string `json:"account"`
	From    string `json:"from"`
}

// VacationChanged tells the rooms of account, on every node, that its
// vacation started or stopped: each correspondence room it is seated in
// reads its players' vacations again and sets its clock by them.
func (h *Hub) VacationChanged(ctx context.Context, account string) {
	h.vacationChangedHere(ctx, account)
	if h.node == nil {
		return
	}
	b, _ := json.Marshal(vacationNews{Account: account, From: h.busID})
	if err := h.node.Bus.Publish(vacationSubject, b); err != nil {
		h.deps.Log.Warn("vacation not told to the other nodes", "account", account, "err", err)
	}
}

// vacationChangedHere tells the rooms in memory on this node.
func (h *Hub) vacationChangedHere(ctx context.Context, account string) {
	for _, r := range h.Running() {
		r.VacationChanged(ctx, account)
	}
}

// hearVacations hears the other nodes' VacationChanged until the hub
// stops; each is told to the rooms here on a goroutine of its own, so that
// a room's full inbox does not hold up the bus.
func (h *Hub) hearVacations() {
	unsub, err := h.node.Bus.Subscribe(vacationSubject, func(m *bus.Msg) {
		var n vacationNews
		if json.Unmarshal(m.Data, &n) != nil || n.From == h.busID || n.Account == "" {
			return
		}
		go h.vacationChangedHere(h.ctx, n.Account) // gives up as the hub stops (h.ctx)
	})
	if err != nil {
		h.deps.Log.Error("vacations of other nodes not heard: their rooms here learn of them at the clock's end", "err", err)
		return
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		<-h.ctx.Done()
		unsub()
	}()
}
