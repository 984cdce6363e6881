package main

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// authRequestLifetime bounds how long a login form may stay open before its request is forgotten.
const authRequestLifetime = 10 * time.Minute

// storage keeps everything in memory: auth requests, codes and tokens are lost when the provider restarts, as a
// user's session at a real provider can be; the signing key is not (see signingKey).
type storage struct {
	mu            sync.Mutex
	cfg           *Config
	key           *signingKey
	users         map[string]User
	clients       map[string]Client
	authRequests  map[string]*authRequest
	codes         map[string]string // code -> auth request ID
	accessTokens  map[string]*accessToken
	refreshTokens map[string]*refreshToken
}

var (
	_ op.Storage                   = (*storage)(nil)
	_ op.CanSetUserinfoFromRequest = (*storage)(nil)
)

func newStorage(cfg *Config, key *signingKey) *storage {
	s := &storage{
		cfg:           cfg,
		key:           key,
		users:         map[string]User{},
		clients:       map[string]Client{},
		authRequests:  map[string]*authRequest{},
		codes:         map[string]string{},
		accessTokens:  map[string]*accessToken{},
		refreshTokens: map[string]*refreshToken{},
	}
	for _, u := range cfg.Users {
		s.users[u.Name] = u
	}
	for _, c := range cfg.Clients {
		s.clients[c.ID] = c
	}
	return s
}

func newID() string { return rand.Text() }

// checkPassword signs the login form's user in to the auth request it was shown for.
func (s *storage) checkPassword(requestID, name, password string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	request, ok := s.authRequests[requestID]
	if !ok {
		return errors.New("this sign-in has expired: start again from the application")
	}
	user, known := s.users[name]
	// compare even for an unknown name, so that the answer's timing does not tell which names exist
	matches := subtle.ConstantTimeCompare([]byte(user.Password), []byte(password)) == 1
	if !known || !matches {
		return errors.New("wrong user name or password")
	}
	request.subject = user.Name
	request.authTime = time.Now()
	request.done = true
	return nil
}

func (s *storage) CreateAuthRequest(_ context.Context, req *oidc.AuthRequest, _ string) (op.AuthRequest, error) {
	if slices.Contains(req.Prompt, oidc.PromptNone) {
		return nil, oidc.ErrLoginRequired() // no sessions here: every sign-in shows the form
	}
	// PKCE for every client, confidential ones too (OAuth 2.1): the application under test must send it
	if req.CodeChallenge == "" || req.CodeChallengeMethod != oidc.CodeChallengeMethodS256 {
		return nil, oidc.ErrInvalidRequest().WithDescription("code_challenge with code_challenge_method=S256 is required")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.forgetExpiredRequests()
	c := s.clients[req.ClientID]
	request := &authRequest{
		id:           newID(),
		created:      time.Now(),
		clientID:     req.ClientID,
		redirectURI:  req.RedirectURI,
		state:        req.State,
		nonce:        req.Nonce,
		scopes:       req.Scopes,
		audience:     append([]string{req.ClientID}, c.Audiences...),
		responseType: req.ResponseType,
		responseMode: req.ResponseMode,
		challenge:    &oidc.CodeChallenge{Challenge: req.CodeChallenge, Method: req.CodeChallengeMethod},
	}
	s.authRequests[request.id] = request
	return request, nil
}

func (s *storage) forgetExpiredRequests() {
	for id, r := range s.authRequests {
		if time.Since(r.created) > authRequestLifetime {
			delete(s.authRequests, id)
		}
	}
}

func (s *storage) AuthRequestByID(_ context.Context, id string) (op.AuthRequest, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.authRequests[id]; ok {
		return r, nil
	}
	return nil, errors.New("auth request not found")
}

func (s *storage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	s.mu.Lock()
	id, ok := s.codes[code]
	s.mu.Unlock()
	if !ok {
		return nil, errors.New("code invalid or already used")
	}
	return s.AuthRequestByID(ctx, id)
}

func (s *storage) SaveAuthCode(_ context.Context, id, code string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.codes[code] = id
	return nil
}

// DeleteAuthRequest runs once the code was exchanged: the code cannot be used twice.
func (s *storage) DeleteAuthRequest(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.authRequests, id)
	for code, requestID := range s.codes {
		if requestID == id {
			delete(s.codes, code)
		}
	}
	return nil
}

