package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// Keys are the server's VAPID key pair (RFC 8292), base64url as browsers
// take the public one in applicationServerKey. Every node must sign with
// the same pair, since a subscription is bound to the public key it was
// made with: the pair is made once and kept in the database.
type Keys struct {
	Public  string
	Private string
}

// NewKeys makes a VAPID key pair.
func NewKeys() (Keys, error) {
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		return Keys{}, fmt.Errorf("push: VAPID keys: %w", err)
	}
	return Keys{Public: public, Private: private}, nil
}

// Keeper keeps a site's one key pair (store.Push's PushKeys): it stores
// the pair fresh makes when it has none, and returns the one it has.
type Keeper func(ctx context.Context, fresh func() (public, private string, err error)) (public, private string, err error)

// LoadKeys is the site's key pair as keep has it, made by NewKeys the first
// time: every node that loads it at once gets the same pair.
func LoadKeys(ctx context.Context, keep Keeper) (Keys, error) {
	public, private, err := keep(ctx, func() (string, string, error) {
		k, err := NewKeys()
		return k.Public, k.Private, err
	})
	if err != nil {
		return Keys{}, fmt.Errorf("push: keys: %w", err)
	}
	return Keys{Public: public, Private: private}, nil
}

// Message is a notification's payload, as the service worker shows it.
type Message struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	// URL is the page a click opens, a path on this site.
	URL string `json:"url"`
	// Tag groups notifications: a newer one of the same tag replaces the
	// older on the device, and the push service collapses ones it still
	// holds (its Topic).
	Tag string `json:"tag,omitempty"`
}

// ErrGone means the push service no longer knows the subscription (404 or
// 410): the browser unsubscribed or the subscription expired, and it
// should be dropped.
var ErrGone = errors.New("push: the subscription is gone")

// Sender sends notifications with one key pair to the allowed hosts.
type Sender struct {
	keys  Keys
	hosts Hosts
	// contact is the VAPID subject: how a push service reaches the
	// site's operator (a mailto: or https: URL).
	contact string
	client  *http.Client
}

// sendTimeout bounds one notification's request: a slow push service
// must not hold the caller.
const sendTimeout = 10 * time.Second

// NewSender returns a Sender. transport is the HTTP transport to use (nil
// for Go's default; a test passes its receiver's).
func NewSender(keys Keys, hosts Hosts, contact string, transport http.RoundTripper) *Sender {
	client := &http.Client{
		Transport: transport,
		Timeout:   sendTimeout,
		// A push service answers; it never sends us elsewhere. Following
		// a redirect would let a listed host aim us at an unlisted one.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return &Sender{keys: keys, hosts: hosts, contact: contact, client: client}
}

// PublicKey is the key browsers subscribe with (GET /push/key).
func (s *Sender) PublicKey() string { return s.keys.Public }

// Check checks a subscription as Send will: a stored one whose host left
// the allow-list is refused here too.
func (s *Sender) Check(sub Subscription) error { return sub.check(s.hosts) }

// ttl is how long a push service keeps a notification for a device that
// is offline: a day, since a correspondence move waits days.
const ttl = 24 * 60 * 60

// Send encrypts m for sub and posts it to sub's push service. It returns
// ErrGone when the subscription should be dropped.
func (s *Sender) Send(ctx context.Context, sub Subscription, m Message) error {
	if err := sub.check(s.hosts); err != nil {
		return err
	}
	payload, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("push: %w", err)
	}
	ws := &webpush.Subscription{Endpoint: sub.Endpoint, Keys: webpush.Keys{Auth: sub.Keys.Auth, P256dh: sub.Keys.P256dh}}
	resp, err := webpush.SendNotificationWithContext(ctx, payload, ws, &webpush.Options{
		HTTPClient:      s.client,
		Subscriber:      s.contact,
		Topic:           topic(m.Tag),
		TTL:             ttl,
		Urgency:         webpush.UrgencyNormal,
		VAPIDPublicKey:  s.keys.Public,
		VAPIDPrivateKey: s.keys.Private,
	})
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			return fmt.Errorf("push: %s: %w", hostOf(sub.Endpoint), ue.Err)
		}
		return fmt.Errorf("push: %w", err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10)) // so the connection is reused
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return ErrGone
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	default:
		return fmt.Errorf("push: %s answered %s", hostOf(sub.Endpoint), resp.Status)
	}
}

// topic turns a tag into a Topic header's value: at most 32 characters of
// the URL-safe base64 alphabet (RFC 8030, section 5.4).
func topic(tag string) string {
	out := make([]byte, 0, 32)
	for i := 0; i < len(tag) && len(out) < 32; i++ {
		c := tag[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			out = append(out, c)
		}
	}
	return string(out)
}

// hostOf names an endpoint's host in errors: the rest of the URL is the
// subscription's secret identity at the push service.
func hostOf(endpoint string) string {
	if u, err := url.Parse(endpoint); err == nil {
		return u.Host
	}
	return "the push service"
}
