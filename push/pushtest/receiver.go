// Package pushtest is a push service for tests: it hands out browser-like
// subscriptions, and for every notification posted to one it checks the
// VAPID signature (RFC 8292) and decrypts the payload (RFC 8291,
// aes128gcm) as a browser would, independently of the sending library.
package pushtest

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// Notification is one push the receiver accepted, decrypted.
type Notification struct {
	Device  string // the subscription's id
	Payload []byte // the plaintext
	Topic   string
	TTL     string
	Urgency string
	Key     string // the VAPID public key that signed it
	At      time.Time
}

// Receiver is a local push service over TLS.
type Receiver struct {
	srv *httptest.Server
	got chan Notification

	mu      sync.Mutex
	devices map[string]*device
	errs    []error
	// delay is how long the receiver waits before answering: a slow push
	// service (SetDelay).
	delay time.Duration
}

type device struct {
	private *ecdh.PrivateKey
	auth    []byte
	gone    bool
}

// New starts a receiver, closed when the test ends.
func New(t testing.TB) *Receiver {
	r := &Receiver{got: make(chan Notification, 64), devices: map[string]*device{}}
	r.srv = httptest.NewTLSServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

// Host is the receiver's host and port, for the sender's allow-list.
func (r *Receiver) Host() string { return strings.TrimPrefix(r.srv.URL, "https://") }

// Transport trusts the receiver's certificate.
func (r *Receiver) Transport() http.RoundTripper { return r.srv.Client().Transport }

// Certificate is the receiver's certificate, PEM-encoded, for a server
// process that must trust it (SSL_CERT_FILE).
func (r *Receiver) Certificate() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: r.srv.Certificate().Raw})
}

// Subscribe makes a device's subscription and returns its id and the JSON a
// browser's PushSubscription.toJSON() would give.
func (r *Receiver) Subscribe() (id string, subscription []byte) {
	private, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	id = base64.RawURLEncoding.EncodeToString(auth[:9])
	r.mu.Lock()
	r.devices[id] = &device{private: private, auth: auth}
	r.mu.Unlock()
	b64 := base64.RawURLEncoding.EncodeToString
	subscription, _ = json.Marshal(map[string]any{
		"endpoint":       r.srv.URL + "/push/" + id,
		"expirationTime": nil,
		"keys":           map[string]string{"p256dh": b64(private.PublicKey().Bytes()), "auth": b64(auth)},
	})
	return id, subscription
}

// Unsubscribe makes the device's endpoint answer 410 Gone from now on, as
// a push service does once the browser has unsubscribed.
func (r *Receiver) Unsubscribe(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if d := r.devices[id]; d != nil {
		d.gone = true
	}
}

// Next waits up to d for the next notification.
func (r *Receiver) Next(d time.Duration) (Notification, error) {
	select {
	case n := <-r.got:
		return n, nil
	case <-time.After(d):
		return Notification{}, fmt.Errorf("pushtest: no notification within %v (refused: %v)", d, r.Refused())
	}
}

// Refused lists why the receiver refused requests, so far.
func (r *Receiver) Refused() []error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]error(nil), r.errs...)
}

// SetDelay makes the receiver wait d before it answers each request (or
// until the sender gives up), as a slow or overloaded push service does.
func (r *Receiver) SetDelay(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.delay = d
}