func (s *storage) CreateAccessToken(_ context.Context, req op.TokenRequest) (string, time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	token := s.newAccessToken(clientOf(req), req, "")
	return token.id, token.expires, nil
}

func clientOf(req op.TokenRequest) string {
	if withClient, ok := req.(interface{ GetClientID() string }); ok {
		return withClient.GetClientID()
	}
	return ""
}

func (s *storage) newAccessToken(clientID string, req op.TokenRequest, refreshID string) *accessToken {
	token := &accessToken{
		id:        newID(),
		clientID:  clientID,
		subject:   req.GetSubject(),
		audience:  req.GetAudience(),
		scopes:    req.GetScopes(),
		expires:   time.Now().Add(s.cfg.tokenLifetime()),
		refreshID: refreshID,
	}
	s.accessTokens[token.id] = token
	return token
}

// CreateAccessAndRefreshTokens issues a new refresh token each time; the one just used stops working (rotation).
func (s *storage) CreateAccessAndRefreshTokens(_ context.Context, req op.TokenRequest, current string) (string, string, time.Time, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	authTime, methods := time.Now(), amr(true)
	if current != "" {
		old, ok := s.refreshTokens[current]
		if !ok || time.Now().After(old.expires) {
			return "", "", time.Time{}, op.ErrInvalidRefreshToken
		}
		authTime, methods = old.authTime, old.amr
		delete(s.refreshTokens, current)
		delete(s.accessTokens, old.accessID)
	} else if signedIn, ok := req.(*authRequest); ok {
		authTime = signedIn.authTime
	}
	refresh := &refreshToken{
		id:       newID(),
		clientID: clientOf(req),
		subject:  req.GetSubject(),
		audience: req.GetAudience(),
		scopes:   req.GetScopes(),
		authTime: authTime,
		amr:      methods,
		expires:  time.Now().Add(s.cfg.refreshLifetime()),
	}
	access := s.newAccessToken(refresh.clientID, req, refresh.id)
	refresh.accessID = access.id
	s.refreshTokens[refresh.id] = refresh
	return access.id, refresh.id, access.expires, nil
}

func (s *storage) TokenRequestByRefreshToken(_ context.Context, token string) (op.RefreshTokenRequest, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.refreshTokens[token]
	if !ok || time.Now().After(r.expires) {
		return nil, op.ErrInvalidRefreshToken
	}
	copied := *r
	return &copied, nil
}

// TerminateSession is the end_session endpoint (sign-out): the user's tokens for that client stop working.
func (s *storage) TerminateSession(_ context.Context, userID, clientID string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, t := range s.refreshTokens {
		if t.subject == userID && t.clientID == clientID {
			delete(s.refreshTokens, id)
		}
	}
	for id, t := range s.accessTokens {
		if t.subject == userID && t.clientID == clientID {
			delete(s.accessTokens, id)
		}
	}
	return nil
}

func (s *storage) RevokeToken(_ context.Context, tokenOrID, _, clientID string) *oidc.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.accessTokens[tokenOrID]; ok {
		if t.clientID != clientID {
			return oidc.ErrInvalidClient().WithDescription("token was not issued to this client")
		}
		delete(s.accessTokens, tokenOrID)
		return nil
	}
	if t, ok := s.refreshTokens[tokenOrID]; ok {
		if t.clientID != clientID {
			return oidc.ErrInvalidClient().WithDescription("token was not issued to this client")
		}
		delete(s.refreshTokens, tokenOrID)
		delete(s.accessTokens, t.accessID)
	}
	return nil
}

