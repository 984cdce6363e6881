package main

import (
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// groupsScope asks for the "groups" claim, as Dex and most providers that carry groups name it.
const groupsScope = "groups"

// client is one confidential web client: code flow only (with PKCE, see storage.CreateAuthRequest), refresh
// tokens, a secret sent by HTTP Basic or in the form.
type client struct {
	Client
	tokenLifetime time.Duration
}

var _ op.HasRedirectGlobs = (*client)(nil)

func (c *client) GetID() string                    { return c.ID }
func (c *client) RedirectURIs() []string           { return exact(c.Client.RedirectURIs) }
func (c *client) RedirectURIGlobs() []string       { return globs(c.Client.RedirectURIs) }
func (c *client) PostLogoutRedirectURIs() []string { return exact(c.Client.PostLogoutRedirectURIs) }
func (c *client) PostLogoutRedirectURIGlobs() []string {
	return globs(c.Client.PostLogoutRedirectURIs)
}
func (c *client) ApplicationType() op.ApplicationType { return op.ApplicationTypeWeb }
func (c *client) AuthMethod() oidc.AuthMethod         { return oidc.AuthMethodBasic }
func (c *client) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (c *client) GrantTypes() []oidc.GrantType {
	return []oidc.GrantType{oidc.GrantTypeCode, oidc.GrantTypeRefreshToken}
}
func (c *client) LoginURL(authRequestID string) string {
	return loginPath + "?authRequestID=" + authRequestID
}
func (c *client) AccessTokenType() op.AccessTokenType { return op.AccessTokenTypeBearer }
func (c *client) IDTokenLifetime() time.Duration      { return c.tokenLifetime }
func (c *client) DevMode() bool                       { return false }
func (c *client) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(scopes []string) []string { return scopes }
}
func (c *client) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(scopes []string) []string { return scopes }
}
func (c *client) IsScopeAllowed(scope string) bool { return scope == groupsScope }

// IDTokenUserinfoClaimsAssertion puts the profile, email and groups claims in the ID token itself: the API server
// and oauth2-proxy read them there, not from the userinfo endpoint.
func (c *client) IDTokenUserinfoClaimsAssertion() bool { return true }
func (c *client) ClockSkew() time.Duration             { return 0 }

func isGlob(uri string) bool { return strings.ContainsAny(uri, "*?[{") }

func exact(uris []string) []string { return filter(uris, func(u string) bool { return !isGlob(u) }) }
func globs(uris []string) []string { return filter(uris, isGlob) }

func filter(uris []string, keep func(string) bool) []string {
	out := []string{}
	for _, u := range uris {
		if keep(u) {
			out = append(out, u)
		}
	}
	return out
}
