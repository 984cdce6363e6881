#!/usr/bin/env bash
# scripts/test-groups' browser group: every spec of e2e/browser on the last build (scripts/test.sh built it), in two
# runs of Playwright with one history store: the specs that only read (project readers), then those that
# change what others read (project writers, playwright.config.ts) one at a time, on a cluster no reader is looking at.
# A failing reader does not keep the writers from running. One JSON report of both at $REPORT.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
parts=$(mktemp -d)
trap 'rm -rf "$parts"' EXIT
# the store both runs record into, new as a fresh clone's (playwright.config.ts would start one per run)
rm -rf data/e2e && mkdir -p data/e2e
export MEMDASH_E2E_STORE="data/e2e/run-$(date +%s%3N).sqlite" MEMDASH_E2E_SKIP_BUILD=1
# no traces: a screenshot of a failure, not a snapshot of every action (MEMDASH_E2E_TRACE=on to have them)
export MEMDASH_E2E_TRACE=${MEMDASH_E2E_TRACE:-off}
code=0
for project in readers writers; do
  # one at a time: two readers at once on 2 cores, beside the server and the cluster, took longer in all and brought
  # axe checks near their 60 s limit; MEMDASH_E2E_READERS raises it on a larger machine
  workers=1
  [ "$project" = readers ] && workers=${MEMDASH_E2E_READERS:-1}
  echo "=== browser: $project ($workers at a time)"
  # each run empties its own output folder as it starts
  PLAYWRIGHT_JSON_OUTPUT_NAME="$parts/$project.json" MEMDASH_E2E_WORKERS=$workers MEMDASH_E2E_OUTPUT="test-results/$project" \
    npx playwright test --project "$project" --reporter=list,json || code=1
done
node scripts/merge-playwright-reports.ts "${REPORT:-/dev/null}" "$parts/readers.json" "$parts/writers.json" || code=1
exit $code
