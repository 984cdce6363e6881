#!/usr/bin/env bash
# Builds the real Kyverno admission controller (cmd/kyverno) and its CLI (cmd/cli/kubectl-kyverno, for `kyverno test`)
# from the github.com/kyverno/kyverno Go module into a cache outside the repo. Skipped when both are there.
# A dependency's replace lines are ignored, so a wrapper module carries the module's one replace
# (k8s.io/pod-security-admission => Kyverno's fork); without it the build fails on the fork's API.
# Run through `npm run cluster -- build` (e2e/cluster/kyverno/real/binary.ts sets the version and folders).
set -euo pipefail
: "${KYVERNO_VERSION:?}" "${KYVERNO_BIN:?}" "${KYVERNO_CLI:?}" "${KYVERNO_WRAPPER:?}"
log() { printf '[build %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

[ -x "$KYVERNO_BIN" ] && [ -x "$KYVERNO_CLI" ] && exit 0
# one Go build at a time on the machine (GO_BUILD_LOCK, set by the harness), then one Kyverno build
source "$(dirname "$0")/go-build-lock.sh"
mkdir -p "$KYVERNO_WRAPPER" "$(dirname "$KYVERNO_BIN")"
# one build at a time (two clusters' `up` at once): the second waits, then finds the binary
exec 9>"$KYVERNO_WRAPPER/.lock"
flock 9
[ -x "$KYVERNO_BIN" ] && [ -x "$KYVERNO_CLI" ] && exit 0
cd "$KYVERNO_WRAPPER"

# the module itself first (its go.mod names the replace this wrapper must repeat)
go mod download -json "github.com/kyverno/kyverno@$KYVERNO_VERSION" >/dev/null
module_dir=$(go mod download -json "github.com/kyverno/kyverno@$KYVERNO_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[ -f "$module_dir/go.mod" ] || { log "no go.mod in the downloaded module ($module_dir)"; exit 1; }
{
  echo "module memdash.local/kyverno-build"
  echo
  echo "go $(sed -n 's/^go //p' "$module_dir/go.mod")"
  echo
  echo "require github.com/kyverno/kyverno $KYVERNO_VERSION"
  echo
  grep '^replace ' "$module_dir/go.mod"
} > go.mod.new
cmp -s go.mod.new go.mod 2>/dev/null || cp go.mod.new go.mod
rm -f go.mod.new
# the wrapper needs a package of its own for go to treat it as a main module with sources
echo "package kyvernobuild" > doc.go

# one go build: (module, ldflags) -> output; skipped when the output is there
build() {
  local out=$1 package=$2 started=$SECONDS
  [ -x "$out" ] && return 0
  log "building $package $KYVERNO_VERSION (a cold build takes many minutes and a few GiB)"
  CGO_ENABLED=0 GOFLAGS=-mod=mod go build -p 2 -trimpath \
    -ldflags "-s -w -X github.com/kyverno/kyverno/pkg/version.BuildVersion=$KYVERNO_VERSION" \
    -o "$out.tmp" "$package"
  mv "$out.tmp" "$out"
  log "built $package in $((SECONDS - started)) s"
}
build "$KYVERNO_BIN" github.com/kyverno/kyverno/cmd/kyverno
# the CLI shares most packages with the admission controller: its build after it is short
build "$KYVERNO_CLI" github.com/kyverno/kyverno/cmd/cli/kubectl-kyverno
