#!/usr/bin/env bash
# Builds kube-apiserver, kube-controller-manager, kube-scheduler and kubectl from the k8s.io/kubernetes Go module,
# and kwok from sigs.k8s.io/kwok, into a cache outside the repo. Only missing binaries are built.
# k8s.io/kubernetes requires its staging modules at v0.0.0 and its own replaces are ignored for dependencies, so a
# wrapper module replaces each of them with the matching v0.<minor>.<patch>. Both wrappers are on Kyverno's module
# list (tool-modules.sh): what they compile, Kyverno's build finds in the build cache.
# Run through `npm run cluster -- build` (e2e/cluster/lib/binaries.ts sets the versions and folders).
set -euo pipefail
: "${KUBE_VERSION:?}" "${KWOK_VERSION:?}" "${BIN_DIR:?}" "${KUBE_WRAPPER:?}" "${KWOK_WRAPPER:?}"
log() { printf '[build %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
# one Go build at a time on the machine (GO_BUILD_LOCK, set by e2e/cluster/lib/binaries.ts)
source "$(dirname "$0")/go-build-lock.sh"
source "$(dirname "$0")/tool-modules.sh"

# build WRAPPER PACKAGE OUTPUT LDFLAGS: one go build in a wrapper module; skipped when the output is there
build() {
  local wrapper=$1 pkg=$2 out=$3 ldflags=$4 started=$SECONDS
  [ -x "$out" ] && return 0
  log "building $(basename "$out") (cold builds take many minutes)"
  (cd "$wrapper" && go build "${tool_build_flags[@]}" -ldflags "-s -w $ldflags" -o "$out.tmp" "$pkg")
  mv "$out.tmp" "$out"
  log "built $(basename "$out") in $((SECONDS - started)) s"
}

kube_ldflags() {
  local v=v$KUBE_VERSION minor
  minor=$(echo "$KUBE_VERSION" | cut -d. -f2)
  for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    printf -- '-X %s.gitVersion=%s -X %s.gitMajor=1 -X %s.gitMinor=%s -X %s.gitTreeState=clean ' \
      "$p" "$v" "$p" "$p" "$minor" "$p"
  done
}

# the staging modules, as k8s.io/kubernetes's own go.mod lists them (`k8s.io/X => ./staging/src/k8s.io/X`), each
# replaced by its release: `k8s.io/X => k8s.io/X v0.<minor>.<patch>`
staging_replaces() {
  local module_dir
  module_dir=$(go mod download -json "k8s.io/kubernetes@v$KUBE_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  sed -n 's|^\t\(k8s.io/[a-z0-9-]*\) => ./staging/src/.*|\1 => \1 v0.'"${KUBE_VERSION#1.}"'|p' "$module_dir/go.mod"
}

main() {
  mkdir -p "$BIN_DIR"
  local staging
  staging=$(staging_replaces)
  [ -n "$staging" ] || { echo "no staging modules found in k8s.io/kubernetes@v$KUBE_VERSION's go.mod" >&2; return 1; }
  pinned_wrapper "$KUBE_WRAPPER" k8s.io/kubernetes "v$KUBE_VERSION" "$staging"
  # one binary at a time: the linker needs several GiB and the machine has 2 cores
  local cmd
  for cmd in kube-apiserver kube-controller-manager kube-scheduler kubectl; do
    build "$KUBE_WRAPPER" "k8s.io/kubernetes/cmd/$cmd" "$BIN_DIR/$cmd" "$(kube_ldflags)"
  done
  pinned_wrapper "$KWOK_WRAPPER" sigs.k8s.io/kwok "$KWOK_VERSION"
  build "$KWOK_WRAPPER" sigs.k8s.io/kwok/cmd/kwok "$BIN_DIR/kwok" "-X sigs.k8s.io/kwok/pkg/consts.Version=${KWOK_VERSION#v}"
}

main "$@"
