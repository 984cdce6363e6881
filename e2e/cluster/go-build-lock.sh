# Sourced by the build scripts: one Go build at a time on the machine (2 cores; the linker of a big binary needs
# several GiB), whoever starts it — scripts/test.sh's background builds, `cluster up`, a test's own ensure step.
# A second build waits here for the first, then finds its binary built or builds it.
if [ -n "${GO_BUILD_LOCK:-}" ]; then
  mkdir -p "$(dirname "$GO_BUILD_LOCK")"
  exec 8>"$GO_BUILD_LOCK"
  if ! flock -n 8; then
    printf '[build %s] waiting for another Go build to finish (%s)\n' "$(date +%H:%M:%S)" "$GO_BUILD_LOCK" >&2
    flock 8
  fi
fi
# The compiler and linker collect garbage less often than Go's default of 100: less CPU for a cold build, for a
# little more memory, which one build at a time can spare (the big linkers stay well inside the machine's memory).
export GOGC="${GOGC:-300}"
