#!/usr/bin/env bash
# Installs what a fresh machine lacks for one purpose, and nothing more:
#   scripts/setup.sh demo         what `scripts/demo.sh` runs: Debian's etcd, Prometheus, openssl and python3, Node 24,
#                                 the npm packages, and the Kubernetes and KWOK binaries (built from Go modules into
#                                 ~/.cache/memdash, one at a time; a cold build takes about 30 min on a busy 2-core
#                                 machine, and later runs skip it)
#   scripts/setup.sh demo --oidc  the same, and our OpenID Provider (`scripts/demo.sh --auth oidc`) and jq
#   scripts/setup.sh test         everything scripts/test.sh runs: also PostgreSQL, Chromium, curl, and buildah, podman
#                                 and runc for the image's group; no Go build: scripts/test.sh builds the binaries (and
#                                 oauth2-proxy, Kyverno and helm, which only later groups need) in the background while
#                                 the groups that need none run (`--no-build` is the same, its older name)
#   scripts/setup.sh              everything the tests install, and the binaries `npm run cluster:up --oidc` runs
# `npm run cluster -- build` builds all of the Go binaries.
set -euo pipefail
purpose=all oidc=0
for arg in "$@"; do
  case "$arg" in
    demo | test | all) purpose=$arg ;;
    --no-build) purpose=test ;;
    --oidc) oidc=1 ;;
    *) echo "usage: scripts/setup.sh [demo [--oidc] | test | all]" >&2; exit 64 ;;
  esac
done
cd "$(dirname "$0")/.."

# want [--no-install-recommends] PATH:PACKAGE…: the packages whose file is missing, installed below in one apt-get
# update. The cluster scripts run these exact paths (a python3 elsewhere on PATH, e.g. pyenv's, does not count).
need=() need_bare=()
want() {
  local bare=0 pair package
  [ "$1" = --no-install-recommends ] && bare=1 && shift
  for pair in "$@"; do
    package=${pair#*:}
    # a glob (PostgreSQL's folder carries its version): any match counts
    compgen -G "${pair%%:*}" >/dev/null && continue
    [[ " ${need[*]} ${need_bare[*]} " == *" $package "* ]] && continue
    if [ "$bare" = 1 ]; then need_bare+=("$package"); else need+=("$package"); fi
  done
}

# the local cluster: etcd, Prometheus (promtool backfills it), the PKI, the snapshot job's script
want /usr/bin/etcd:etcd-server /usr/bin/prometheus:prometheus /usr/bin/promtool:prometheus \
  /usr/bin/openssl:openssl /usr/bin/python3:python3
# the sign-in demo prints its accounts' passwords with jq
[ "$purpose$oidc" = demo0 ] || want /usr/bin/jq:jq
if [ "$purpose" != demo ]; then
  # the tests: Chromium for the browser groups, curl, PostgreSQL for the history store of several replicas (the
  # harness starts Debian's server; any version it ships)
  want /usr/bin/chromium:chromium /usr/bin/chromium-headless-shell:chromium-headless-shell /usr/bin/curl:curl \
    '/usr/lib/postgresql/*/bin/postgres:postgresql'
  # Debian's packages start their own etcd, Prometheus and PostgreSQL services where systemd runs; the cluster starts
  # its own. The image's group builds the Dockerfile with buildah and runs it with podman on runc (crun refuses cgroups
  # that are v1 beside a v2 hierarchy holding a controller, as some machines mount them); no daemon, none of their
  # recommends.
  want --no-install-recommends /usr/bin/buildah:buildah /usr/bin/podman:podman /usr/bin/runc:runc
fi
if [ $((${#need[@]} + ${#need_bare[@]})) -gt 0 ]; then
  echo "[setup] apt-get install ${need[*]} ${need_bare[*]}" >&2
  apt-get update -qq
  [ ${#need[@]} -eq 0 ] ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  [ ${#need_bare[@]} -eq 0 ] ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_bare[@]}" >/dev/null
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
# the Go binaries: the demo's cluster needs Kubernetes and KWOK (`build cluster`), with sign-in also our OpenID
# Provider (`build up`)
case "$purpose:$oidc" in
  demo:0) npm run --silent cluster -- build cluster ;;
  demo:1 | all:*) npm run --silent cluster -- build up ;;
esac
