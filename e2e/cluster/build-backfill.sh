#!/usr/bin/env bash
# Builds the block writer of `cluster up --scale` (e2e/cluster/backfill, its own Go module on Prometheus v0.42.0's
# tsdb, the version Debian's Prometheus runs) into BACKFILL_BIN, a path keyed by its sources. Skipped when there.
set -euo pipefail
: "${GO_BUILD_LOCK:?}" "${BACKFILL_SRC:?}" "${BACKFILL_BIN:?}"
# shellcheck source=e2e/cluster/go-build-lock.sh
source "$(dirname "$0")/go-build-lock.sh"
[ -x "$BACKFILL_BIN" ] && exit 0
started=$SECONDS
printf '[build %s] building the block writer (%s)\n' "$(date +%H:%M:%S)" "$BACKFILL_SRC" >&2
mkdir -p "$(dirname "$BACKFILL_BIN")"
# -mod=readonly: the build must not rewrite the repo's go.mod or go.sum
( cd "$BACKFILL_SRC" && CGO_ENABLED=0 GOFLAGS=-mod=readonly go build -p 2 -trimpath -buildvcs=false \
    -ldflags "-s -w" -o "$BACKFILL_BIN.tmp" . )
mv "$BACKFILL_BIN.tmp" "$BACKFILL_BIN"
printf '[build %s] built the block writer in %s s\n' "$(date +%H:%M:%S)" "$((SECONDS - started))" >&2
