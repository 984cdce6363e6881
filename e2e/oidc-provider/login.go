package main

import (
	"context"
	"html/template"
	"log/slog"
	"net/http"
)

const loginPath = "/login"

// loginPage is a real form, as a browser gets it: the auth request's ID travels in a hidden field.
var loginPage = template.Must(template.New("login").Parse(`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in — memdash test provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;display:flex;justify-content:center;margin-top:12vh;color:#1f2328}
form{display:flex;flex-direction:column;gap:.6rem;width:18rem}
input,button{font:inherit;padding:.45rem}
.error{color:#b42318;min-height:1.2rem}
small{color:#59636e}
</style></head>
<body>
<form method="post" action="{{.Action}}">
  <h1>Sign in</h1>
  <small>The local test provider of memdash's cluster harness: <code>npm run cluster:status</code> lists its accounts.</small>
  <input type="hidden" name="authRequestID" value="{{.ID}}">
  <label for="username">User name</label>
  <input id="username" name="username" value="{{.Username}}" autocomplete="username" required autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <p class="error" role="alert">{{.Error}}</p>
  <button type="submit">Sign in</button>
</form>
</body></html>`))

// front is what a person who opens the issuer's URL sees: what this is, who can sign in, where to read more.
var front = template.Must(template.New("front").Parse(`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>memdash test provider</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:10vh auto;color:#1f2328}td{padding:.2rem 1rem .2rem 0}</style>
</head>
<body>
<h1>memdash's test OpenID Provider</h1>
<p>The cluster harness's own provider (<code>e2e/oidc-provider</code>); the local API server trusts its ID tokens.
Sign in through an application (memdash, oauth2-proxy): this page has no sign-in of its own.
Passwords: <code>npm run cluster:status</code> says where they are.</p>
<table>{{range .Users}}<tr><td><code>{{.Name}}</code></td><td>{{if .Groups}}groups {{range $i, $g := .Groups}}{{if $i}}, {{end}}{{$g}}{{end}}{{else}}no groups{{end}}</td></tr>{{end}}</table>
<p><a href="/.well-known/openid-configuration">discovery document</a></p>
</body></html>`))

func frontPage(cfg *Config) http.Handler {
	// names and groups only: the template never sees a password
	type account struct {
		Name   string
		Groups []string
	}
	accounts := struct{ Users []account }{}
	for _, u := range cfg.Users {
		accounts.Users = append(accounts.Users, account{u.Name, u.Groups})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		_ = front.Execute(w, accounts)
	})
}

type loginForm struct {
	storage *storage
	// callback is where a signed-in request goes next: the library's /authorize/callback, which issues the code
	callback func(ctx context.Context, authRequestID string) string
}

func (l *loginForm) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "cannot parse the form", http.StatusBadRequest)
		return
	}
	id := r.FormValue("authRequestID")
	switch r.Method {
	case http.MethodGet:
		l.render(w, id, "", "", http.StatusOK)
	case http.MethodPost:
		name := r.FormValue("username")
		if err := l.storage.checkPassword(id, name, r.FormValue("password")); err != nil {
			slog.Info("sign-in refused")
			l.render(w, id, name, err.Error(), http.StatusUnauthorized)
			return
		}
		slog.Info("signed in", "user", name)
		http.Redirect(w, r, l.callback(r.Context(), id), http.StatusFound)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func (l *loginForm) render(w http.ResponseWriter, id, name, problem string, status int) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// no form-action: browsers apply it to the redirects after the post too, and those go to the client
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.WriteHeader(status)
	_ = loginPage.Execute(w, struct{ Action, ID, Username, Error string }{loginPath, id, name, problem})
}
