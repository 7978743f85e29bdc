package accounts

import "strings"

// Device names a browser for the account page from its User-Agent:
// "Firefox on Linux", "Safari on iPhone". What it does not recognise it
// calls "A browser" on whatever system it names, or "An unknown browser".
// It only has to tell a player's own devices apart, not identify them.
func Device(userAgent string) string {
	ua := strings.ToLower(userAgent)
	if ua == "" {
		return "An unknown browser"
	}
	browser := "A browser"
	for _, b := range []struct{ token, name string }{
		// Order matters: Edge and Opera say Chrome too, Chrome says Safari.
		{"edg/", "Edge"}, {"opr/", "Opera"}, {"firefox/", "Firefox"}, {"fxios/", "Firefox"},
		{"crios/", "Chrome"}, {"chromium/", "Chromium"}, {"chrome/", "Chrome"}, {"safari/", "Safari"},
		{"curl/", "curl"}, {"go-http-client", "A program"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, s := range []struct{ token, name string }{
		{"iphone", "iPhone"}, {"ipad", "iPad"}, {"android", "Android"}, {"cros", "ChromeOS"},
		{"windows", "Windows"}, {"mac os x", "macOS"}, {"macintosh", "macOS"}, {"linux", "Linux"},
	} {
		if strings.Contains(ua, s.token) {
			system = s.name
			break
		}
	}
	if system == "" {
		return browser
	}
	return browser + " on " + system
}
