#!/usr/bin/env bash
# The dashboard on a local demo cluster with sample data: http://127.0.0.1:${PORT:-3000}
#   scripts/demo.sh                nobody signs in (MEMDASH_AUTH=none, loopback only)
#   scripts/demo.sh --auth oidc    sign in at the local cluster's OpenID Provider as one of its three test accounts
#   scripts/demo.sh --clusters 2   two local clusters, prd and stage (the same workloads, other rows), in one memdash
#                                  (MEMDASH_CLUSTERS, docs/local-cluster.md)
# It installs and builds only what it runs (scripts/setup.sh demo): the cluster's Kubernetes and KWOK binaries, and
# our OpenID Provider only with --auth oidc; no PostgreSQL (memdash keeps its history in SQLite), no browser, no
# image tools.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/demo.sh [--auth none|oidc] [--clusters 1|2]" >&2; exit 64; }
auth=none clusters=1
while [ $# -gt 0 ]; do
  case "$1" in
    --auth) auth=${2:-}; shift 2 || usage ;;
    --auth=*) auth=${1#--auth=}; shift ;;
    --clusters) clusters=${2:-}; shift 2 || usage ;;
    --clusters=*) clusters=${1#--clusters=}; shift ;;
    *) usage ;;
  esac
done
[ "$auth" = none ] || [ "$auth" = oidc ] || usage
[ "$clusters" = 1 ] || [ "$clusters" = 2 ] || usage
if [ "$auth" = oidc ] && [ "$clusters" = 2 ]; then
  # the stage's API server does not trust the first cluster's provider: a signed-in person could read nothing there
  echo "scripts/demo.sh: --auth oidc runs with one cluster only (the stage's API server trusts no provider)" >&2
  exit 64
fi
if [ "$auth" = oidc ]; then scripts/setup.sh demo --oidc; else scripts/setup.sh demo; fi
source scripts/node-env.sh
port=${PORT:-3000}
up=(--no-postgres --clusters "$clusters")
[ "$auth" = oidc ] && up+=(--oidc)
npm run --silent cluster -- up "${up[@]}"
npm run --silent build
export KUBECONFIG="$PWD/.cluster/kubeconfig/viewer.yaml"
MEMDASH_PROMETHEUS_URL=$(node -e 'const s=require("./.cluster/state.json");console.log(`http://127.0.0.1:${s.ports.prometheus}`)')
export MEMDASH_PROMETHEUS_URL
if [ "$clusters" = 2 ]; then
  # both clusters, each read with its own viewer kubeconfig and its own Prometheus (written by `up --clusters 2`)
  export MEMDASH_CLUSTERS="$PWD/.cluster/clusters.yaml"
  echo "two clusters: prd (.cluster) and stage (.cluster/stage), named in $MEMDASH_CLUSTERS"
fi
if [ "$auth" = oidc ]; then
  # the provider's issuer, memdash's client and its secret as the harness made them; a session key for this run only
  MEMDASH_OIDC_ISSUER=$(node -e 'const s=require("./.cluster/state.json");console.log(`https://127.0.0.1:${s.ports.oidc}`)')
  MEMDASH_OIDC_CLIENT_SECRET=$(node -e 'console.log(require("./.cluster/oidc/secrets.json").clients.memdash)')
  MEMDASH_SESSION_KEY=$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("base64"))')
  export MEMDASH_AUTH=oidc MEMDASH_OIDC_ISSUER MEMDASH_OIDC_CLIENT_SECRET MEMDASH_SESSION_KEY
  export MEMDASH_OIDC_CLIENT_ID=memdash MEMDASH_PUBLIC_URL="http://127.0.0.1:$port"
  export MEMDASH_OIDC_SCOPES='openid profile email groups offline_access' MEMDASH_AUDIT_GROUP=platform
  export NODE_EXTRA_CA_CERTS="$PWD/.cluster/pki/ca.crt"
  echo "sign in as shop-reader (reads shop), platform-reader (reads everything, and the audit) or no-rights;"
  echo "platform-operator writes as prd-write may, with its own ID token, when MEMDASH_WRITE_AS_USER=on is set;"
  echo "their passwords: jq .passwords .cluster/oidc/secrets.json (the provider's certificate is the local CA's)"
fi
echo "memdash on http://127.0.0.1:$port (Ctrl-C stops it; npm run cluster:down stops the cluster$([ "$clusters" = 1 ] || echo 's'))"
# `npm start`: the memory settings memdash runs with outside a container (see docs/operations.md, "Memory")
exec npm start --silent -- --port "$port"
