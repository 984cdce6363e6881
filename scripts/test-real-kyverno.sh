#!/usr/bin/env bash
# scripts/test-groups' real-Kyverno groups: a second local cluster in .cluster-real with Kyverno v1.19.1 itself
# answering the pod webhook (`cluster up --kyverno real`; scripts/test.sh built its binary), beside the stand-in's
# cluster that the other groups use.
#   scripts/test-real-kyverno.sh [vitest] [--keep]      the vitest project real-kyverno
#   scripts/test-real-kyverno.sh browser [--keep]        the specs of the webhook page, the explanation and the
#                                                        break-glass and drill in Chromium, on the last build
#   scripts/test-real-kyverno.sh side-by-side [--keep]   the vitest project side-by-side: each Kyverno's requests for
#                                                        the same pods (it also asks the stand-in's cluster)
# A cluster this script started is stopped when it ends, unless --keep: then the next run finds it up, and stops it,
# as it was started for the tests (the marker file below says so). scripts/test.sh runs real-kyverno and real-browser
# with --keep beside the stand-in's last groups, and side-by-side after every other group, when the stand-in's
# cluster is quiet; side-by-side stops the cluster.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
export MEMDASH_CLUSTER_DIR="$PWD/.cluster-real"
export MEMDASH_STAND_IN_CLUSTER_DIR="$PWD/.cluster"
marker="$MEMDASH_CLUSTER_DIR/started-for-tests"

mode=vitest keep=0
for arg in "$@"; do
  case "$arg" in
    vitest | browser | side-by-side) mode=$arg ;;
    --keep) keep=1 ;;
    *) echo "usage: $0 [vitest|browser|side-by-side] [--keep]" >&2; exit 2 ;;
  esac
done

if ! npm run --silent cluster:status >/dev/null 2>&1; then
  mkdir -p "$MEMDASH_CLUSTER_DIR" && touch "$marker"
fi
stop() { [ -e "$marker" ] && rm -f "$marker" && npm run --silent cluster:down; }
[ "$keep" = 1 ] || trap stop EXIT

echo "=== the real Kyverno's cluster ($MEMDASH_CLUSTER_DIR)"
began=$SECONDS
npm run --silent cluster -- up --kyverno real || { echo "the real Kyverno's cluster did not start"; exit 1; }
echo "up in $((SECONDS - began)) s"
case "$mode" in
  vitest | side-by-side)
    project=real-kyverno
    [ "$mode" = side-by-side ] && project=side-by-side
    npx vitest run --project "$project" --reporter=default --reporter=json --outputFile.json="${REPORT:-/dev/null}" ;;
  browser)
    [ -e .next/BUILD_ID ] || npx next build || exit 1 # scripts/test.sh built it; alone, build once
    # a store and an output folder of its own: the other browser run may be going on beside it (scripts/test.sh)
    mkdir -p "$MEMDASH_CLUSTER_DIR/e2e"
    PLAYWRIGHT_JSON_OUTPUT_NAME="${REPORT:-/dev/null}" MEMDASH_E2E_SKIP_BUILD=1 MEMDASH_E2E_TRACE=${MEMDASH_E2E_TRACE:-off} \
      MEMDASH_E2E_STORE="$MEMDASH_CLUSTER_DIR/e2e/run-$(date +%s).sqlite" MEMDASH_E2E_OUTPUT=test-results-real \
      npx playwright test --reporter=list,json e2e/browser/{webhook,pod-explanation,break-glass-healthy,break-glass}.spec.ts ;;
esac
