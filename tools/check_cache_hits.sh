#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Checks that builds are hermetic and deterministic enough to be cached (docs/bazel_rules.md):
#
#  1. builds TARGETS (default: //examples:all) in a fresh, temporary Bazel output base with the
#     project's disk cache (as tools/bazel.sh does), which fills the cache with whatever it lacks;
#  2. cleans that output base and builds again: every process must be a cache hit (the line
#     "INFO: N processes: N remote cache hit, M internal." -- newer Bazels say "disk cache hit");
#  3. with --determinism, deletes the blobs and compiles them again without the cache
#     (--modify_execution_info=VpucCompile=+no-cache): each must have the bytes of the cached one.
#
# The temporary output base keeps the caller's own build tree (and its Bazel server) untouched; it
# is removed at the end. Prints the processes lines and exits 1 when a check fails.
#
# Usage: tools/check_cache_hits.sh [--determinism] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."

determinism=0
targets=()
for arg in "$@"; do
  case "$arg" in
    --determinism) determinism=1 ;;
    -*)
      echo "tools/check_cache_hits.sh: unknown option '$arg'" >&2
      exit 2
      ;;
    *) targets+=("$arg") ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  targets=(//examples:all)
fi

cache="${VPUC_BAZEL_CACHE:-$HOME/.cache/vpuc/bazel-disk}"
mkdir -p "$cache"
base="$(mktemp -d "${TMPDIR:-/tmp}/vpuc-cache-check.XXXXXX")"
logs="$base.logs"
mkdir -p "$logs"
run_bazel() {
  bazel --output_base="$base" "$@"
}
cleanup() {
  run_bazel shutdown >/dev/null 2>&1 || true
  chmod -R u+w "$base" 2>/dev/null || true
  rm -rf "$base" "$logs"
}
trap cleanup EXIT

# The "INFO: N processes: ..." line of a build log.
processes_line() {
  grep -E '^INFO: [0-9]+ process(es)?' "$1" | tail -n 1
}

build() {
  local log="$1"
  shift
  if ! run_bazel build --disk_cache="$cache" "$@" "${targets[@]}" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "tools/check_cache_hits.sh: the build failed" >&2
    exit 1
  fi
}

status=0
build "$logs/first.log"
echo "first build:  $(processes_line "$logs/first.log")"

run_bazel clean >/dev/null 2>&1
build "$logs/second.log"
line="$(processes_line "$logs/second.log")"
echo "second build: $line"
# Every kind of process but cache hits and Bazel's internal ones ran something.
executed="$(printf '%s\n' "$line" | sed -E 's/^INFO: [0-9]+ process(es)?: //; s/\.$//' | tr ',' '\n' |
  grep -vE 'remote cache hit|disk cache hit|internal' | sed -E 's/^ +//' || true)"
if [ -n "$executed" ]; then
  echo "FAILED: the second build from a clean output base executed processes: $executed" >&2
  status=1
else
  echo "ok: the second build was a full cache hit"
fi

if [ $determinism -eq 1 ]; then
  bin="$(run_bazel info bazel-bin 2>/dev/null)"
  mapfile -t blobs < <(find "$bin/" -name '*.blob' -type f | sort)
  if [ ${#blobs[@]} -eq 0 ]; then
    echo "FAILED: --determinism: the targets built no .blob" >&2
    exit 1
  fi
  mkdir -p "$logs/cached"
  for blob in "${blobs[@]}"; do
    cp "$blob" "$logs/cached/$(echo "${blob#"$bin"/}" | tr / _)"
    rm -f "$blob"
  done
  build "$logs/third.log" --modify_execution_info=VpucCompile=+no-cache
  echo "recompiled:   $(processes_line "$logs/third.log")"
  for blob in "${blobs[@]}"; do
    if ! cmp -s "$blob" "$logs/cached/$(echo "${blob#"$bin"/}" | tr / _)"; then
      echo "FAILED: ${blob#"$bin"/} differs from the cached blob" >&2
      status=1
    fi
  done
  [ $status -ne 0 ] || echo "ok: ${#blobs[@]} blobs compiled again have the cached bytes"
fi
exit $status
