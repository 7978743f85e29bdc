package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
)

// TestASlowRequestBodyIsCutOff: a POST whose body comes a byte at a time
// held its connection for ever (330 s and counting); now the whole request
// must arrive within -request-timeout, while an open WebSocket is not
// bound by it.
func TestASlowRequestBodyIsCutOff(t *testing.T) {
	t.Parallel()
	base, stop := start(t, filepath.Join(t.TempDir(), "b.db"), &syncBuffer{}, "-request-timeout", "1s")
	defer stop()
	host := base[len("http://"):]

	c, err := net.Dial("tcp", host)
	require.NoError(t, err)
	defer c.Close()
	_, err = fmt.Fprintf(c, "POST /rooms HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n", host)
	require.NoError(t, err)
	began := time.Now()
	closed := make(chan time.Duration, 1)
	go func() {
		io.Copy(io.Discard, c) // until the server closes it
		closed <- time.Since(began)
	}()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for sent := 0; sent < 100; sent++ {
		select {
		case took := <-closed:
			require.Less(t, took, 5*time.Second)
			t.Logf("cut off after %v and %d bytes of the body", took.Round(time.Millisecond), sent)
			goto socket
		case <-tick.C:
			c.Write([]byte("g"))
		}
	}
	t.Fatal("a body sent over 20 s was read to its end")

socket:
	// A WebSocket outlives the request timeout: its connection is the
	// page's for as long as the page stays.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(base+"/rooms", map[string][]string{"game": {"kalah"}, "mode": {"hotseat"}})
	require.NoError(t, err)
	resp.Body.Close()
	room := resp.Header.Get("Location")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+base[len("http"):]+room+"/ws", &websocket.DialOptions{HTTPClient: client, HTTPHeader: http.Header{"Origin": {base}}})
	require.NoError(t, err)
	defer ws.CloseNow()
	_, _, err = ws.Read(ctx)
	require.NoError(t, err)
	time.Sleep(1500 * time.Millisecond)
	require.NoError(t, ws.Write(ctx, websocket.MessageText, []byte(`{"cell":"1,1"}`)))
	_, _, err = ws.Read(ctx)
	require.NoError(t, err, "the socket is still open after the request timeout")
}

// TestOneAddressCannotTakeEveryConnection: 19,990 idle connections from one
// address filled the node's file descriptors, and /healthz from anyone
// else timed out. Now an address holds at most -max-http-conns-per-addr;
// one more is closed at once, and another address is served.
func TestOneAddressCannotTakeEveryConnection(t *testing.T) {
	t.Parallel()
	base, stop := start(t, filepath.Join(t.TempDir(), "c.db"), &syncBuffer{}, "-max-http-conns-per-addr", "5")
	defer stop()
	host := base[len("http://"):]
	from := func(ip string) *net.Dialer {
		return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 2 * time.Second}
	}
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range 5 {
		c, err := from("127.0.0.1").Dial("tcp", host)
		require.NoError(t, err)
		held = append(held, c)
	}
	// The connections are accepted in order: wait until the fifth is.
	require.Eventually(t, func() bool { return health(base, from("127.0.0.3")) == nil }, 5*time.Second, 50*time.Millisecond)

	extra, err := from("127.0.0.1").Dial("tcp", host)
	require.NoError(t, err, "the kernel accepts it")
	defer extra.Close()
	fmt.Fprintf(extra, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", host)
	extra.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err = bufio.NewReader(extra).ReadByte()
	require.Error(t, err, "the sixth connection of one address is closed unanswered")
	var netErr net.Error
	require.False(t, errors.As(err, &netErr) && netErr.Timeout(), "closed (EOF or reset), not left waiting: %v", err)

	require.NoError(t, health(base, from("127.0.0.2")), "another address is served")
	held[0].Close()
	require.Eventually(t, func() bool { return health(base, from("127.0.0.1")) == nil }, 5*time.Second, 50*time.Millisecond,
		"a closed connection gives its place back")
}

// health asks base's /healthz through dialer, on a connection of its own.
func health(base string, d *net.Dialer) error {
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	resp, err := client.Get(base + "/healthz")
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}
