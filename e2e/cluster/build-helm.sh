#!/usr/bin/env bash
# Builds helm from its Go module into the cache outside the repo (once; later runs find it). Prints its path.
# Used by the chart's tests (helm lint, template, install into the local cluster); run by `npm run cluster -- build`
# (e2e/cluster/lib/binaries.ts, which passes HELM_VERSION and HELM_BIN), which scripts/test.sh runs.
# On Kyverno's module list, in a wrapper beside Kyverno's (tool-modules.sh).
set -euo pipefail
: "${HELM_VERSION:?}" "${HELM_BIN:?}" "${HELM_WRAPPER:?}"
if [ ! -x "$HELM_BIN" ]; then
  source "$(dirname "$0")/go-build-lock.sh" # one Go build at a time on the machine (GO_BUILD_LOCK)
  source "$(dirname "$0")/tool-modules.sh"
  started=$SECONDS
  printf '[build %s] building helm %s from its Go module\n' "$(date +%H:%M:%S)" "$HELM_VERSION" >&2
  pinned_wrapper "$HELM_WRAPPER" helm.sh/helm/v3 "$HELM_VERSION"
  mkdir -p "$(dirname "$HELM_BIN")"
  # helm's version comes from its ldflags (its Makefile sets it so)
  (cd "$HELM_WRAPPER" && nice -n 10 go build "${tool_build_flags[@]}" \
    -ldflags "-s -w -X helm.sh/helm/v3/internal/version.version=$HELM_VERSION" -o "$HELM_BIN.tmp" helm.sh/helm/v3/cmd/helm >&2)
  mv "$HELM_BIN.tmp" "$HELM_BIN"
  printf '[build %s] built helm in %d s\n' "$(date +%H:%M:%S)" $((SECONDS - started)) >&2
fi
echo "$HELM_BIN"
