#!/usr/bin/env bash
# Sourced by every Go build of the local cluster's binaries: Kubernetes and KWOK (build-kube.sh), the real Kyverno and
# its CLI (build-kyverno.sh), helm (build-helm.sh) and oauth2-proxy (build-signin.sh). On a fresh machine the Go
# compiler is half the cold run's CPU, and most of what these binaries compile is the same code: client-go, the API
# types, the API server's libraries, grpc, otel. So they are all built on one module list, Kyverno's, with the same
# flags: each wrapper module replaces every module Kyverno's build also uses with the version Kyverno uses, and the
# Go build cache then holds each shared package once. Kubernetes is built first and compiles them; Kyverno, helm,
# kwok and oauth2-proxy compile only what is theirs alone.
# - Kubernetes must be the release whose libraries Kyverno requires (KUBE_VERSION in e2e/cluster/lib/paths.ts).
# - The other modules' versions differ from their own go.mod's by patch or minor releases; their builds must compile
#   against them, and the groups that run them (cluster, deployment, sign-in, real Kyverno) test what they build.
# The binaries' cache folders' names carry this way of building (TOOLS_BUILD, e2e/cluster/lib/paths.ts): change that
# name with anything here, so that binaries built the old way are built again.
# Needs KYVERNO_VERSION and KYVERNO_WRAPPER (e2e/cluster/lib/binaries.ts's buildEnv sets them for every build).
: "${KYVERNO_VERSION:?}" "${KYVERNO_WRAPPER:?}"

# the same for every binary, or their packages are not shared: the build cache keys a package by its flags too
# (optimised: the API server's speed is the tests' speed)
tool_build_flags=(-p 2 -trimpath -buildvcs=false)
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

# pinned_wrapper DIR MODULE VERSION [OWN]: a wrapper module in DIR that requires MODULE at VERSION, with every module
# of Kyverno's build list replaced by the version Kyverno's build uses. OWN, replace lines of the caller's own
# (`PATH => PATH VERSION`, one a line), come first and win over Kyverno's for their modules.
pinned_wrapper() {
  local dir=$1 module=$2 version=$3 own=${4:-}
  kyverno_wrapper
  {
    echo "replace ("
    printf '%s\n' "$own" | sed -n 's/^./\t&/p'
    (cd "$KYVERNO_WRAPPER" &&
      go list -m -f '{{if not .Main}}{{.Path}} => {{with .Replace}}{{.Path}} {{.Version}}{{else}}{{.Path}} {{.Version}}{{end}}{{end}}' all) |
      awk -v module="$module" -v own="$own" '
        BEGIN { n = split(own, lines, "\n"); for (i = 1; i <= n; i++) { split(lines[i], f, " "); taken[f[1]] = 1 } }
        $1 != module && !($1 in taken) { print "\t" $0 }'
    echo ")"
  } | wrapper "$dir" "$module" "$version" "$(sed -n 's/^go //p' "$KYVERNO_WRAPPER/go.mod")"
}
