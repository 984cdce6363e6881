#!/usr/bin/env bash
# Builds the real Kyverno admission controller (cmd/kyverno) and its CLI (cmd/cli/kubectl-kyverno, for `kyverno test`)
# from the github.com/kyverno/kyverno Go module into a cache outside the repo. Skipped when both are there.
# In a wrapper module whose module list every Go binary of the cluster is built on (tool-modules.sh).
# Run through `npm run cluster -- build` (e2e/cluster/kyverno/real/binary.ts sets the version and folders).
set -euo pipefail
: "${KYVERNO_VERSION:?}" "${KYVERNO_BIN:?}" "${KYVERNO_CLI:?}" "${KYVERNO_WRAPPER:?}"
log() { printf '[build %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

[ -x "$KYVERNO_BIN" ] && [ -x "$KYVERNO_CLI" ] && exit 0
# one Go build at a time on the machine (GO_BUILD_LOCK, set by the harness), then one Kyverno build
source "$(dirname "$0")/go-build-lock.sh"
source "$(dirname "$0")/tool-modules.sh"
mkdir -p "$KYVERNO_WRAPPER" "$(dirname "$KYVERNO_BIN")"
# one build at a time (two clusters' `up` at once): the second waits, then finds the binary
exec 9>"$KYVERNO_WRAPPER/.lock"
flock 9
[ -x "$KYVERNO_BIN" ] && [ -x "$KYVERNO_CLI" ] && exit 0
kyverno_wrapper
cd "$KYVERNO_WRAPPER"

# one go build: (output, package); skipped when the output is there
build() {
  local out=$1 package=$2 started=$SECONDS
  [ -x "$out" ] && return 0
  log "building $package $KYVERNO_VERSION (a cold build takes many minutes and a few GiB)"
  go build "${tool_build_flags[@]}" \
    -ldflags "-s -w -X github.com/kyverno/kyverno/pkg/version.BuildVersion=$KYVERNO_VERSION" \
    -o "$out.tmp" "$package"
  mv "$out.tmp" "$out"
  log "built $package in $((SECONDS - started)) s"
}
build "$KYVERNO_BIN" github.com/kyverno/kyverno/cmd/kyverno
# the CLI shares most packages with the admission controller: its build after it is short
build "$KYVERNO_CLI" github.com/kyverno/kyverno/cmd/cli/kubectl-kyverno
