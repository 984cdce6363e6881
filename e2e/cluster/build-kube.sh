#!/usr/bin/env bash
# Builds kube-apiserver, kube-controller-manager, kube-scheduler and kubectl from the k8s.io/kubernetes Go module,
# and kwok from sigs.k8s.io/kwok, into a cache outside the repo. Only missing binaries are built.
# k8s.io/kubernetes requires its staging modules at v0.0.0 and its own replaces are ignored for dependencies, so a
# wrapper module replaces each of them with the matching v0.<minor>.<patch>.
# Run through `npm run cluster -- build` (e2e/cluster/lib/binaries.ts sets the versions and folders).
set -euo pipefail
: "${KUBE_VERSION:?}" "${KWOK_VERSION:?}" "${BIN_DIR:?}" "${KUBE_WRAPPER:?}"
log() { printf '[build %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
# one Go build at a time on the machine (GO_BUILD_LOCK, set by e2e/cluster/lib/binaries.ts)
source "$(dirname "$0")/go-build-lock.sh"

build_in_wrapper() { # $1 = package path, $2 = output
  local pkg=$1 out=$2
  [ -x "$out" ] && return 0
  local started=$SECONDS
  log "building $(basename "$out") $KUBE_VERSION (cold builds take many minutes)"
  ( cd "$KUBE_WRAPPER" && CGO_ENABLED=0 GOFLAGS=-mod=mod go build -p 2 -trimpath \
      -ldflags "-s -w $(kube_ldflags)" -o "$out.tmp" "$pkg" )
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

write_wrapper() {
  mkdir -p "$KUBE_WRAPPER"
  local staging=(api apiextensions-apiserver apimachinery apiserver cli-runtime client-go cloud-provider
    cluster-bootstrap code-generator component-base component-helpers controller-manager cri-api cri-client
    csi-translation-lib dynamic-resource-allocation endpointslice externaljwt kms kube-aggregator
    kube-controller-manager kube-proxy kube-scheduler kubectl kubelet metrics mount-utils pod-security-admission
    sample-apiserver sample-cli-plugin sample-controller)
  local staging_version="v0.${KUBE_VERSION#1.}"
  {
    echo "module memdash.local/kube-build"
    echo
    echo "go 1.24.0"
    echo
    echo "godebug default=go1.24"
    echo
    echo "require k8s.io/kubernetes v$KUBE_VERSION"
    echo
    echo "replace ("
    for m in "${staging[@]}"; do echo "	k8s.io/$m => k8s.io/$m $staging_version"; done
    echo ")"
  } > "$KUBE_WRAPPER/go.mod.new"
  cmp -s "$KUBE_WRAPPER/go.mod.new" "$KUBE_WRAPPER/go.mod" 2>/dev/null || cp "$KUBE_WRAPPER/go.mod.new" "$KUBE_WRAPPER/go.mod"
  rm -f "$KUBE_WRAPPER/go.mod.new"
  # the wrapper needs one package of its own for go to treat it as a main module with sources
  echo "package kubebuild" > "$KUBE_WRAPPER/doc.go"
}

build_kwok() {
  local out="$BIN_DIR/kwok"
  [ -x "$out" ] && return 0
  local started=$SECONDS
  log "building kwok $KWOK_VERSION"
  CGO_ENABLED=0 GOBIN="$BIN_DIR/.kwok-tmp" go install -trimpath -ldflags "-s -w" "sigs.k8s.io/kwok/cmd/kwok@$KWOK_VERSION"
  mv "$BIN_DIR/.kwok-tmp/kwok" "$out" && rmdir "$BIN_DIR/.kwok-tmp"
  log "built kwok in $((SECONDS - started)) s"
}

main() {
  mkdir -p "$BIN_DIR"
  write_wrapper
  # one binary at a time: the linker needs several GiB and the machine has 2 cores
  build_in_wrapper k8s.io/kubernetes/cmd/kube-apiserver "$BIN_DIR/kube-apiserver"
  build_in_wrapper k8s.io/kubernetes/cmd/kube-controller-manager "$BIN_DIR/kube-controller-manager"
  build_in_wrapper k8s.io/kubernetes/cmd/kube-scheduler "$BIN_DIR/kube-scheduler"
  build_in_wrapper k8s.io/kubernetes/cmd/kubectl "$BIN_DIR/kubectl"
  build_kwok
}

main "$@"
