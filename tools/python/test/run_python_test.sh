#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Runs a Python unittest file with Debian's /usr/bin/python3 (the interpreter the module is built
# for, with python3-numpy) and the built package `vpuc` (bazel-bin/tools/python/vpuc, which the
# runfiles tree holds at tools/python/vpuc) on PYTHONPATH. The test runs from the root of the
# runfiles tree, so it opens files by their workspace paths.
#
# Usage: run_python_test.sh TEST.py [unittest arguments...]
set -euo pipefail
test_file="$1"
shift
export PYTHONPATH="$PWD/tools/python${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
# Under --config=asan the module links gcc's ASan runtime, which must be loaded before anything
# else: preload it into the (uninstrumented) interpreter, whose own allocations at exit are not
# ours to report as leaks.
asan_runtime="$(ldd tools/python/vpuc/_vpuc.so 2>/dev/null | awk '/libasan\.so/ { print $3 }')"
if [ -n "$asan_runtime" ]; then
  export LD_PRELOAD="$asan_runtime${LD_PRELOAD:+:$LD_PRELOAD}"
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
exec /usr/bin/python3 "$test_file" -v "$@"
