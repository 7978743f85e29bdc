// Package bus carries messages between the nodes of a Boardroom cluster:
// publish to a subject, subscribe to one, and request with a reply. NATS
// carries them in production (NATS); Memory carries them inside one process,
// for tests that run several nodes side by side.
//
// Subjects are dot-separated words, as in NATS. Every subscription's
// handler is called for one message at a time, in the order the messages
// were published by any one publisher.
package bus

import (
	"context"
	"errors"
	"time"
)

// ErrNoResponders is returned by Request when nobody subscribes to the
// subject: in a cluster, the room has no owner at the moment.
var ErrNoResponders = errors.New("bus: no responders")

// Msg is one message delivered to a subscription.
type Msg struct {
	Subject string
	Data    []byte
	// reply answers a request; nil for a plain publication.
	reply func([]byte) error
}

// Respond answers the request m carries; a publication has nobody to
// answer, and Respond does nothing.
func (m *Msg) Respond(data []byte) error {
	if m.reply == nil {
		return nil
	}
	return m.reply(data)
}

// Bus is the cluster's messaging.
type Bus interface {
	// Publish sends data to every subscriber of subject.
	Publish(subject string, data []byte) error
	// Request sends data to one subscriber of subject and waits for its
	// answer until ctx ends (ErrNoResponders when nobody subscribes).
	Request(ctx context.Context, subject string, data []byte) ([]byte, error)
	// Subscribe calls handle for each message on subject until the
	// returned function is called.
	Subscribe(subject string, handle func(*Msg)) (unsubscribe func(), err error)
	// Close ends the connection.
	Close()
}

// DefaultRequestTimeout bounds a request whose ctx has no deadline.
const DefaultRequestTimeout = 5 * time.Second
