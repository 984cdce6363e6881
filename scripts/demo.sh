#!/usr/bin/env bash
# The dashboard on a local demo cluster with sample data: http://127.0.0.1:${PORT:-3000}
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/node-env.sh
npm run --silent cluster:up
npm run --silent build
export KUBECONFIG="$PWD/.cluster/kubeconfig/viewer.yaml"
MEMDASH_PROMETHEUS_URL=$(node -e 'const s=require("./.cluster/state.json");console.log(`http://127.0.0.1:${s.ports.prometheus}`)')
export MEMDASH_PROMETHEUS_URL
echo "memdash on http://127.0.0.1:${PORT:-3000} (Ctrl-C stops it; npm run cluster:down stops the cluster)"
# `npm start`: the memory settings memdash runs with outside a container (see docs/operations.md, "Memory")
exec npm start --silent -- --port "${PORT:-3000}"
