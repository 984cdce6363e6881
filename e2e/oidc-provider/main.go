// Command oidc-provider is a small OpenID Provider for memdash's tests and demo, built on the certified
// github.com/zitadel/oidc library: static users with groups, a login form, the authorization code flow with PKCE,
// refresh tokens and a groups claim, over HTTPS. Its whole setup is one JSON file (see Config).
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

func main() {
	configPath := flag.String("config", "", "the JSON setup file")
	flag.Parse()
	if err := run(*configPath); err != nil {
		slog.Error("oidc-provider stopped", "error", err)
		os.Exit(1)
	}
}

func run(configPath string) error {
	cfg, err := loadConfig(configPath)
	if err != nil {
		return err
	}
	key, err := loadSigningKey(cfg.SigningKey)
	if err != nil {
		return err
	}
	handler, err := newHandler(cfg, newStorage(cfg, key))
	if err != nil {
		return err
	}
	server := &http.Server{Addr: cfg.Listen, Handler: logRequests(handler), ReadHeaderTimeout: 10 * time.Second}
	stop, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer cancel()
	go func() {
		<-stop.Done()
		shutdown, done := context.WithTimeout(context.Background(), 5*time.Second)
		defer done()
		_ = server.Shutdown(shutdown)
	}()
	slog.Info("serving", "issuer", cfg.Issuer, "users", len(cfg.Users), "clients", len(cfg.Clients))
	if err := server.ListenAndServeTLS(cfg.TLSCert, cfg.TLSKey); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func newHandler(cfg *Config, store *storage) (http.Handler, error) {
	var cryptoKey [32]byte // encrypts the opaque access tokens; new at each start, like the tokens themselves
	if _, err := rand.Read(cryptoKey[:]); err != nil {
		return nil, err
	}
	provider, err := op.NewProvider(&op.Config{
		CryptoKey:                cryptoKey,
		DefaultLogoutRedirectURI: "/signed-out",
		CodeMethodS256:           true,
		AuthMethodPost:           true,
		GrantTypeRefreshToken:    true,
		SupportedUILocales:       []language.Tag{language.English},
		SupportedScopes: []string{oidc.ScopeOpenID, oidc.ScopeProfile, oidc.ScopeEmail, oidc.ScopeOfflineAccess,
			groupsScope},
		SupportedClaims: []string{"sub", "aud", "exp", "iat", "iss", "auth_time", "nonce", "azp", "email",
			"email_verified", "name", "preferred_username", "groups"},
	}, store, op.StaticIssuer(cfg.Issuer))
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	login := &loginForm{storage: store, callback: op.AuthCallbackURL(provider)}
	mux.Handle(loginPath, op.NewIssuerInterceptor(provider.IssuerFromRequest).Handler(login))
	mux.HandleFunc("/signed-out", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("signed out\n"))
	})
	mux.Handle("GET /{$}", frontPage(cfg))
	mux.Handle("/", provider)
	return mux, nil
}

// logRequests logs the method and path only: queries and bodies carry codes, tokens and passwords.
func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started := time.Now()
		next.ServeHTTP(w, r)
		slog.Info("request", "method", r.Method, "path", r.URL.Path, "took", time.Since(started).Round(time.Millisecond))
	})
}
