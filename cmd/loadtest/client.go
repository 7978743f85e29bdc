package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// checkTarget accepts only an http(s) URL of this machine (a loopback
// address or "localhost") unless remote targets are explicitly allowed.
func checkTarget(raw string, allowRemote bool) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("-url: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("-url %q: the scheme must be http or https", raw)
	}
	if u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("-url %q: give only scheme, host and port (http://127.0.0.1:8080)", raw)
	}
	u.Path = ""
	if !allowRemote && !isLoopback(u.Hostname()) {
		return nil, fmt.Errorf("-url %q is not a loopback address; load tests may only target this machine (pass -allow-remote to override)", raw)
	}
	return u, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// spreadAddrs reports whether the simulated browsers can each connect from
// their own loopback address (127.0.0.0/8 is all loopback on Linux), as real
// users come from their own addresses: the server limits WebSockets and new
// rooms per client address.
func spreadAddrs(base *url.URL) bool {
	ip := net.ParseIP(base.Hostname())
	return ip != nil && ip.To4() != nil && ip.IsLoopback()
}

// browserAddr is the source address of browser n: 127.1.0.1, 127.1.0.2, ...
func browserAddr(n int) net.IP {
	return net.IPv4(127, byte(1+n/(250*250)), byte(n/250%250), byte(n%250+1))
}

type localAddrKey struct{}

// newTransport is the HTTP transport every browser shares; with spread,
// connections leave from the address their request's context names, and
// are not kept for reuse (another browser would inherit the address).
func newTransport(spread bool) *http.Transport {
	d := &net.Dialer{Timeout: 10 * time.Second}
	return &http.Transport{
		DisableKeepAlives: spread, MaxIdleConns: 256, MaxIdleConnsPerHost: 256, IdleConnTimeout: 30 * time.Second,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if ip, ok := ctx.Value(localAddrKey{}).(net.IP); ok {
				local := *d
				local.LocalAddr = &net.TCPAddr{IP: ip}
				return local.DialContext(ctx, network, addr)
			}
			return d.DialContext(ctx, network, addr)
		},
	}
}

// browser is one simulated browser: its own cookie jar (and, with
// spreading, its own source address), sharing the tool's HTTP transport.
type browser struct {
	base   *url.URL
	target int // the index of base among the run's targets
	origin string
	local  net.IP // nil: the system's choice
	client *http.Client
	ws     *http.Client // for WebSocket handshakes: no timeout (it would cover the whole connection)
}

func newBrowser(base *url.URL, transport http.RoundTripper, local net.IP) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{
		base:   base,
		origin: base.Scheme + "://" + base.Host,
		local:  local,
		client: &http.Client{Transport: transport, Jar: jar, Timeout: 30 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
		ws: &http.Client{Transport: transport},
	}
}

func (b *browser) url(path string) string { return b.origin + path }

// ctx marks a request's context with the browser's source address.
func (b *browser) ctx(ctx context.Context) context.Context {
	if b.local == nil {
		return ctx
	}
	return context.WithValue(ctx, localAddrKey{}, b.local)
}

// get fetches a page as a browser would (and drops the body).
func (b *browser) get(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(b.ctx(ctx), http.MethodGet, b.url(path), nil)
	if err != nil {
		return err
	}
	resp, err := b.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", path, resp.Status)
	}
	return nil
}

// friendForm is the lobby form of a friend room with no clock, the creator
// first.
func friendForm(gameID string) url.Values {
	return url.Values{"game": {gameID}, "mode": {"friend"}, "clock": {"none"}, "seat": {"first"}}
}

// createRoom posts the lobby form and returns the room's path (/r/{id}).
func (b *browser) createRoom(ctx context.Context, form url.Values) (string, error) {
	req, err := http.NewRequestWithContext(b.ctx(ctx), http.MethodPost, b.url("/rooms"), strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", b.origin) // what the lobby page's form sends
	resp, err := b.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusSeeOther {
		return "", fmt.Errorf("POST /rooms: %s: %.200s", resp.Status, body)
	}
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || !strings.HasPrefix(loc.Path, "/r/") || strings.Count(loc.Path, "/") != 2 ||
		(loc.Host != "" && loc.Host != b.base.Host) {
		return "", fmt.Errorf("POST /rooms: unexpected redirect to %q", resp.Header.Get("Location"))
	}
	return loc.Path, nil
}

// dial opens the room's WebSocket with the browser's cookie and the page's
// Origin, as htmx's ws extension does.
func (b *browser) dial(ctx context.Context, roomPath string) (*websocket.Conn, error) {
	wsURL := *b.base
	wsURL.Scheme = map[string]string{"http": "ws", "https": "wss"}[b.base.Scheme]
	wsURL.Path = roomPath + "/ws"
	h := http.Header{}
	h.Set("Origin", b.origin)
	pageURL, _ := url.Parse(b.url(roomPath))
	for _, c := range b.client.Jar.Cookies(pageURL) {
		h.Add("Cookie", c.Name+"="+c.Value)
	}
	ws, resp, err := websocket.Dial(b.ctx(ctx), wsURL.String(), &websocket.DialOptions{HTTPClient: b.ws, HTTPHeader: h})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("WebSocket %s: %s: %w", roomPath, resp.Status, err)
		}
		return nil, fmt.Errorf("WebSocket %s: %w", roomPath, err)
	}
	// A page has no message limit; a long Amazons game's fragment is tens of KiB.
	ws.SetReadLimit(4 << 20)
	return ws, nil
}
