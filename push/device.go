package push

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// A device as the account page shows it: its endpoint is the
// subscription's secret (whoever has it, with the keys, may notify the
// device; even alone it identifies the browser at its push service), so
// the page names a device by its push service and refers to it by a hash.

// DeviceID refers to the device of endpoint without showing it: the form
// that removes a device sends this, and the server finds the endpoint
// among the account's own.
func DeviceID(endpoint string) string {
	sum := sha256.Sum256([]byte(endpoint))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// services name the browsers whose push services are DefaultHosts.
var services = []struct{ suffix, name string }{
	{"fcm.googleapis.com", "Chrome or another Chromium browser"},
	{"push.services.mozilla.com", "Firefox"},
	{"push.apple.com", "Safari"},
	{"notify.windows.com", "Edge on Windows"},
}

// ServiceOf is the push service of endpoint: its host, and the browser it
// serves in words when it is a known one ("" otherwise).
func ServiceOf(endpoint string) (host, browser string) {
	host = hostOf(endpoint)
	for _, s := range services {
		if host == s.suffix || strings.HasSuffix(host, "."+s.suffix) {
			return host, s.name
		}
	}
	return host, ""
}