func (s *storage) GetRefreshTokenInfo(_ context.Context, _ string, token string) (string, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.refreshTokens[token]; ok {
		return t.subject, t.id, nil
	}
	return "", "", op.ErrInvalidRefreshToken
}

func (s *storage) SigningKey(context.Context) (op.SigningKey, error) { return s.key, nil }

func (s *storage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

func (s *storage) KeySet(context.Context) ([]op.Key, error) { return []op.Key{s.key.public()}, nil }

func (s *storage) GetClientByClientID(_ context.Context, id string) (op.Client, error) {
	c, ok := s.clients[id]
	if !ok {
		return nil, fmt.Errorf("unknown client %q", id)
	}
	return &client{Client: c, tokenLifetime: s.cfg.tokenLifetime()}, nil
}

func (s *storage) AuthorizeClientIDSecret(_ context.Context, id, secret string) error {
	c, ok := s.clients[id]
	if !ok || subtle.ConstantTimeCompare([]byte(c.Secret), []byte(secret)) != 1 {
		return errors.New("unknown client or wrong secret")
	}
	return nil
}

// SetUserinfoFromScopes is deprecated by the library in favour of SetUserinfoFromRequest.
func (s *storage) SetUserinfoFromScopes(context.Context, *oidc.UserInfo, string, string, []string) error {
	return nil
}

func (s *storage) SetUserinfoFromRequest(_ context.Context, info *oidc.UserInfo, req op.IDTokenRequest, scopes []string) error {
	return s.setUserinfo(info, req.GetSubject(), scopes)
}

func (s *storage) SetUserinfoFromToken(_ context.Context, info *oidc.UserInfo, tokenID, _, _ string) error {
	t, err := s.liveAccessToken(tokenID)
	if err != nil {
		return err
	}
	return s.setUserinfo(info, t.subject, t.scopes)
}

func (s *storage) SetIntrospectionFromToken(_ context.Context, in *oidc.IntrospectionResponse, tokenID, _, clientID string) error {
	t, err := s.liveAccessToken(tokenID)
	if err != nil {
		return err
	}
	if !slices.Contains(t.audience, clientID) {
		return errors.New("token was not issued to this client")
	}
	info := new(oidc.UserInfo)
	if err := s.setUserinfo(info, t.subject, t.scopes); err != nil {
		return err
	}
	in.SetUserInfo(info)
	in.Scope = t.scopes
	in.ClientID = t.clientID
	in.Expiration = oidc.FromTime(t.expires)
	return nil
}

func (s *storage) liveAccessToken(id string) (*accessToken, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.accessTokens[id]
	if !ok || time.Now().After(t.expires) {
		return nil, errors.New("token invalid or expired")
	}
	return t, nil
}

func (s *storage) setUserinfo(info *oidc.UserInfo, subject string, scopes []string) error {
	user, ok := s.users[subject]
	if !ok {
		return fmt.Errorf("unknown user %q", subject)
	}
	for _, scope := range scopes {
		switch scope {
		case oidc.ScopeOpenID:
			info.Subject = user.Name
		case oidc.ScopeProfile:
			info.PreferredUsername = user.Name
			info.Name = user.Name
		case oidc.ScopeEmail:
			info.Email = user.Email
			info.EmailVerified = oidc.Bool(user.Email != "")
		case groupsScope:
			if len(user.Groups) > 0 {
				info.AppendClaims("groups", user.Groups)
			}
		}
	}
	return nil
}

func (s *storage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

// GetKeyByIDAndClientID serves the JWT profile grant, which this provider does not offer.
func (s *storage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, errors.New("JWT profile grant not supported")
}

func (s *storage) ValidateJWTProfileScopes(context.Context, string, []string) ([]string, error) {
	return nil, errors.New("JWT profile grant not supported")
}

func (s *storage) Health(context.Context) error { return nil }
