package vocab

// The sizes of what people write in a room, shared by the room that checks
// them and the pages whose fields say them (maxlength).
const (
	// MaxNameRunes is the longest display name, in characters.
	MaxNameRunes = 24
	// MaxChatRunes is the longest chat message, in characters.
	MaxChatRunes = 300
)
