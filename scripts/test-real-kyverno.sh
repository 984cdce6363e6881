#!/usr/bin/env bash
# scripts/test-groups' real-kyverno group: a second local cluster in .cluster-real with Kyverno v1.19.1 itself
# answering the pod webhook (`cluster up --kyverno real`; scripts/test.sh built its binary), beside the stand-in's cluster
# that the earlier groups use, then the vitest project real-kyverno against it. A cluster this script started is stopped.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
export MEMDASH_CLUSTER_DIR="$PWD/.cluster-real"
export MEMDASH_STAND_IN_CLUSTER_DIR="$PWD/.cluster"

started=0
if ! npm run --silent cluster:status >/dev/null 2>&1; then
  started=1
  trap 'npm run --silent cluster:down' EXIT
fi
echo "=== the real Kyverno's cluster ($MEMDASH_CLUSTER_DIR)"
began=$SECONDS
npm run --silent cluster -- up --kyverno real || { echo "the real Kyverno's cluster did not start"; exit 1; }
echo "up in $((SECONDS - began)) s"
npx vitest run --project real-kyverno --reporter=default --reporter=json --outputFile.json="${REPORT:-/dev/null}"
