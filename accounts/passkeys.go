package accounts

// Passkeys (WebAuthn) log a player in with no password: the browser or the
// phone keeps a private key made for this site and signs the server's
// challenge with it. github.com/go-webauthn/webauthn does the checking (the
// CBOR and COSE decoding, the attestation formats, the signature, origin
// and relying party checks): that is a specification to follow to the
// letter, which a well-kept library does better than code of our own.
// What it leaves to us is kept here: the challenges, single-use and in the
// database (store.Passkeys), and the sign count.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"boardroom/secret"
	"boardroom/store"
)

// ChallengeLife is how long a passkey ceremony may take, from its
// challenge to its answer: the browser is told as much.
const ChallengeLife = 5 * time.Minute

// RelyingParty is the site as its passkeys know it. ID is the host name a
// passkey is made for (and only ever offered on); Origin is the scheme,
// host and port the browser shows ("https://boardroom.example"), which the
// browser writes into what the passkey signs.
type RelyingParty struct{ ID, Origin string }

// Ceremonies, as their challenges are kept.
const (
	kindRegister = "register"
	kindLogin    = "login"
)

// The ways a passkey is refused; the web page says each in its own words.
var (
	// ErrNoChallenge says the answer matches no ceremony under way: it took
	// too long, it was answered already (a replay), or it began in another
	// browser.
	ErrNoChallenge = errors.New("accounts: no passkey challenge under way")
	// ErrUnknownPasskey says the passkey is not one of an account here.
	ErrUnknownPasskey = errors.New("accounts: the passkey is not known here")
	// ErrBadPasskey says the passkey's answer did not check out (unreadable,
	// wrong signature, origin, or sign count).
	ErrBadPasskey = errors.New("accounts: the passkey could not be checked")
	// ErrPasskeyTaken says the passkey belongs to an account already.
	ErrPasskeyTaken = errors.New("accounts: the passkey is registered already")
	// ErrBadRelyingParty says the site's address cannot have passkeys (an
	// IP address, not a name).
	ErrBadRelyingParty = errors.New("accounts: passkeys need the site's host name")
)

// relyingParty is go-webauthn's configuration for rp: a passkey made for
// Boardroom, resident (found by the browser with no name typed) and
// verifying its user (a PIN, a fingerprint), since it logs in alone.
func relyingParty(rp RelyingParty) (*webauthn.WebAuthn, error) {
	if protocol.ValidateRPID(rp.ID) != nil {
		return nil, ErrBadRelyingParty
	}
	resident := true
	w, err := webauthn.New(&webauthn.Config{
		RPID: rp.ID, RPDisplayName: "Boardroom", RPOrigins: []string{rp.Origin},
		AttestationPreference: protocol.PreferNoAttestation,
		AuthenticatorSelection: protocol.AuthenticatorSelection{ResidentKey: protocol.ResidentKeyRequirementRequired,
			RequireResidentKey: &resident, UserVerification: protocol.VerificationRequired},
		// The browser gives up with the challenge; the store refuses an
		// answer after it (TakeChallenge), on the service's clock.
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Timeout: ChallengeLife, TimeoutUVD: ChallengeLife},
			Registration: webauthn.TimeoutConfig{Timeout: ChallengeLife, TimeoutUVD: ChallengeLife},
		},
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRelyingParty, err)
	}
	return w, nil
}

// passkeyUser is an account as go-webauthn sees it.
type passkeyUser struct {
	u      *store.User
	handle []byte
	creds  []webauthn.Credential
}

func (p *passkeyUser) WebAuthnID() []byte                         { return p.handle }
func (p *passkeyUser) WebAuthnName() string                       { return p.u.Name }
func (p *passkeyUser) WebAuthnDisplayName() string                { return p.u.Name }
func (p *passkeyUser) WebAuthnCredentials() []webauthn.Credential { return p.creds }

// credential is the library's record of a stored passkey, with the sign
// count the store keeps.
func credential(k store.Passkey) (webauthn.Credential, error) {
	var c webauthn.Credential
	if err := json.Unmarshal(k.Credential, &c); err != nil {
		return c, fmt.Errorf("accounts: passkey record: %w", err)
	}
	c.Authenticator.SignCount, c.Authenticator.CloneWarning = k.SignCount, false
	return c, nil
}

