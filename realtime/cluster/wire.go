package cluster

import (
	"encoding/binary"
	"errors"
	"fmt"

	"boardroom/realtime/frame"
)

// What the nodes of a cluster say to each other about a room. A page's
// node asks the room's owner on the room's "in" subject (requests, JSON);
// the owner publishes on the room's "out" subject what the pages elsewhere
// should show (updates, binary: frames are tens of kilobytes).

// inSubject is where the owner of room id takes requests.
func inSubject(id string) string { return "boardroom.room." + id + ".in" }

// outSubject is where the owner of room id publishes its updates.
func outSubject(id string) string { return "boardroom.room." + id + ".out" }

// orphansSubject is where a node that hands its rooms over names them, so
// that the others take them at once.
const orphansSubject = "boardroom.orphans"

// peerOp is what a page's node asks of a room's owner.
type peerOp string

const (
	opOpen     peerOp = "open"     // a page opened (or is opened again at a new owner)
	opInput    peerOp = "input"    // a message from a page
	opKeep     peerOp = "keep"     // the pages a node still has open in the room
	opBye      peerOp = "bye"      // a page closed
	opSnapshot peerOp = "snapshot" // the live fragment as a viewer would see it, for a page's first load
)

// peerPage names one page on a node.
type peerPage struct {
	Page  string `json:"page"`
	Token string `json:"token,omitempty"` // the viewer's token hash
	Name  string `json:"name,omitempty"`
	// Account is the username of the page's signed-in holder.
	Account string `json:"account,omitempty"`
	// BotAccount says Account is a bot account ("bot" on the wire, as
	// older nodes send it).
	BotAccount bool `json:"bot,omitempty"`
	// JSON and Legal are the page's Stream: a program's page (programs.go).
	JSON  bool `json:"json,omitempty"`
	Legal bool `json:"legal,omitempty"`
}

// peerRequest is one request to a room's owner.
type peerRequest struct {
	Op   peerOp `json:"op"`
	Node string `json:"node"` // the asking node's session
	peerPage
	// Data is the page's message as it came (opInput); Refused says the
	// page's node refused it unread: "fast" or "binary".
	Data    string `json:"data,omitempty"`
	Refused string `json:"refused,omitempty"`
	// Pages are the node's open pages (opKeep).
	Pages []peerPage `json:"pages,omitempty"`
	// Share is the room's link as the viewer's browser names it
	// (opSnapshot).
	Share string `json:"share,omitempty"`
}

// peerReply answers a request.
type peerReply struct {
	// Epoch is the owner's: updates of older epochs are stale.
	Epoch int64  `json:"epoch"`
	Error string `json:"error,omitempty"`
	// Unknown lists pages of the request the owner does not have (its
	// node opens them again).
	Unknown []string `json:"unknown,omitempty"`
	// Game and Live are a snapshot's game id and live fragment.
	Game string `json:"game,omitempty"`
	Live []byte `json:"live,omitempty"`
}

// Updates on the out subject start with their kind.
const (
	updFrames     = 'F' // frames, and which pages show which
	updSpectators = 'S' // the spectator count's fragment, for every page
	updClosed     = 'C' // the owner stopped running the room
)

// frameUpdate is what the owner publishes after a change: each distinct
// frame that a page elsewhere should show, once. Pages lists the pages
// that show other than the default; every other page of the room shows the
// default (Default < 0: no default, only the listed pages change).
type frameUpdate struct {
	Epoch   int64
	Version uint64
	Frames  []*frame.Frame
	Default int
	Pages   map[string]int
}

func (u *frameUpdate) encode() []byte {
	b := []byte{updFrames}
	b = binary.AppendVarint(b, u.Epoch)
	b = binary.AppendUvarint(b, u.Version)
	b = binary.AppendUvarint(b, uint64(len(u.Frames)))
	for _, f := range u.Frames {
		b = f.AppendBinary(b)
	}
	b = binary.AppendVarint(b, int64(u.Default))
	b = binary.AppendUvarint(b, uint64(len(u.Pages)))
	for page, i := range u.Pages {
		b = binary.AppendUvarint(b, uint64(len(page)))
		b = append(b, page...)
		b = binary.AppendUvarint(b, uint64(i))
	}
	return b
}

var errBadUpdate = errors.New("bad update")

func decodeFrameUpdate(b []byte) (*frameUpdate, error) {
	if len(b) == 0 || b[0] != updFrames {
		return nil, errBadUpdate
	}
	b = b[1:]
	u := &frameUpdate{Pages: map[string]int{}}
	var err error
	next := func() uint64 {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			err = errBadUpdate
			return 0
		}
		b = b[n:]
		return v
	}
	nextSigned := func() int64 {
		v, n := binary.Varint(b)
		if n <= 0 {
			err = errBadUpdate
			return 0
		}
		b = b[n:]
		return v
	}
	u.Epoch = nextSigned()
	u.Version = next()
	n := next()
	if err != nil || n > uint64(len(b)) {
		return nil, errBadUpdate
	}
	for range n {
		var f *frame.Frame
		if f, b, err = frame.Decode(b); err != nil {
			return nil, fmt.Errorf("%w: %w", errBadUpdate, err)
		}
		u.Frames = append(u.Frames, f)
	}
	u.Default = int(nextSigned())
	pages := next()
	if err != nil || pages > uint64(len(b)) || u.Default >= len(u.Frames) {
		return nil, errBadUpdate
	}
	for range pages {
		l := next()
		if err != nil || l > uint64(len(b)) {
			return nil, errBadUpdate
		}
		page := string(b[:l])
		b = b[l:]
		i := next()
		if err != nil || i >= uint64(len(u.Frames)) {
			return nil, errBadUpdate
		}
		u.Pages[page] = int(i)
	}
	return u, nil
}

// epochUpdate is an update of one kind that carries only its epoch and
// bytes (the spectator count; the owner closing).
func epochUpdate(kind byte, epoch int64, data []byte) []byte {
	b := binary.AppendVarint([]byte{kind}, epoch)
	return append(b, data...)
}

func decodeEpochUpdate(b []byte) (epoch int64, data []byte, err error) {
	if len(b) == 0 {
		return 0, nil, errBadUpdate
	}
	epoch, n := binary.Varint(b[1:])
	if n <= 0 {
		return 0, nil, errBadUpdate
	}
	return epoch, b[1+n:], nil
}
