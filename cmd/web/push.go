package main

import (
	"fmt"
	"net/url"
	"strings"
)

// checkContact checks -push-contact: push services (Apple's among them)
// refuse a notification whose VAPID subject is not a mailto: or https: URL.
func checkContact(contact string) error {
	if contact == "" {
		return nil // contactOr makes one from the site's address
	}
	u, err := url.Parse(contact)
	switch {
	case err != nil:
		return fmt.Errorf("-push-contact: %w", err)
	case u.Scheme == "mailto" && strings.Contains(u.Opaque, "@"):
		return nil
	case u.Scheme == "https" && u.Host != "":
		return nil
	}
	return fmt.Errorf("-push-contact must be a mailto: address or an https: URL, got %q", contact)
}

// contactOr is the VAPID subject: -push-contact when given, else the
// site's public URL when it is https, else the webmaster's address at its
// host.
func contactOr(contact, baseURL string) string {
	if contact != "" {
		return contact
	}
	u, err := url.Parse(baseURL)
	if err != nil || u.Hostname() == "" {
		return "mailto:webmaster@localhost"
	}
	if u.Scheme == "https" {
		return strings.TrimSuffix(baseURL, "/")
	}
	return "mailto:webmaster@" + u.Hostname()
}
