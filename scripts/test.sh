#!/usr/bin/env bash
# Runs every test: types, unit tests, then the local cluster's integration tests and the browser tests against it.
# A cluster that was already running is left running; one this script started is stopped at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || { echo "setup failed"; exit 1; }
source scripts/node-env.sh

results=$(mktemp -d)
failed=0
step() { echo; echo "=== $1"; }

step "typecheck"
npx tsc --noEmit || failed=1

step "lint"
npx eslint . || failed=1

step "unit tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/unit.json" || failed=1

was_running=0
npm run --silent cluster:status >/dev/null 2>&1 && was_running=1
[ "$was_running" = 1 ] || trap 'npm run --silent cluster:down' EXIT

step "local cluster"
if npm run --silent cluster:up; then
  step "integration tests (local cluster)"
  npx vitest run --config vitest.cluster.config.ts --reporter=default --reporter=json \
    --outputFile.json="$results/cluster.json" || failed=1
  if [ -f playwright.config.ts ]; then
    step "browser tests (Chromium)"
    PLAYWRIGHT_JSON_OUTPUT_NAME="$results/browser.json" npx playwright test --reporter=list,json || failed=1
  fi
else
  echo "the local cluster did not start: integration and browser tests not run"
  failed=1
fi

node scripts/test-summary.ts "$results" || failed=1
exit $failed
