#!/usr/bin/env bash
# The dashboard on a local demo cluster with sample data: http://127.0.0.1:${PORT:-3000}
#   scripts/demo.sh               nobody signs in (MEMDASH_AUTH=none, loopback only)
#   scripts/demo.sh --auth oidc   sign in at the local cluster's OpenID Provider as one of its three test accounts
set -euo pipefail
cd "$(dirname "$0")/.."
auth=none
case "${1:-}" in
  '') ;;
  --auth) auth=${2:-} ;;
  --auth=*) auth=${1#--auth=} ;;
  *) echo "usage: scripts/demo.sh [--auth none|oidc]" >&2; exit 64 ;;
esac
[ "$auth" = none ] || [ "$auth" = oidc ] || { echo "usage: scripts/demo.sh [--auth none|oidc]" >&2; exit 64; }
scripts/setup.sh
source scripts/node-env.sh
port=${PORT:-3000}
if [ "$auth" = oidc ]; then npm run --silent cluster:up -- --oidc; else npm run --silent cluster:up; fi
npm run --silent build
export KUBECONFIG="$PWD/.cluster/kubeconfig/viewer.yaml"
MEMDASH_PROMETHEUS_URL=$(node -e 'const s=require("./.cluster/state.json");console.log(`http://127.0.0.1:${s.ports.prometheus}`)')
export MEMDASH_PROMETHEUS_URL
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
echo "memdash on http://127.0.0.1:$port (Ctrl-C stops it; npm run cluster:down stops the cluster)"
# `npm start`: the memory settings memdash runs with outside a container (see docs/operations.md, "Memory")
exec npm start --silent -- --port "$port"
