#!/usr/bin/env bash
# Builds the sign-in tests' real parts into the cache outside the repo: `provider`, our OpenID Provider
# (e2e/oidc-provider, its own Go module; the output path carries a hash of its sources, so an edit builds anew), and
# `oauth2-proxy`, from its Go module at OAUTH2_PROXY_VERSION, on Kyverno's module list (tool-modules.sh).
# What is there is skipped. Run through `npm run cluster -- build` (e2e/cluster/lib/binaries.ts sets the paths).
set -euo pipefail
: "${GO_BUILD_LOCK:?}"
log() { printf '[build %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
# shellcheck source=e2e/cluster/go-build-lock.sh
source "$(dirname "$0")/go-build-lock.sh"

provider() {
  : "${OIDC_PROVIDER_SRC:?}" "${OIDC_PROVIDER_BIN:?}"
  [ -x "$OIDC_PROVIDER_BIN" ] && return 0
  local started=$SECONDS
  log "building the OpenID Provider ($OIDC_PROVIDER_SRC)"
  mkdir -p "$(dirname "$OIDC_PROVIDER_BIN")"
  # -mod=readonly: the build must not rewrite the repo's go.mod or go.sum
  ( cd "$OIDC_PROVIDER_SRC" && CGO_ENABLED=0 GOFLAGS=-mod=readonly go build -p 2 -trimpath -buildvcs=false \
      -ldflags "-s -w" -o "$OIDC_PROVIDER_BIN.tmp" . )
  mv "$OIDC_PROVIDER_BIN.tmp" "$OIDC_PROVIDER_BIN"
  log "built the OpenID Provider in $((SECONDS - started)) s"
}

oauth2_proxy() {
  : "${OAUTH2_PROXY_VERSION:?}" "${OAUTH2_PROXY_BIN:?}" "${OAUTH2_PROXY_WRAPPER:?}"
  [ -x "$OAUTH2_PROXY_BIN" ] && return 0
  local started=$SECONDS
  log "building oauth2-proxy $OAUTH2_PROXY_VERSION from its Go module"
  # on Kyverno's module list (tool-modules.sh)
  source "$(dirname "$0")/tool-modules.sh"
  pinned_wrapper "$OAUTH2_PROXY_WRAPPER" github.com/oauth2-proxy/oauth2-proxy/v7 "$OAUTH2_PROXY_VERSION"
  mkdir -p "$(dirname "$OAUTH2_PROXY_BIN")"
  (cd "$OAUTH2_PROXY_WRAPPER" && go build "${tool_build_flags[@]}" \
    -ldflags "-s -w -X github.com/oauth2-proxy/oauth2-proxy/v7/pkg/version.VERSION=$OAUTH2_PROXY_VERSION" \
    -o "$OAUTH2_PROXY_BIN.tmp" github.com/oauth2-proxy/oauth2-proxy/v7)
  mv "$OAUTH2_PROXY_BIN.tmp" "$OAUTH2_PROXY_BIN"
  log "built oauth2-proxy in $((SECONDS - started)) s"
}

for part in "$@"; do
  case "$part" in
    provider) provider ;;
    oauth2-proxy) oauth2_proxy ;;
    *) log "unknown part $part (provider or oauth2-proxy)"; exit 2 ;;
  esac
done
