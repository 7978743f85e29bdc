package request

import (
	"net/http"

	"boardroom/realtime/socket"
	"boardroom/signout"
)

// OpenSocket opens one of the lobby's small JSON sockets (a pool's, the
// site's): counted in the network's open sockets, from the origins the
// rooms' sockets accept, with messages of at most 1 KB, and closed when
// who's session ends. Call done when it ends; false when it was not opened
// (answered already).
func (k *Kit) OpenSocket(w http.ResponseWriter, r *http.Request, who Holder) (ws *socket.Plain, done func(), ok bool) {
	release, ok := k.OpenConn(r)
	if !ok {
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return nil, nil, false
	}
	// Kept before the accept: the client may end its session as soon as
	// the handshake is answered.
	opened, untrack := k.Signouts.Opening(who.Account, who.Session)
	ws, err := socket.AcceptPlain(w, r, k.Origins, 1024)
	if err != nil {
		untrack()
		release()
		return nil, nil, false // AcceptPlain has answered
	}
	opened(func() { go ws.Close(signout.Code, signout.Reason) })
	return ws, func() { untrack(); ws.CloseNow(); release() }, true
}
