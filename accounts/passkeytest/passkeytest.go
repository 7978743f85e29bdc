// Package passkeytest is a passkey in software, for tests: a P-256 key
// that answers a server's WebAuthn options as a browser and its
// authenticator would (the client data, the authenticator data, the
// attestation "none", the signature), so that registrations and log-ins
// can be tested, and replayed, without a browser.
package passkeytest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-webauthn/webauthn/protocol/webauthncbor"
	"github.com/go-webauthn/webauthn/protocol/webauthncose"
)

// Authenticator is one passkey, made by Create.
type Authenticator struct {
	// Origin is the page's origin the browser reports
	// ("http://localhost:8080"); RPID the site's name the passkey is for.
	Origin, RPID string
	// NoCount makes a passkey that keeps no sign count (it reports 0
	// every time), as many synced passkeys do: then only the server's
	// single-use challenges stop a replay.
	NoCount bool

	key *ecdsa.PrivateKey
	// ID is the credential ID; UserHandle the account's handle the server
	// gave at Create.
	ID, UserHandle []byte
	// SignCount is the count of the last signature.
	SignCount uint32
}

// New is a passkey for the site rpID seen at origin, not made yet.
func New(origin, rpID string) *Authenticator {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	return &Authenticator{Origin: origin, RPID: rpID, key: key, ID: id}
}

var b64 = base64.RawURLEncoding

// options is what a server's options hold that a passkey reads.
type options struct {
	PublicKey struct {
		Challenge string `json:"challenge"`
		RPID      string `json:"rpId"`
		RP        struct {
			ID string `json:"id"`
		} `json:"rp"`
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	} `json:"publicKey"`
}

func readOptions(raw []byte) (*options, error) {
	var o options
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, fmt.Errorf("passkeytest: options: %w", err)
	}
	if o.PublicKey.Challenge == "" {
		return nil, errors.New("passkeytest: the options have no challenge")
	}
	return &o, nil
}

// clientData is the browser's clientDataJSON for a ceremony.
func (a *Authenticator) clientData(kind, challenge string) []byte {
	b, _ := json.Marshal(map[string]any{"type": kind, "challenge": challenge, "origin": a.Origin, "crossOrigin": false})
	return b
}

// authData is the authenticator data: the site's hash, the flags (user
// present and verified, and attested credential data when made), the
// count, and what follows.
func (a *Authenticator) authData(flags byte, rest []byte) []byte {
	rp := sha256.Sum256([]byte(a.RPID))
	out := append(rp[:], flags|0x01|0x04)
	out = binary.BigEndian.AppendUint32(out, a.SignCount)
	return append(out, rest...)
}

// Create answers creation options (the JSON of a
// navigator.credentials.create argument) with the registration's JSON, as
// a browser posts it.
func (a *Authenticator) Create(raw []byte) ([]byte, error) {
	o, err := readOptions(raw)
	if err != nil {
		return nil, err
	}
	if o.PublicKey.RP.ID != a.RPID {
		return nil, fmt.Errorf("passkeytest: options for %q, not %q", o.PublicKey.RP.ID, a.RPID)
	}
	if a.UserHandle, err = b64.DecodeString(o.PublicKey.User.ID); err != nil {
		return nil, fmt.Errorf("passkeytest: user id: %w", err)
	}
	pub, err := a.key.PublicKey.ECDH()
	if err != nil {
		return nil, err
	}
	point := pub.Bytes() // 0x04, X, Y
	cose, err := webauthncbor.Marshal(webauthncose.EC2PublicKeyData{
		PublicKeyData: webauthncose.PublicKeyData{KeyType: int64(webauthncose.EllipticKey), Algorithm: int64(webauthncose.AlgES256)},
		Curve:         1, XCoord: point[1:33], YCoord: point[33:65]})
	if err != nil {
		return nil, err
	}
	attested := make([]byte, 16) // AAGUID: none
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(a.ID)))
	attested = append(append(attested, a.ID...), cose...)
	a.bump()
	auth := a.authData(0x40, attested)
	object, err := webauthncbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": auth})
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{
		"id": b64.EncodeToString(a.ID), "rawId": b64.EncodeToString(a.ID), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(a.clientData("webauthn.create", o.PublicKey.Challenge)),
			"attestationObject": b64.EncodeToString(object),
			"transports":        []string{"internal"},
		},
		"clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform",
	})
}

// bump moves the count on for a new signature (unless it keeps none).
func (a *Authenticator) bump() {
	if !a.NoCount {
		a.SignCount++
	}
}

// Get answers request options (the JSON of a navigator.credentials.get
// argument) with the assertion's JSON, as a browser posts it, signed.
func (a *Authenticator) Get(raw []byte) ([]byte, error) {
	o, err := readOptions(raw)
	if err != nil {
		return nil, err
	}
	if o.PublicKey.RPID != a.RPID {
		return nil, fmt.Errorf("passkeytest: options for %q, not %q", o.PublicKey.RPID, a.RPID)
	}
	return a.Sign(o.PublicKey.Challenge)
}

// Sign is an assertion of the challenge (base64url) with the next count.
func (a *Authenticator) Sign(challenge string) ([]byte, error) {
	a.bump()
	auth := a.authData(0, nil)
	client := a.clientData("webauthn.get", challenge)
	clientHash := sha256.Sum256(client)
	digest := sha256.Sum256(append(append([]byte{}, auth...), clientHash[:]...))
	sig, err := ecdsa.SignASN1(rand.Reader, a.key, digest[:])
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{
		"id": b64.EncodeToString(a.ID), "rawId": b64.EncodeToString(a.ID), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(client),
			"authenticatorData": b64.EncodeToString(auth),
			"signature":         b64.EncodeToString(sig),
			"userHandle":        b64.EncodeToString(a.UserHandle),
		},
		"clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform",
	})
}
