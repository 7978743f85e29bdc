package match

import (
	"sync/atomic"

	"boardroom/realtime/frame"
)

// sendQueue is how many updates may wait for a slow page; one more and
// the page is disconnected (it reconnects and gets a fresh view).
const sendQueue = 32

// Outlet is where a page's updates go: its socket, or in tests a queue.
// The room never waits on it.
type Outlet interface {
	// Send hands over an update without waiting, and reports whether the
	// outlet keeps it (then its buffer is not reused).
	Send(m frame.Message) (kept bool)
	// Restart closes the page with 1012: it reconnects by itself.
	Restart()
	// Closed reports whether the page was closed.
	Closed() bool
}

// Conn is one open page of one viewer: where its updates go (out) and who
// it is. The room owns its viewer state; the outlet only moves bytes.
type Conn struct {
	// out is the page's socket; nil for a page open elsewhere (far).
	out Outlet
	// who is the page's holder: its browser's token hash and its
	// account (set by SetAccount).
	who Who
	// name is the display name the page's browser gave (its name cookie,
	// cleaned): a spectator's name in the chat, a joiner's when the Join
	// sent none.
	name string
	// far is set for a page open elsewhere (elsewhere.go), whose frames
	// the room's steward carries.
	far Far
	// stream is what the connection asked to be sent: the page's HTML, or
	// the room as JSON for a program (programs.go).
	stream Stream
	// botAccount says who.Account is a bot account (a program's, made by a
	// person: a seat it takes is marked BOT).
	botAccount bool
	// gone is set when a page with no outlet here is closed.
	gone atomic.Bool
}

// NewConn is a page whose updates go to out, held by the holder of
// tokenHash, whose browser calls them name.
func NewConn(out Outlet, tokenHash, name string, stream Stream) *Conn {
	return &Conn{out: out, who: Who{TokenHash: tokenHash}, name: CleanName(name), stream: stream}
}

// NewFarConn is a page open elsewhere (elsewhere.go).
func NewFarConn(far Far, tokenHash, name string, stream Stream) *Conn {
	return &Conn{far: far, who: Who{TokenHash: tokenHash}, name: CleanName(name), stream: stream}
}

// Name is the name the page's browser gave.
func (c *Conn) Name() string { return c.name }

// Stream is what the page asked to be sent.
func (c *Conn) Stream() Stream { return c.stream }

// SetAccount says the page's holder is signed in as username (call it
// before the page opens): a seat they take is theirs by that name, and the
// seats of that account are theirs on this page.
func (c *Conn) SetAccount(username string) { c.who.Account = username }

// Account is the username of the page's signed-in holder ("" for a guest).
func (c *Conn) Account() string { return c.who.Account }

// SetBotAccount says the page's account is a bot account (its program
// connected with the bot's API token; call it before the page opens).
func (c *Conn) SetBotAccount(bot bool) { c.botAccount = bot }

// BotAccount says the page's account is a bot account.
func (c *Conn) BotAccount() bool { return c.botAccount }

// Holder is the token hash of the page's holder.
func (c *Conn) Holder() string { return c.who.TokenHash }

// Who is the page's holder: its token hash and its account.
func (c *Conn) Who() Who { return c.who }

// Far is the page's place elsewhere (nil for a page with an outlet).
func (c *Conn) Far() Far { return c.far }

// Outlet is where the page's updates go (nil for a page elsewhere).
func (c *Conn) Outlet() Outlet { return c.out }

// Send sends the page an update; false when it does not keep it (then
// its buffer may be reused).
func (c *Conn) Send(m frame.Message) (kept bool) {
	if c.out == nil {
		return false // its node is sent frames, not updates (Room.publish)
	}
	return c.out.Send(m)
}

// Close closes the page with 1012, on which it reconnects; a page
// elsewhere is marked gone.
func (c *Conn) Close() {
	c.gone.Store(true)
	if c.out != nil {
		c.out.Restart()
	}
}

func (c *Conn) isClosed() bool {
	if c.out != nil {
		return c.out.Closed()
	}
	return c.gone.Load()
}
