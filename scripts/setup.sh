#!/usr/bin/env bash
# Installs what a fresh machine lacks: Debian packages, Node 24, the npm packages, and the Kubernetes and KWOK binaries
# and our OpenID Provider the local cluster runs (built from Go modules into ~/.cache/memdash, one at a time; a cold
# build takes about 6 min on an idle 2-core machine, and later runs skip it). `--no-build` leaves the binaries out:
# scripts/test.sh builds them (and oauth2-proxy, Kyverno and helm, which only later groups need) in the background
# while the groups that need none run.
# `npm run cluster -- build` builds all of them.
set -euo pipefail
build=up
[ "${1:-}" = --no-build ] && build=none
cd "$(dirname "$0")/.."

need_apt=()
# the cluster scripts run these exact paths (a python3 elsewhere on PATH, e.g. pyenv's, does not count)
for pair in /usr/bin/etcd:etcd-server /usr/bin/prometheus:prometheus /usr/bin/promtool:prometheus \
    /usr/bin/chromium:chromium /usr/bin/chromium-headless-shell:chromium-headless-shell \
    /usr/bin/openssl:openssl /usr/bin/python3:python3 /usr/bin/jq:jq /usr/bin/curl:curl; do
  [ -x "${pair%%:*}" ] || need_apt+=("${pair#*:}")
done
# PostgreSQL for the history store of several replicas (the harness starts Debian's server; any version it ships)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || need_apt+=(postgresql)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "[setup] apt-get install ${need_apt[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(printf '%s\n' "${need_apt[@]}" | sort -u) >/dev/null
fi
# Debian's packages start their own etcd, Prometheus and PostgreSQL services where systemd runs; the cluster starts its own.
# The image's group builds the Dockerfile with buildah and runs it with podman on runc (crun refuses cgroups that are
# v1 beside a v2 hierarchy holding a controller, as some machines mount them); no daemon, none of their recommends.
need_apt=()
for pair in /usr/bin/buildah:buildah /usr/bin/podman:podman /usr/bin/runc:runc; do
  [ -x "${pair%%:*}" ] || need_apt+=("${pair#*:}")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "[setup] apt-get install ${need_apt[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

source scripts/node-env.sh
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # not `npm ci`: vite names a Windows-only optional package the registry here does not serve, so the lock file
  # cannot list it and `npm ci` calls the lock out of sync; `npm install` keeps the locked versions and skips it
  echo "[setup] npm install" >&2
  npm install --no-audit --no-fund --loglevel=error
fi
node -e "require('better-sqlite3')(':memory:').close()" 2>/dev/null || {
  echo "[setup] rebuilding better-sqlite3 for Node $(node --version)" >&2
  npm rebuild better-sqlite3
}
[ "$build" = none ] || npm run --silent cluster -- build "$build"
