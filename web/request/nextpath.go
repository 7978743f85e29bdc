package request

import (
	"net/url"
	"path"
	"strings"
	"unicode"
)

// maxNextDecodings is how many layers of percent-encoding NextPath looks
// through: a value still encoded after that many is refused.
const maxNextDecodings = 4

// NextPath is where to go once signed in: a path of this site, else the
// lobby (never another site: an open redirect would lend our name). The
// path is cleaned first, as http.Redirect would clean it, so that what is
// checked is what the Location header says: "/x/../\evil.example" passed
// the check as written and left as "/\evil.example", which browsers read
// as "//evil.example".
func NextPath(next string) string {
	cleaned := cleanRedirectPath(next)
	if !onSite(cleaned) {
		return "/"
	}
	return cleaned
}

// cleanRedirectPath cleans the path of next as http.Redirect does: the
// part before "?" through path.Clean, a trailing slash kept. Cleaning a
// cleaned path changes nothing, so Redirect sends it as it is.
func cleanRedirectPath(next string) string {
	p, query, hasQuery := strings.Cut(next, "?")
	if p == "" {
		return next
	}
	cleaned := path.Clean(p)
	if strings.HasSuffix(p, "/") && !strings.HasSuffix(cleaned, "/") {
		cleaned += "/"
	}
	if hasQuery {
		cleaned += "?" + query
	}
	return cleaned
}

// onSite reports whether a cleaned next is a path of this site whatever
// reads it: a single "/" first, and, at every layer of its percent-encoding,
// no backslash (browsers read "\" as "/"), no control character (they drop
// tabs and newlines, joining what was around them), no "//" first, no
// scheme and no host.
func onSite(next string) bool {
	if !strings.HasPrefix(next, "/") {
		return false
	}
	layer := next
	for range maxNextDecodings {
		if !plainPath(layer) {
			return false
		}
		decoded, err := url.PathUnescape(layer)
		if err != nil {
			return false
		}
		if decoded == layer {
			return true
		}
		layer = decoded
	}
	return false // still encoded after every layer looked through
}

// plainPath is one layer of onSite's checks.
func plainPath(p string) bool {
	if strings.ContainsRune(p, '\\') || strings.ContainsFunc(p, unicode.IsControl) {
		return false
	}
	if strings.HasPrefix(p, "//") || strings.HasPrefix(cleanRedirectPath(p), "//") {
		return false
	}
	u, err := url.Parse(p)
	return err == nil && u.Scheme == "" && u.Host == "" && u.User == nil
}
