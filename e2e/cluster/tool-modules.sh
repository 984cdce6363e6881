#!/usr/bin/env bash
# Sourced by the builds of the test tools: the real Kyverno and its CLI (build-kyverno.sh), helm (build-helm.sh) and
# oauth2-proxy (build-signin.sh). On a fresh machine they are a third of the cold run's CPU, so they are built to cost
# less, in two ways:
# - Unoptimised (`-N -l`): no test waits on their speed, and the compiler does about a fifth less work.
# - On one module list, Kyverno's: helm and oauth2-proxy are built in wrappers that replace every module Kyverno's
#   build also uses with the version Kyverno uses. The Go build cache then holds each shared package (client-go, the
#   API types, grpc, otel…) once, compiled for Kyverno, and helm and oauth2-proxy compile only what is theirs alone.
#   Their own module versions differ from Kyverno's by patch or minor releases (helm v3.22 asks for Kubernetes' 0.37
#   libraries and gets Kyverno's 0.36); their builds must compile against them, and the deployment and sign-in groups
#   run what they build.
# Both are part of the binaries' cache folders' names (TOOLS_BUILD, e2e/cluster/lib/paths.ts): change that name with
# anything here, so that binaries built the old way are built again.
# Needs KYVERNO_VERSION and KYVERNO_WRAPPER (e2e/cluster/lib/binaries.ts's buildEnv sets them for every build).
: "${KYVERNO_VERSION:?}" "${KYVERNO_WRAPPER:?}"

# the same for every tool, or their packages are not shared: the build cache keys a package by its flags too
tool_build_flags=(-p 2 -trimpath -buildvcs=false "-gcflags=all=-N -l")
export CGO_ENABLED=0 GOFLAGS=-mod=mod

# wrapper DIR MODULE VERSION GO: writes DIR/go.mod, a module (go GO) that requires MODULE at VERSION, with the replace
# lines read from stdin; rewritten only when it changes, so that go.sum and the build cache stay valid.
wrapper() {
  local dir=$1 module=$2 version=$3 go_version=$4
  mkdir -p "$dir"
  {
    printf 'module memdash.local/tool-build\n\ngo %s\n\nrequire %s %s\n\n' "$go_version" "$module" "$version"
    cat
  } >"$dir/go.mod.new"
  if cmp -s "$dir/go.mod.new" "$dir/go.mod"; then rm -f "$dir/go.mod.new"; else mv "$dir/go.mod.new" "$dir/go.mod"; fi
  # a wrapper needs a package of its own for go to treat it as a main module with sources
  echo "package toolbuild" >"$dir/doc.go"
}

# Kyverno's wrapper module: it carries the module's own replace lines, which Go ignores in a dependency
# (k8s.io/pod-security-admission => Kyverno's fork; without it the build fails on the fork's API).
kyverno_wrapper() {
  local module_dir
  mkdir -p "$KYVERNO_WRAPPER"
  module_dir=$(cd "$KYVERNO_WRAPPER" && go mod download -json "github.com/kyverno/kyverno@$KYVERNO_VERSION" |
    sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  [ -f "$module_dir/go.mod" ] || { echo "no go.mod in the downloaded Kyverno module ($module_dir)" >&2; return 1; }
  grep '^replace ' "$module_dir/go.mod" |
    wrapper "$KYVERNO_WRAPPER" github.com/kyverno/kyverno "$KYVERNO_VERSION" "$(sed -n 's/^go //p' "$module_dir/go.mod")"
}

# pinned_wrapper DIR MODULE VERSION: a wrapper module in DIR that requires MODULE at VERSION, with every module of
# Kyverno's build list replaced by the version Kyverno's build uses.
pinned_wrapper() {
  local dir=$1 module=$2 version=$3
  kyverno_wrapper
  {
    echo "replace ("
    (cd "$KYVERNO_WRAPPER" &&
      go list -m -f '{{if not .Main}}{{.Path}} => {{with .Replace}}{{.Path}} {{.Version}}{{else}}{{.Path}} {{.Version}}{{end}}{{end}}' all) |
      grep -v "^$module " | sed -n 's/^./\t&/p'
    echo ")"
  } | wrapper "$dir" "$module" "$version" "$(sed -n 's/^go //p' "$KYVERNO_WRAPPER/go.mod")"
}
