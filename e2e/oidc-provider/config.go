package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"time"
)

// Config is the provider's whole setup, one JSON file written by the cluster harness (e2e/cluster/oidc/provider.ts).
// It holds the test accounts' passwords and the clients' secrets, so the harness writes it with mode 0600.
type Config struct {
	// Issuer is the https URL the tokens name as "iss" and discovery answers with; no trailing slash.
	Issuer string `json:"issuer"`
	// Listen is the loopback address to serve on (host:port of the issuer).
	Listen     string `json:"listen"`
	TLSCert    string `json:"tlsCert"`
	TLSKey     string `json:"tlsKey"`
	SigningKey string `json:"signingKey"` // an RSA private key, PEM; kept across restarts so tokens stay valid
	// TokenLifetimeSeconds is how long ID and access tokens live; refresh tokens live RefreshLifetimeSeconds.
	TokenLifetimeSeconds   int      `json:"tokenLifetimeSeconds"`
	RefreshLifetimeSeconds int      `json:"refreshLifetimeSeconds"`
	Users                  []User   `json:"users"`
	Clients                []Client `json:"clients"`
}

type User struct {
	Name     string   `json:"name"`
	Password string   `json:"password"`
	Email    string   `json:"email"`
	Groups   []string `json:"groups"`
}

type Client struct {
	ID     string `json:"id"`
	Secret string `json:"secret"`
	// RedirectURIs are exact URIs or doublestar globs ("http://127.0.0.1:*/oauth2/callback"): the test servers
	// choose their ports when they start.
	RedirectURIs           []string `json:"redirectURIs"`
	PostLogoutRedirectURIs []string `json:"postLogoutRedirectURIs"`
	// Audiences are added to the ID token's "aud" beside the client's own ID, so that the API server, which accepts
	// one audience, takes the tokens of every client that names it.
	Audiences []string `json:"audiences"`
}

func loadConfig(path string) (*Config, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cfg Config
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &cfg, cfg.validate()
}

func (c *Config) validate() error {
	issuer, err := url.Parse(c.Issuer)
	if err != nil || issuer.Scheme != "https" || issuer.Host == "" {
		return errors.New("issuer must be an https URL")
	}
	if c.Listen == "" || c.TLSCert == "" || c.TLSKey == "" || c.SigningKey == "" {
		return errors.New("listen, tlsCert, tlsKey and signingKey are required")
	}
	if len(c.Users) == 0 || len(c.Clients) == 0 {
		return errors.New("at least one user and one client are required")
	}
	for _, u := range c.Users {
		if u.Name == "" || u.Password == "" {
			return errors.New("every user needs a name and a password")
		}
	}
	for _, cl := range c.Clients {
		if cl.ID == "" || cl.Secret == "" || len(cl.RedirectURIs) == 0 {
			return fmt.Errorf("client %q needs an id, a secret and at least one redirect URI", cl.ID)
		}
	}
	return nil
}

func (c *Config) tokenLifetime() time.Duration {
	return seconds(c.TokenLifetimeSeconds, 5*time.Minute)
}

func (c *Config) refreshLifetime() time.Duration {
	return seconds(c.RefreshLifetimeSeconds, 8*time.Hour)
}

func seconds(value int, fallback time.Duration) time.Duration {
	if value <= 0 {
		return fallback
	}
	return time.Duration(value) * time.Second
}
