#!/usr/bin/env bash
# Runs every group of scripts/test-groups (types, unit tests, then the local cluster's integration tests and the
# browser tests against it) and closes with scripts/test-summary.ts's line "N passed, N failed", which fails the run
# when any group is missing, did not run, skipped a test, or failed to load a file.
# A cluster that was already running is left running; one this script started is stopped at the end.
#
# On a fresh machine the Go builds are most of the time (the cold run's build.log says how long each took). They run
# in the background, one at a time, while the groups that need none of them run: the groups that need the cluster
# wait for the Kubernetes and KWOK binaries and our OpenID Provider (the cluster starts with it: `up --oidc`), the
# sign-in group for oauth2-proxy too, the last two (the chart with helm, the real Kyverno) for everything.
# The Next build comes once, before the first group that needs the cluster (on a fresh machine, while the Go builds
# go on). Two lanes run beside the main one, each on a cluster of its own, from the place of its first group in
# scripts/test-groups (once the stand-in's cluster is up): the groups that need `real` on the real Kyverno's
# (.cluster-real, once Kyverno is built), those that need `aside:…` on a second stand-in cluster (.cluster-aside); each
# lane's output is shown at the end. Those that need `real+last` use the real Kyverno's cluster too but also ask the
# stand-in's (side-by-side dry-runs pods through both), so they run after everything else, when nothing is changing
# the stand-in's Kyverno or table.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test || { echo "setup failed"; exit 1; }
source scripts/node-env.sh
# the Next builds (the tests' and the image's) skip the type check the typecheck group makes of the same tree, and
# write no build cache for a later build (next.config.mjs)
export MEMDASH_BUILD_ONCE=1

results=$(mktemp -d)
failed=0
cluster=unknown
stop_cluster=0
builder=

declare -A lane_pid=()

