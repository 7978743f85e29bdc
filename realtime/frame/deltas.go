package frame

// SharedDeltas are the updates of one broadcast, each worked out once for
// all the pages that showed the same frame, and their buffers given back
// once sent (recycle).
type SharedDeltas map[deltaKey]*sharedDelta

type deltaKey struct {
	from *Digest
	to   *Frame
}

// sharedDelta is an update, and whether a connection keeps it (then its
// buffer is not reused).
type sharedDelta struct {
	f    Message
	kept bool
}

// Send sends c the update that turns its page, showing the frame from
// digests, into one showing to.
func (ds SharedDeltas) Send(c Sink, from *Digest, to *Frame) {
	k := deltaKey{from, to}
	d := ds[k]
	if d == nil {
		d = &sharedDelta{f: DeltaMessage(from, to)}
		ds[k] = d
	}
	if !d.f.Empty() && c.Send(d.f) {
		d.kept = true
	}
}

// Recycle gives back the buffers of the updates no connection keeps.
func (ds SharedDeltas) Recycle() {
	for _, d := range ds {
		if !d.kept {
			d.f.Recycle()
		}
	}
}

// SendDelta sends c the update from the frame digested by from to the
// frame to, for c alone.
func SendDelta(c Sink, from *Digest, to *Frame) {
	if f := DeltaMessage(from, to); f.Empty() || !c.Send(f) {
		f.Recycle()
	}
}

// Sink is where a page's updates go: Send hands one over without waiting,
// and reports whether the sink keeps it (then its buffer is not reused).
type Sink interface {
	Send(m Message) (kept bool)
}
