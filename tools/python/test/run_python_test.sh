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
# ours to report as leaks. libstdc++ is preloaded with it: ASan resolves the real __cxa_throw
# when it starts, and the interpreter does not link libstdc++, so without it the first C++
# exception the module throws stops the process ("real___cxa_throw != 0" CHECK failure).
libs="$(ldd tools/python/vpuc/_vpuc.so 2>/dev/null || true)"
asan_runtime="$(awk '/libasan\.so/ { print $3 }' <<<"$libs")"
if [ -n "$asan_runtime" ]; then
  cxx_runtime="$(awk '/libstdc\+\+\.so/ { print $3 }' <<<"$libs")"
  export LD_PRELOAD="$asan_runtime${cxx_runtime:+:$cxx_runtime}${LD_PRELOAD:+:$LD_PRELOAD}"
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
exec /usr/bin/python3 "$test_file" -v "$@"