cleanup() {
  [ -n "$builder" ] && kill -- "-$builder" 2>/dev/null
  # the lanes beside, and the group of each still running (its own session: run_group)
  if [ "${#lane_pid[@]}" -gt 0 ]; then
    kill "${lane_pid[@]}" 2>/dev/null
    for pgid in "$results"/*.pgid; do
      [ -e "$pgid" ] && [ ! -e "${pgid%.pgid}.seconds" ] && kill -TERM -- "-$(cat "$pgid")" 2>/dev/null
    done
  fi
  [ "$stop_cluster" = 1 ] && npm run --silent cluster:down
  # the clusters of the lanes beside, if they were not stopped: the real Kyverno's, kept up by its browser group for
  # its vitest group, and the second stand-in's
  for dir in .cluster-real .cluster-aside; do
    [ -e "$dir/started-for-tests" ] && rm -f "$dir/started-for-tests" &&
      MEMDASH_CLUSTER_DIR="$PWD/$dir" npm run --silent cluster:down
  done
}
trap cleanup EXIT

# The builds, niced so the tests beside them keep their pace; a marker file says what is ready. `build up` leaves
# `built-up`; `build tools` (Kyverno, helm) `built-all`; `build signin` (oauth2-proxy, last: only the sign-in group,
# run last, waits for it) `built-signin`; any failing leaves `build.failed`. Then the image (scripts/build-image.sh,
# which skips a tree it built before), while the cluster's groups run: `built-image`, or `image.failed` (its log:
# image.log), which fails only the group that needs it.
# A group of its own process group (set -m) so cleanup can stop the go builds with it.
set -m
(
  nice -n 10 npm run --silent cluster -- build up && touch "$results/built-up" &&
    nice -n 10 npm run --silent cluster -- build tools && touch "$results/built-all" &&
    nice -n 10 npm run --silent cluster -- build signin && touch "$results/built-signin" || touch "$results/build.failed"
  nice -n 10 scripts/build-image.sh >"$results/image.log" 2>&1 && touch "$results/built-image" || touch "$results/image.failed"
) >"$results/build.log" 2>&1 </dev/null &
builder=$!
set +m

# Waits for a marker; says whether it came. A failed build prints the end of its log once.
build_reported=0
built() {
  local marker=$1
  while [ ! -e "$results/$marker" ]; do
    if [ -e "$results/build.failed" ]; then
      [ "$build_reported" = 1 ] || { echo "the binaries did not build:"; tail -30 "$results/build.log"; build_reported=1; }
      return 1
    fi
    sleep 5
  done
}

# Starts the local cluster the first time a group needs it; says whether it is up.
cluster_up() {
  if [ "$cluster" = unknown ]; then
    npm run --silent cluster:status >/dev/null 2>&1 || stop_cluster=1
    echo; echo "=== local cluster"
    # --oidc: the API server trusts our OpenID Provider, which the sign-in tests sign in at
    if npm run --silent cluster:up -- --oidc; then cluster=up; else cluster=down; fi
    start_lanes
  fi
  [ "$cluster" = up ]
}

# The Next build the browser, security, deployment and real-browser groups run (`next start`): once, before the first
# group that needs the cluster. A failed build leaves no BUILD_ID, so those groups fail rather than run an older one.
next_build() {
  [ -e "$results/built-next" ] || [ -e "$results/next.failed" ] && return 0
  echo; echo "=== next build (log: $results/next-build.log)"
  local started=$SECONDS
  if npx next build >"$results/next-build.log" 2>&1 </dev/null; then
    touch "$results/built-next"
    echo "built in $((SECONDS - started)) s"
  else
    tail -30 "$results/next-build.log"
    rm -f .next/BUILD_ID
    touch "$results/next.failed"
    echo "=== the Next build failed: the groups that run the built server will fail"
    failed=1
  fi
}

# What a group needs before it runs; the reason it cannot run goes to its .notrun file.
ready() {
  local name=$1 needs=$2
  case "$needs" in
    -) return 0 ;;
    cluster | cluster+signin | cluster+tools | cluster+image) next_build ;;
    real | real+last)
      # its own cluster (beside the others, or after them: start_lanes), once Kyverno and helm are built
      if [ ! -e "$results/built-all" ]; then
        echo; echo "=== waiting for the Kyverno and helm builds (log: $results/build.log)"
        built built-all || { echo "the Kyverno or helm build failed" >"$results/$name.notrun"; return 1; }
      fi
      return 0 ;;
    *) echo "unknown needs \"$needs\" in scripts/test-groups" >"$results/$name.notrun"; return 1 ;;
  esac
  if [ ! -e "$results/built-up" ]; then
    echo; echo "=== waiting for the Kubernetes and KWOK builds (log: $results/build.log)"
    built built-up || { echo "the Kubernetes or KWOK build failed" >"$results/$name.notrun"; return 1; }
  fi
  cluster_up || { echo "the local cluster did not start" >"$results/$name.notrun"; return 1; }
  if [ "$needs" = cluster+signin ] && [ ! -e "$results/built-signin" ]; then
    echo; echo "=== waiting for the oauth2-proxy build (log: $results/build.log)"
    built built-signin || { echo "the oauth2-proxy build failed" >"$results/$name.notrun"; return 1; }
  fi
  if [[ "$needs" = cluster+tools || "$needs" = cluster+image ]] && [ ! -e "$results/built-all" ]; then
    echo; echo "=== waiting for the Kyverno and helm builds (log: $results/build.log)"
    built built-all || { echo "the Kyverno or helm build failed" >"$results/$name.notrun"; return 1; }
  fi
  if [ "$needs" = cluster+image ] && [ ! -e "$results/built-image" ]; then
    echo; echo "=== waiting for the image's build (log: $results/image.log)"
    while [ ! -e "$results/built-image" ] && [ ! -e "$results/image.failed" ] && [ ! -e "$results/build.failed" ]; do sleep 5; done
    [ -e "$results/built-image" ] || {
      tail -30 "$results/image.log" 2>/dev/null
      echo "the image did not build (scripts/build-image.sh)" >"$results/$name.notrun"
      return 1
    }
  fi
}

# Each group in a process group of its own (setsid), so that at its time limit the whole of it is stopped: the
# runner, its workers and the servers it started. TERM first, KILL 30 s later.
run_group() {
  local name=$1 minutes=$2 command=$3 started=$SECONDS
  REPORT="$results/$name.json" setsid bash -c "$command" </dev/null &
  local group=$!
  echo "$group" >"$results/$name.pgid"
  (
    # stopped with the group's end: its sleep goes too, so nothing is left holding the output open
    trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
    sleep $((minutes * 60)) & sleeper=$!
    wait "$sleeper"
    echo "$minutes" >"$results/$name.timedout"
    echo "=== $name: stopped after $minutes min, its limit in scripts/test-groups"
    kill -TERM -- "-$group" 2>/dev/null
    sleep 30 & sleeper=$!
    wait "$sleeper"
    kill -KILL -- "-$group" 2>/dev/null
  ) &
  local watchdog=$!
  wait "$group"
  local code=$?
  kill "$watchdog" 2>/dev/null; wait "$watchdog" 2>/dev/null
  echo $((SECONDS - started)) >"$results/$name.seconds"
  return $code
}

# One group: ready, run, its exit code recorded.
group() {
  local name=$1 needs=$2 min=$3 minutes=$4 command=$5
  ready "$name" "$needs" || return 0
  echo; echo "=== $name (at least $min tests, at most $minutes min)"
  run_group "$name" "$minutes" "$command"
  local code=$?
  echo "$code" >"$results/$name.exit"
  [ "$code" = 0 ] || failed=1
}

# The lanes beside the main one, each in the background on a cluster of its own, its groups in order: `real` (the
# real Kyverno's, .cluster-real, which scripts/test-real-kyverno.sh starts) and `aside` (a second stand-in cluster,
# .cluster-aside, started here). A lane starts when the main groups reach the place of its first group in
# scripts/test-groups (lane_due), once the stand-in's cluster is up: the Kubernetes binaries are built then.
declare -A lane_groups=() lane_at=() lane_due=()
start_lanes() {
  local lane
  for lane in "${!lane_groups[@]}"; do
    [ -z "${lane_pid[$lane]:-}" ] && [ "${lane_due[$lane]:-0}" = 1 ] && [ "$cluster" = up ] || continue
    echo; echo "=== beside the others from now, on their own cluster: $(lane_names "$lane") (output: $results/$lane.log, shown at the end)"
    run_lane "$lane" >"$results/$lane.log" 2>&1 &
    lane_pid[$lane]=$!
  done
}
lane_names() { local line names=(); while read -r line; do names+=("${line%% *}"); done <<<"${lane_groups[$1]}"; echo "${names[*]}"; }

# One lane's groups, in order (in a subshell of its own: what it sets stays there).
run_lane() {
  local lane=$1 line name needs min minutes command groups
  trap - EXIT
  # this lane's groups; then no lanes here, so that cluster_up starts none from inside this one
  groups=${lane_groups[$lane]}
  lane_groups=() lane_pid=()
  if [ "$lane" = aside ]; then
    # its own stand-in cluster, brought up by the first group's `ready` (cluster_up) and stopped when the lane ends
    export MEMDASH_CLUSTER_DIR="$PWD/.cluster-aside"
    cluster=unknown stop_cluster=0
    npm run --silent cluster:status >/dev/null 2>&1 || { mkdir -p "$MEMDASH_CLUSTER_DIR" && touch "$MEMDASH_CLUSTER_DIR/started-for-tests"; }
  fi
  while read -r line; do
    read -r name _ needs min minutes command <<<"$line"
    group "$name" "${needs#"$lane":}" "$min" "$minutes" "$command"
  done <<<"$groups"
  if [ "$lane" = aside ] && [ -e "$MEMDASH_CLUSTER_DIR/started-for-tests" ]; then
    rm -f "$MEMDASH_CLUSTER_DIR/started-for-tests"
    npm run --silent cluster:down
  fi
}

mains=() lasts=()
while read -r name report needs min minutes command; do
  case "$name" in '' | '#'*) continue ;; esac
  line="$name $report $needs $min $minutes $command"
  case "$needs" in
    real | aside:*)
      lane=${needs%%:*}
      [ -n "${lane_at[$lane]:-}" ] || lane_at[$lane]=${#mains[@]}
      lane_groups[$lane]+="${lane_groups[$lane]:+$'\n'}$line" ;;
    real+last) lasts+=("$line") ;;
    *) mains+=("$line") ;;
  esac
done < scripts/test-groups

for i in "${!mains[@]}"; do
  # a lane starts here, or as soon as the cluster is up (cluster_up), if it is not yet
  for lane in "${!lane_at[@]}"; do [ "$i" = "${lane_at[$lane]}" ] && lane_due[$lane]=1; done
  start_lanes
  read -r name _ needs min minutes command <<<"${mains[$i]}"
  group "$name" "$needs" "$min" "$minutes" "$command"
done

# the lanes listed last, or all of them if the stand-in's cluster never came up: they run now, and fail or say why
for lane in "${!lane_groups[@]}"; do lane_due[$lane]=1; done
cluster=up start_lanes
for lane in "${!lane_pid[@]}"; do
  kill -0 "${lane_pid[$lane]}" 2>/dev/null && { echo; echo "=== waiting for the groups beside: $(lane_names "$lane")"; }
  wait "${lane_pid[$lane]}"
  echo; echo "=== the groups beside, on their own cluster: $lane (their output, as it came)"
  cat "$results/$lane.log"
  while read -r line; do
    name=${line%% *}
    [ ! -e "$results/$name.exit" ] || [ "$(cat "$results/$name.exit")" = 0 ] || failed=1
  done <<<"${lane_groups[$lane]}"
done

# the stand-in's cluster is quiet now
for line in "${lasts[@]}"; do
  read -r name _ needs min minutes command <<<"$line"
  group "$name" "$needs" "$min" "$minutes" "$command"
done

node scripts/test-summary.ts scripts/test-groups "$results" || failed=1
exit $failed
