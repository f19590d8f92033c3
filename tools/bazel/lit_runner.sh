#!/usr/bin/env bash
# Runs lit on the given test files inside a Bazel test.
# Usage: lit_runner.sh TOOL... -- TEST_FILE...
# The directory of every TOOL goes first on PATH, then LLVM 19's FileCheck/not/count/split-file.
set -euo pipefail

tool_dirs=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  tool_dirs="$tool_dirs:$(cd "$(dirname "$1")" && pwd)"
  shift
done
shift  # --

export PATH="${tool_dirs#:}:/usr/lib/llvm-19/bin:$PATH"
export VPUC_LIT_SOURCE_ROOT="$PWD"

xml_args=()
if [ -n "${XML_OUTPUT_FILE:-}" ]; then
  xml_args=(--xunit-xml-output "$XML_OUTPUT_FILE")
fi

exec /usr/bin/python3 /usr/lib/llvm-19/build/utils/lit/lit.py -v "${xml_args[@]}" "$@"
