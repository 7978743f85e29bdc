package match

// refusal says why a message from a page changed nothing. The page is told
// in words; the metrics count refusals by their reason.
type refusal uint8

const (
	// refusedProtocol: not a message the room understands (malformed,
	// binary).
	refusedProtocol refusal = iota
	// refusedIllegal: a click that makes no legal move.
	refusedIllegal
	// refusedNotYourTurn: the sender's seat is not to move.
	refusedNotYourTurn
	// refusedNotAllowed: not the sender's to do, ever (a spectator, not the
	// creator, not in this mode).
	refusedNotAllowed
	// refusedOver: the game is over, or kept as a record.
	refusedOver
	// refusedNotNow: allowed, but not in this state of the game (nothing to
	// undo, a proposal waiting, before each side has moved).
	refusedNotNow
	// refusedFailed: the server failed to do it (a write, a hint).
	refusedFailed
	// refusedTooFast: over a rate limit (the connection's, or the chat's).
	refusedTooFast
	// refusedTooLong: a chat message longer than vocab.MaxChatRunes.
	refusedTooLong
)

// label is the reason as the metrics name it.
func (r refusal) label() string {
	switch r {
	case refusedProtocol:
		return "protocol"
	case refusedIllegal:
		return "illegal"
	case refusedNotYourTurn:
		return "not your turn"
	case refusedNotAllowed:
		return "not allowed"
	case refusedOver:
		return "over"
	case refusedNotNow:
		return "not now"
	case refusedFailed:
		return "failed"
	case refusedTooFast:
		return "too fast"
	case refusedTooLong:
		return "too long"
	}
	return "other"
}
