package socket

import "github.com/coder/websocket"

// StatusCode is a WebSocket close code (RFC 6455, section 7.4). It is the
// library's own type, named here so that the server's other packages close
// sockets without importing the library: this package is the only one that
// does (TestOnlySocketImportsTheLibrary).
type StatusCode = websocket.StatusCode

// The close codes the server sends, and what a page or a program does on
// each (docs/protocol.md).
const (
	// NormalClosure (1000): the socket is done; nothing to do again.
	NormalClosure StatusCode = websocket.StatusNormalClosure
	// GoingAway (1001): a write failed; the other side is gone.
	GoingAway StatusCode = websocket.StatusGoingAway
	// InvalidUTF8 (1007): a text message that was not UTF-8.
	InvalidUTF8 StatusCode = websocket.StatusInvalidFramePayloadData
	// PolicyViolation (1008): refused, e.g. too many tries in a short time.
	PolicyViolation StatusCode = websocket.StatusPolicyViolation
	// ServiceRestart (1012): the server restarts or the room moves; the
	// page reconnects by itself and gets the current view.
	ServiceRestart StatusCode = websocket.StatusServiceRestart
	// TryAgainLater (1013): the page fell too far behind; it reconnects
	// and gets the whole view.
	TryAgainLater StatusCode = websocket.StatusTryAgainLater
)
