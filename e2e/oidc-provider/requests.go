package main

import (
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
)

// authRequest is one /authorize call, from its creation to the code's exchange; done once the login form accepted
// a user for it.
type authRequest struct {
	id           string
	created      time.Time
	clientID     string
	redirectURI  string
	state        string
	nonce        string
	scopes       []string
	audience     []string
	responseType oidc.ResponseType
	responseMode oidc.ResponseMode
	challenge    *oidc.CodeChallenge

	subject  string
	authTime time.Time
	done     bool
}

func (a *authRequest) GetID() string                         { return a.id }
func (a *authRequest) GetACR() string                        { return "" }
func (a *authRequest) GetAMR() []string                      { return amr(a.done) }
func (a *authRequest) GetAudience() []string                 { return a.audience }
func (a *authRequest) GetAuthTime() time.Time                { return a.authTime }
func (a *authRequest) GetClientID() string                   { return a.clientID }
func (a *authRequest) GetCodeChallenge() *oidc.CodeChallenge { return a.challenge }
func (a *authRequest) GetNonce() string                      { return a.nonce }
func (a *authRequest) GetRedirectURI() string                { return a.redirectURI }
func (a *authRequest) GetResponseType() oidc.ResponseType    { return a.responseType }
func (a *authRequest) GetResponseMode() oidc.ResponseMode    { return a.responseMode }
func (a *authRequest) GetScopes() []string                   { return a.scopes }
func (a *authRequest) GetState() string                      { return a.state }
func (a *authRequest) GetSubject() string                    { return a.subject }
func (a *authRequest) Done() bool                            { return a.done }

func amr(signedIn bool) []string {
	if signedIn {
		return []string{"pwd"}
	}
	return nil
}

// accessToken is an opaque bearer token's record (the token itself is the library's encryption of its ID).
type accessToken struct {
	id        string
	clientID  string
	subject   string
	audience  []string
	scopes    []string
	expires   time.Time
	refreshID string
}

// refreshToken is both the record and the token: its ID is the random value the client holds.
type refreshToken struct {
	id       string
	clientID string
	subject  string
	audience []string
	scopes   []string
	authTime time.Time
	amr      []string
	expires  time.Time
	accessID string
}

func (r *refreshToken) GetAMR() []string                 { return r.amr }
func (r *refreshToken) GetAudience() []string            { return r.audience }
func (r *refreshToken) GetAuthTime() time.Time           { return r.authTime }
func (r *refreshToken) GetClientID() string              { return r.clientID }
func (r *refreshToken) GetScopes() []string              { return r.scopes }
func (r *refreshToken) GetSubject() string               { return r.subject }
func (r *refreshToken) SetCurrentScopes(scopes []string) { r.scopes = scopes }
