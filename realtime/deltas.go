package realtime

import "boardroom/realtime/frame"

// sharedDeltas are the updates of one broadcast, each worked out once for
// all the pages that showed the same frame, and their buffers given back
// once sent (recycle).
type sharedDeltas map[deltaKey]*sharedDelta

type deltaKey struct {
	from *frame.Digest
	to   *frame.Frame
}

// sharedDelta is an update, and whether a connection keeps it (then its
// buffer is not reused).
type sharedDelta struct {
	f    frame.Message
	kept bool
}

// send sends c the update that turns its page, showing the frame from
// digests, into one showing to.
func (ds sharedDeltas) send(c *Conn, from *frame.Digest, to *frame.Frame) {
	k := deltaKey{from, to}
	d := ds[k]
	if d == nil {
		d = &sharedDelta{f: frame.DeltaMessage(from, to)}
		ds[k] = d
	}
	if !d.f.Empty() && c.enqueue(d.f) {
		d.kept = true
	}
}

// recycle gives back the buffers of the updates no connection keeps.
func (ds sharedDeltas) recycle() {
	for _, d := range ds {
		if !d.kept {
			d.f.Recycle()
		}
	}
}

// sendDelta sends c the update from the frame digested by from to the
// frame to, for c alone.
func sendDelta(c *Conn, from *frame.Digest, to *frame.Frame) {
	if f := frame.DeltaMessage(from, to); f.Empty() || !c.enqueue(f) {
		f.Recycle()
	}
}
