#!/usr/bin/env bash
# Builds memdash's image from the Dockerfile with buildah, without a daemon, a network or an image registry, and
# prints its name (localhost/memdash:<key>) as its last line. The Dockerfile's two local images:
#   NODE_IMAGE  localhost/memdash-node:<node>-<libs>: Debian's libc6, libgcc-s1 and libstdc++6 (the host's versions,
#               from Debian's mirror) and the Node 24 binary scripts/node-env.sh runs, nothing else (no shell)
#   BUILT       Next's standalone output, built here from the working tree in $MEMDASH_CACHE/image/src
# The key is the working tree as git would commit it (untracked files too) less what the image does not hold (the
# tests and their scripts, the docs, the chart, CI, lint), and the base: a tree built before is not built again. The
# image stays in the machine's container storage (/var/lib/containers), outside the repository; the last three keys'
# images are kept.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
cache=$MEMDASH_CACHE/image
mkdir -p "$cache"
# one build at a time on the machine: the worktrees share the cache, its source folder and the container storage
exec 9>"$cache/lock"
flock 9

for tool in buildah dpkg-deb apt-get ldconfig; do
  command -v "$tool" >/dev/null || { echo "build-image: $tool is missing: run scripts/setup.sh" >&2; exit 1; }
done
say() { echo "[build-image] $*" >&2; }
exists() { buildah images --quiet "$1" >/dev/null 2>&1; }

libs=(libc6 libgcc-s1 libstdc++6)
pinned=$(dpkg-query -W -f '${Package}=${Version}\n' "${libs[@]}")
node_version=$(node --version)
base=localhost/memdash-node:${node_version#v}-$(printf '%s' "$pinned" | sha256sum | cut -c1-12)

# the working tree as a git tree, through an index of its own (the worktree's index is left as it is)
index=$(mktemp)
trap 'rm -f "$index"' EXIT
GIT_INDEX_FILE=$index git read-tree HEAD
GIT_INDEX_FILE=$index git add -A -- .
# a worktree's node_modules may be a symlink, which .gitignore's `node_modules/` does not match; a real one is ignored,
# and naming it in the add's pathspec would make git refuse the add
GIT_INDEX_FILE=$index git rm -q --cached --ignore-unmatch -- node_modules
tree=$(GIT_INDEX_FILE=$index git write-tree)
# the key leaves out what the image does not hold (the build still type-checks it all)
GIT_INDEX_FILE=$index git rm -r -q --cached --ignore-unmatch -- test e2e docs bench charts .ci '*.md' '*.test.ts' \
  'scripts/test*' scripts/setup.sh scripts/demo.sh vitest.config.ts playwright.config.ts eslint.config.mjs '.prettier*'
key=$(printf '%s %s' "$(GIT_INDEX_FILE=$index git write-tree)" "$base" | sha256sum | cut -c1-16)
image=localhost/memdash:$key
if exists "$image"; then
  say "$image: built before from tree $tree"
  echo "$image"
  exit 0
fi
started=$SECONDS

# The base: a root filesystem of Debian's packages and Node, committed from scratch.
build_base() {
  local dir rootfs container
  dir=$(mktemp -d)
  rootfs=$dir/rootfs
  mkdir -p "$rootfs/usr/local/bin" "$rootfs/etc" "$rootfs/tmp" "$dir/debs"
  chmod 1777 "$rootfs/tmp"
  # apt's own user fetches into a folder it may reach and write
  chmod 755 "$dir"
  chown _apt "$dir/debs" 2>/dev/null || true
  (cd "$dir/debs" && apt-get download -qq $pinned)
  for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$rootfs"; done
  cp "$(command -v node)" "$rootfs/usr/local/bin/node"
  printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nmemdash:x:10001:10001:memdash:/app:/usr/sbin/nologin\n' >"$rootfs/etc/passwd"
  printf 'root:x:0:\nmemdash:x:10001:\n' >"$rootfs/etc/group"
  printf 'hosts: files dns\n' >"$rootfs/etc/nsswitch.conf"
  ldconfig -r "$rootfs"
  container=$(buildah from scratch)
  buildah copy --quiet "$container" "$rootfs" / >/dev/null
  buildah config --env PATH=/usr/local/bin:/usr/bin:/bin --created-by scripts/build-image.sh "$container"
  buildah commit --quiet --rm --timestamp 0 "$container" "$base" >/dev/null
  rm -rf "$dir"
}

# Next's standalone output of the tree, in a fixed folder (the build writes its path into the output) with a copy of
# node_modules (Turbopack refuses a symlinked one; hard links, so the copy is quick and takes no room)
build_standalone() {
  local src=$cache/src
  rm -rf "$src"
  mkdir -p "$src"
  git archive "$tree" | tar -x -C "$src"
  cp -al "$(readlink -f node_modules)" "$src/node_modules"
  (cd "$src" && MEMDASH_STANDALONE=1 NEXT_TELEMETRY_DISABLED=1 npx next build) >"$cache/next-build.log" 2>&1 || {
    tail -40 "$cache/next-build.log" >&2
    say "next build failed (log: $cache/next-build.log)"
    exit 1
  }
}

exists "$base" || { say "assembling $base from ${pinned//$'\n'/ } and Node $node_version"; build_base; }
say "next build of tree $tree (standalone)"
build_standalone
built=localhost/memdash-built:$key
container=$(buildah from scratch)
for path in .next/standalone .next/static public; do buildah copy --quiet "$container" "$cache/src/$path" "/src/$path" >/dev/null; done
buildah commit --quiet --rm "$container" "$built" >/dev/null
say "buildah bud of the Dockerfile into $image"
# --network=none needs the OCI isolation; runc, as the image group runs it (the Dockerfile's stage runs nothing)
buildah bud --quiet --network=none --pull=never --isolation=oci --runtime=runc --layers=false \
  --timestamp "$(git log -1 --format=%ct)" \
  --build-arg NODE_IMAGE="$base" --build-arg BUILT="$built" \
  --file Dockerfile --tag "$image" "$cache/src" >/dev/null
# the stage bud made from it stays behind in 1.28: --force removes it with the image
buildah rmi --force "$built" >/dev/null
rm -rf "$cache/src"

# the last three keys' images are kept
echo "$key" >>"$cache/keys"
tail -3 "$cache/keys" >"$cache/keys.kept"
for old in $(grep -vxF -f "$cache/keys.kept" "$cache/keys" || true); do buildah rmi "localhost/memdash:$old" >/dev/null 2>&1 || true; done
mv "$cache/keys.kept" "$cache/keys"

say "$image built in $((SECONDS - started)) s from tree $tree: $(buildah images --format '{{.Size}}' "$image")"
echo "$image"
