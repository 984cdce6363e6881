#!/usr/bin/env bash
# Runs every group of scripts/test-groups (types, unit tests, then the local cluster's integration tests and the
# browser tests against it) and closes with scripts/test-summary.ts's line "N passed, N failed", which fails the run
# when any group is missing, did not run, skipped a test, or failed to load a file.
# A cluster that was already running is left running; one this script started is stopped at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || { echo "setup failed"; exit 1; }
source scripts/node-env.sh

results=$(mktemp -d)
failed=0
cluster=unknown

# Starts the local cluster the first time a group needs it; says whether it is up.
cluster_up() {
  if [ "$cluster" = unknown ]; then
    npm run --silent cluster:status >/dev/null 2>&1 || trap 'npm run --silent cluster:down' EXIT
    echo; echo "=== local cluster"
    if npm run --silent cluster:up; then cluster=up; else cluster=down; fi
  fi
  [ "$cluster" = up ]
}

while read -r name report needs command <&3; do
  case "$name" in ''|'#'*) continue ;; esac
  if [ "$needs" = cluster ] && ! cluster_up; then
    echo "the local cluster did not start" >"$results/$name.notrun"
    continue
  fi
  echo; echo "=== $name"
  REPORT="$results/$name.json" bash -c "$command" </dev/null
  code=$?
  echo "$code" >"$results/$name.exit"
  [ "$code" = 0 ] || failed=1
done 3< scripts/test-groups

node scripts/test-summary.ts scripts/test-groups "$results" || failed=1
exit $failed
