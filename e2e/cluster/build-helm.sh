#!/usr/bin/env bash
# Builds helm from its Go module into the cache outside the repo (once; later runs find it). Prints its path.
# Used by the chart's tests (helm lint, template, install into the local cluster); run by `npm run cluster -- build`
# (e2e/cluster/lib/binaries.ts, which passes HELM_VERSION), which scripts/test.sh runs.
set -euo pipefail
HELM_VERSION=${HELM_VERSION:-v3.22.0}
BIN_DIR=${MEMDASH_CACHE:-$HOME/.cache/memdash}/bin/helm-$HELM_VERSION
if [ ! -x "$BIN_DIR/helm" ]; then
  source "$(dirname "$0")/go-build-lock.sh" # one Go build at a time on the machine (GO_BUILD_LOCK)
  started=$SECONDS
  printf '[build %s] building helm %s from its Go module\n' "$(date +%H:%M:%S)" "$HELM_VERSION" >&2
  mkdir -p "$BIN_DIR"
  CGO_ENABLED=0 GOFLAGS=-mod=mod GOBIN="$BIN_DIR" nice -n 10 go install -trimpath -ldflags "-s -w" \
    "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" >&2
  printf '[build %s] built helm in %d s\n' "$(date +%H:%M:%S)" $((SECONDS - started)) >&2
fi
echo "$BIN_DIR/helm"
