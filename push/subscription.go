// Package push sends Web Push notifications (RFC 8030, encrypted as RFC
// 8291 says, signed with VAPID as RFC 8292 says) to the push services of
// the browsers that subscribed, and to no other address.
//
// A browser's PushSubscription names an endpoint URL that the server will
// later POST to. Because anyone may subscribe, that URL is chosen by
// whoever calls the API: without a check the server could be aimed at any
// address (an internal service, a metadata endpoint). So every endpoint is
// checked against an allow-list of push services when it is subscribed and
// again when a notification is sent, and the HTTP client follows no
// redirect.
package push

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Subscription is what a browser's PushSubscription.toJSON() gives: the
// push service's endpoint and the keys its payloads are encrypted for.
type Subscription struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		// P256dh is the browser's ECDH public key (an uncompressed P-256
		// point, base64url).
		P256dh string `json:"p256dh"`
		// Auth is the browser's 16-byte authentication secret (base64url).
		Auth string `json:"auth"`
	} `json:"keys"`
}

// ErrBadSubscription is the reason a subscription is refused: it is not
// one a browser makes, or its endpoint is not a push service we send to.
var ErrBadSubscription = errors.New("push: bad subscription")

// maxEndpoint bounds an endpoint's length: real ones are a few hundred
// characters, and one is stored per device.
const maxEndpoint = 2048

// ParseSubscription reads a PushSubscription's JSON and checks it: an
// https endpoint on a host hosts allows, a P-256 public key and a 16-byte
// secret. The error says what is wrong, in words for the subscriber.
func ParseSubscription(data []byte, hosts Hosts) (Subscription, error) {
	var s Subscription
	if err := json.Unmarshal(data, &s); err != nil {
		return Subscription{}, fmt.Errorf("%w: not a PushSubscription's JSON", ErrBadSubscription)
	}
	if err := s.check(hosts); err != nil {
		return Subscription{}, err
	}
	return s, nil
}

// check is ParseSubscription's test of a decoded subscription; Send runs it
// again, so a stored subscription made under an older allow-list is not
// sent to once its host is no longer allowed.
func (s Subscription) check(hosts Hosts) error {
	if s.Endpoint == "" || len(s.Endpoint) > maxEndpoint {
		return fmt.Errorf("%w: the endpoint is missing or too long", ErrBadSubscription)
	}
	u, err := url.Parse(s.Endpoint)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return fmt.Errorf("%w: the endpoint is not an https URL", ErrBadSubscription)
	}
	if !hosts.Allows(u) {
		return fmt.Errorf("%w: %s is not a push service this site sends to", ErrBadSubscription, u.Hostname())
	}
	if key, err := decodeKey(s.Keys.P256dh); err != nil || len(key) != 65 || key[0] != 4 {
		return fmt.Errorf("%w: keys.p256dh is not a P-256 public key", ErrBadSubscription)
	}
	if secret, err := decodeKey(s.Keys.Auth); err != nil || len(secret) != 16 {
		return fmt.Errorf("%w: keys.auth is not a 16-byte secret", ErrBadSubscription)
	}
	return nil
}

// decodeKey reads a key as browsers write them: base64url, padded or not.
func decodeKey(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// Hosts is an allow-list of push services: a name allows that host, a
// name starting with "*." allows every host under it, and a name with a
// port allows that host on that port only (a test's local receiver).
type Hosts []string

// DefaultHosts are the push services of the major browsers: Chrome's and
// other Chromium browsers' (FCM), Firefox's (Mozilla's autopush), Safari's
// (Apple's) and Edge's on Windows (WNS).
var DefaultHosts = Hosts{
	"fcm.googleapis.com",
	"updates.push.services.mozilla.com",
	"web.push.apple.com",
	"*.notify.windows.com",
}

// ParseHosts reads a comma-separated allow-list, as the -push-hosts flag
// takes it.
func ParseHosts(list string) (Hosts, error) {
	var hosts Hosts
	for _, h := range strings.Split(list, ",") {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			continue
		}
		name := strings.TrimPrefix(h, "*.")
		if strings.ContainsAny(name, "/*@ ") || strings.HasPrefix(name, ".") || name == "" {
			return nil, fmt.Errorf("push: %q is not a host name", h)
		}
		hosts = append(hosts, h)
	}
	return hosts, nil
}

// Allows reports whether u's host is on the list. A name without a port
// allows only the https port, so that a listed service cannot be reached
// on another of its ports.
func (hs Hosts) Allows(u *url.URL) bool {
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		port = "443"
	}
	for _, h := range hs {
		if strings.Contains(strings.TrimPrefix(h, "["), ":") && !strings.HasPrefix(h, "*.") {
			if h == strings.ToLower(u.Host) || h == host+":"+port {
				return true
			}
			continue
		}
		if port != "443" {
			continue
		}
		if suffix, ok := strings.CutPrefix(h, "*"); ok {
			if strings.HasSuffix(host, suffix) && len(host) > len(suffix) {
				return true
			}
		} else if host == h {
			return true
		}
	}
	return false
}