// begin stores a ceremony's session as a challenge and returns the
// browser's options (JSON) and the challenge's ID, for its cookie.
func (s *Service) begin(ctx context.Context, kind string, userID int64, options any, session *webauthn.SessionData) ([]byte, string, error) {
	opts, err := json.Marshal(options)
	if err != nil {
		return nil, "", err
	}
	data, err := json.Marshal(session)
	if err != nil {
		return nil, "", err
	}
	id := secret.Text(32)
	now := s.now()
	if err := s.Store.PutChallenge(ctx, store.Challenge{ID: id, UserID: userID, Kind: kind, Data: data, Expires: now.Add(ChallengeLife)}, now); err != nil {
		return nil, "", err
	}
	return opts, id, nil
}

// take takes the challenge id of a ceremony of kind (of user, for a
// registration): ErrNoChallenge when there is none.
func (s *Service) take(ctx context.Context, id, kind string, userID int64) (webauthn.SessionData, error) {
	var session webauthn.SessionData
	if id == "" || len(id) > 100 {
		return session, ErrNoChallenge
	}
	c, err := s.Store.TakeChallenge(ctx, id, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return session, ErrNoChallenge
	}
	if err != nil {
		return session, err
	}
	if c.Kind != kind || c.UserID != userID {
		return session, ErrNoChallenge
	}
	if err := json.Unmarshal(c.Data, &session); err != nil {
		return session, fmt.Errorf("accounts: challenge: %w", err)
	}
	return session, nil
}

// BeginRegistration begins adding a passkey to u's account: the options
// for the browser's navigator.credentials.create (JSON) and the ID of the
// challenge, which FinishRegistration needs back.
func (s *Service) BeginRegistration(ctx context.Context, rp RelyingParty, u *store.User) (options []byte, challenge string, err error) {
	w, err := relyingParty(rp)
	if err != nil {
		return nil, "", err
	}
	user, err := s.passkeyUser(ctx, u)
	if err != nil {
		return nil, "", err
	}
	// The passkeys u has already are excluded: the browser says so rather
	// than making a second one in the same place.
	creation, session, err := w.BeginRegistration(user,
		webauthn.WithExclusions(webauthn.Credentials(user.creds).CredentialDescriptors()),
		webauthn.WithRegistrationOrigin(rp.Origin))
	if err != nil {
		return nil, "", fmt.Errorf("accounts: begin registration: %w", err)
	}
	return s.begin(ctx, kindRegister, u.ID, creation, session)
}

// passkeyUser is u with its handle (made now if it has none) and its
// passkeys.
func (s *Service) passkeyUser(ctx context.Context, u *store.User) (*passkeyUser, error) {
	handle, err := s.Store.PasskeyHandle(ctx, u.ID, secret.Bytes(32))
	if err != nil {
		return nil, err
	}
	keys, err := s.Store.Passkeys(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	user := &passkeyUser{u: u, handle: handle}
	for _, k := range keys {
		c, err := credential(k)
		if err != nil {
			return nil, err
		}
		user.creds = append(user.creds, c)
	}
	return user, nil
}

// FinishRegistration checks the browser's answer (body: the JSON of the
// credential navigator.credentials.create made) to the challenge and
// stores the new passkey under name. ErrNoChallenge, ErrBadPasskey or
// ErrPasskeyTaken when it is refused.
func (s *Service) FinishRegistration(ctx context.Context, rp RelyingParty, u *store.User, challenge string, body []byte, name string) (*store.Passkey, error) {
	w, err := relyingParty(rp)
	if err != nil {
		return nil, err
	}
	// The challenge is spent first, whatever the answer: a second answer
	// to it is refused, and so is any answer once it expired.
	session, err := s.take(ctx, challenge, kindRegister, u.ID)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(body)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadPasskey, err)
	}
	user, err := s.passkeyUser(ctx, u)
	if err != nil {
		return nil, err
	}
	cred, err := w.CreateCredential(user, session, parsed)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadPasskey, err)
	}
	record, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	if len(name) > 100 {
		name = name[:100]
	}
	k := store.Passkey{ID: cred.ID, UserID: u.ID, RPID: rp.ID, Name: name, Credential: record,
		SignCount: cred.Authenticator.SignCount, Created: s.now()}
	if err := s.Store.AddPasskey(ctx, k); err != nil {
		if errors.Is(err, store.ErrTaken) {
			return nil, ErrPasskeyTaken
		}
		return nil, err
	}
	return &k, nil
}

