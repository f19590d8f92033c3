#!/usr/bin/env bash
# The README's test command: installs what is missing, builds everything and runs every test
# (gtest and lit), then prints how many of each ran. Extra arguments go to `bazel test`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh
status=0
bash tools/bazel.sh test //... "$@" || status=$?

/usr/bin/python3 tools/test_summary.py "$(bazel info bazel-testlogs 2>/dev/null)" \
  $(bazel query 'tests(//...)' 2>/dev/null) || status=$((status ? status : 1))
exit $status