func (r *Receiver) serve(w http.ResponseWriter, req *http.Request) {
	id, _ := strings.CutPrefix(req.URL.Path, "/push/")
	r.mu.Lock()
	d, delay := r.devices[id], r.delay
	r.mu.Unlock()
	if delay > 0 {
		// The body read first, so that the server notices the sender
		// giving up (it watches the connection only once the body is in).
		body, _ := io.ReadAll(io.LimitReader(req.Body, 8<<10))
		req.Body = io.NopCloser(bytes.NewReader(body))
		select {
		case <-time.After(delay):
		case <-req.Context().Done():
			// Given up on: no answer at all. Returning would answer 200
			// (net/http's implicit one), which a sender reading it as it
			// gives up could take for a success: TestASlowPushServiceHoldsNobody
			// once saw a send to this slow service succeed.
			panic(http.ErrAbortHandler)
		}
	}
	if req.Method != http.MethodPost || d == nil {
		http.NotFound(w, req)
		return
	}
	if d.gone {
		http.Error(w, "unsubscribed", http.StatusGone)
		return
	}
	n, err := r.accept(req, d)
	if err != nil {
		r.mu.Lock()
		r.errs = append(r.errs, err)
		r.mu.Unlock()
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	n.Device = id
	r.got <- n
	w.WriteHeader(http.StatusCreated)
}

// accept checks a push request's headers and signature and decrypts it.
func (r *Receiver) accept(req *http.Request, d *device) (Notification, error) {
	if ce := req.Header.Get("Content-Encoding"); ce != "aes128gcm" {
		return Notification{}, fmt.Errorf("Content-Encoding %q, want aes128gcm", ce)
	}
	if req.Header.Get("TTL") == "" {
		return Notification{}, errors.New("no TTL header")
	}
	key, err := checkVAPID(req.Header.Get("Authorization"), r.srv.URL)
	if err != nil {
		return Notification{}, err
	}
	body, err := io.ReadAll(io.LimitReader(req.Body, 8<<10))
	if err != nil {
		return Notification{}, err
	}
	plain, err := decrypt(body, d.private, d.auth)
	if err != nil {
		return Notification{}, err
	}
	return Notification{Payload: plain, Topic: req.Header.Get("Topic"), TTL: req.Header.Get("TTL"),
		Urgency: req.Header.Get("Urgency"), Key: key, At: time.Now()}, nil
}

// checkVAPID verifies an "Authorization: vapid t=JWT, k=KEY" header: an
// ES256 JWT signed by KEY, for this origin, unexpired, with a contact.
func checkVAPID(header, origin string) (key string, err error) {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return "", fmt.Errorf("Authorization %q is not vapid", header)
	}
	var token string
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			token = v
		case "k":
			key = v
		}
	}
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil {
		return "", fmt.Errorf("vapid k: %w", err)
	}
	public, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return "", fmt.Errorf("vapid k: %w", err)
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", errors.New("vapid t is not a JWT")
	}
	var head struct{ Alg, Typ string }
	if err := decodeJSON(parts[0], &head); err != nil || head.Alg != "ES256" {
		return "", fmt.Errorf("JWT header %+v, want ES256", head)
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return "", errors.New("JWT signature is not 64 bytes")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	rr, ss := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
	if !ecdsa.Verify(public, digest[:], rr, ss) {
		return "", errors.New("JWT signature does not verify with k")
	}
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := decodeJSON(parts[1], &claims); err != nil {
		return "", fmt.Errorf("JWT claims: %w", err)
	}
	if u, _ := url.Parse(origin); claims.Aud != u.Scheme+"://"+u.Host {
		return "", fmt.Errorf("JWT aud %q, want %q", claims.Aud, origin)
	}
	if exp := time.Unix(claims.Exp, 0); time.Until(exp) <= 0 || time.Until(exp) > 24*time.Hour {
		return "", fmt.Errorf("JWT exp %v is not within the next 24 hours", exp)
	}
	if !strings.HasPrefix(claims.Sub, "mailto:") && !strings.HasPrefix(claims.Sub, "https:") {
		return "", fmt.Errorf("JWT sub %q is not a contact", claims.Sub)
	}
	return key, nil
}

// decrypt opens an aes128gcm body (RFC 8188) with the keys RFC 8291
// derives from the device's private key and auth secret.
func decrypt(body []byte, private *ecdh.PrivateKey, auth []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body shorter than its header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if len(body) < 21+idlen || idlen != 65 {
		return nil, fmt.Errorf("keyid of %d bytes, want the sender's 65-byte key", idlen)
	}
	senderKey, ciphertext := body[21:21+idlen], body[21+idlen:]
	if uint32(len(ciphertext)) > rs {
		return nil, fmt.Errorf("a record of %d bytes, more than rs %d: one record only", len(ciphertext), rs)
	}
	sender, err := ecdh.P256().NewPublicKey(senderKey)
	if err != nil {
		return nil, fmt.Errorf("keyid: %w", err)
	}
	shared, err := private.ECDH(sender)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), private.PublicKey().Bytes()...), senderKey...)
	prkKey, err := hkdf.Extract(sha256.New, shared, auth)
	if err != nil {
		return nil, err
	}
	ikm, err := hkdf.Expand(sha256.New, prkKey, string(info), 32)
	if err != nil {
		return nil, err
	}
	prk, err := hkdf.Extract(sha256.New, ikm, salt)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypt: %w", err)
	}
	// The last record ends with the delimiter 2, then zero padding.
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:len(plain)-1], nil
}

func decodeJSON(part string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(part)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