// BeginLogin begins a log-in with a passkey: the options for the
// browser's navigator.credentials.get (JSON; no account named: the
// browser offers the passkeys it has for the site) and the challenge's ID.
func (s *Service) BeginLogin(ctx context.Context, rp RelyingParty) (options []byte, challenge string, err error) {
	w, err := relyingParty(rp)
	if err != nil {
		return nil, "", err
	}
	assertion, session, err := w.BeginDiscoverableLogin(webauthn.WithLoginOrigin(rp.Origin))
	if err != nil {
		return nil, "", fmt.Errorf("accounts: begin log-in: %w", err)
	}
	return s.begin(ctx, kindLogin, 0, assertion, session)
}

// FinishLogin checks the browser's answer (body: the JSON of the
// credential navigator.credentials.get returned) to the challenge and
// returns the account of the passkey, found by its user handle. The sign
// count must go up (or stay 0, for the passkeys that keep none), so that
// a copied passkey is noticed. ErrNoChallenge (expired, or answered
// already: a replay), ErrUnknownPasskey or ErrBadPasskey when it is
// refused.
func (s *Service) FinishLogin(ctx context.Context, rp RelyingParty, challenge string, body []byte) (*store.User, error) {
	w, err := relyingParty(rp)
	if err != nil {
		return nil, err
	}
	session, err := s.take(ctx, challenge, kindLogin, 0)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(body)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadPasskey, err)
	}
	var (
		found  *passkeyUser
		key    *store.Passkey
		failed error // why the passkey's account could not be found
	)
	lookup := func(rawID, handle []byte) (webauthn.User, error) {
		key, failed = s.Store.PasskeyByID(ctx, rawID)
		if errors.Is(failed, store.ErrNotFound) || (failed == nil && key.RPID != rp.ID) {
			failed = ErrUnknownPasskey
		}
		if failed != nil {
			return nil, failed
		}
		var owner *store.User
		owner, failed = s.Store.UserByPasskeyHandle(ctx, handle)
		if errors.Is(failed, store.ErrNotFound) || (failed == nil && owner.ID != key.UserID) {
			failed = ErrUnknownPasskey
		}
		if failed != nil {
			return nil, failed
		}
		c, err := credential(*key)
		if err != nil {
			failed = err
			return nil, err
		}
		found = &passkeyUser{u: owner, handle: handle, creds: []webauthn.Credential{c}}
		return found, nil
	}
	_, cred, err := w.ValidatePasskeyLogin(lookup, session, parsed)
	if failed != nil {
		if errors.Is(failed, ErrUnknownPasskey) {
			return nil, ErrUnknownPasskey
		}
		return nil, failed
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadPasskey, err)
	}
	if cred.Authenticator.CloneWarning {
		return nil, fmt.Errorf("%w: its sign count went from %d to %d: a copy of it may be in use", ErrBadPasskey,
			key.SignCount, parsed.Response.AuthenticatorData.Counter)
	}
	record, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	switch err := s.Store.UsePasskey(ctx, cred.ID, cred.Authenticator.SignCount, record, s.now()); {
	case errors.Is(err, store.ErrSignCount):
		return nil, fmt.Errorf("%w: its sign count %d did not go up", ErrBadPasskey, cred.Authenticator.SignCount)
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrUnknownPasskey // removed meanwhile
	case err != nil:
		return nil, err
	}
	return found.u, nil
}

// Passkeys lists u's passkeys, oldest first.
func (s *Service) Passkeys(ctx context.Context, u *store.User) ([]store.Passkey, error) {
	return s.Store.Passkeys(ctx, u.ID)
}

// RemovePasskey removes u's passkey id; store.ErrNotFound when u has no
// such passkey.
func (s *Service) RemovePasskey(ctx context.Context, u *store.User, id []byte) error {
	return s.Store.DeletePasskey(ctx, u.ID, id)
}
