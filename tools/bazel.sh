#!/usr/bin/env bash
# Runs Bazel with the project's persistent disk cache (outside the clone, so a fresh clone reuses
# what earlier builds produced). Usage: tools/bazel.sh <bazel command> [args...]
set -euo pipefail
cache="${VPUC_BAZEL_CACHE:-$HOME/.cache/vpuc/bazel-disk}"
mkdir -p "$cache"
cmd="$1"; shift
exec bazel "$cmd" --disk_cache="$cache" "$@"
