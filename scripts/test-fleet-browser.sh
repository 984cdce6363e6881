#!/usr/bin/env bash
# scripts/test-groups' fleet-browser group: the browser specs that need memdash to read two clusters (Playwright's
# project fleet: the fleet page, Ctrl-K and a workload across clusters), on the lane's cluster and a stage started
# beside it (e2e/cluster/lib/pair.ts), on the last build; the stage is stopped again at the end. One JSON report at
# $REPORT.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
[ -e .next/BUILD_ID ] || npx next build || exit 1 # scripts/test.sh built it; alone, build once
node --input-type=module -e "const { upSecond } = await import('./e2e/cluster/lib/pair.ts'); upSecond();" || exit 1
trap 'node --input-type=module -e "const { downSecond } = await import(\"./e2e/cluster/lib/pair.ts\"); downSecond();"' EXIT
state=${MEMDASH_CLUSTER_DIR:-$PWD/.cluster}
# a store and an output folder of its own: the main lane's browser run may be going on beside it (scripts/test.sh)
mkdir -p "$state/e2e-fleet"
export MEMDASH_CLUSTERS="$state/clusters.yaml" MEMDASH_E2E_SKIP_BUILD=1 MEMDASH_E2E_TRACE=${MEMDASH_E2E_TRACE:-off}
export MEMDASH_E2E_STORE="$state/e2e-fleet/run-$(date +%s%3N).sqlite"
PLAYWRIGHT_JSON_OUTPUT_NAME="${REPORT:-/dev/null}" MEMDASH_E2E_OUTPUT=test-results/fleet \
  npx playwright test --project fleet --reporter=list,json
