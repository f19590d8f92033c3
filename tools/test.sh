#!/usr/bin/env bash
# The README's test command: installs what is missing, builds everything and runs every test
# (gtest and lit), then prints how many of each ran. Extra arguments go to `bazel test`.
#
# It also runs the format check (tools/format.sh --check) and reports it after the counts. The
# check fails the run only when it is enforced: when the file .format-enforced exists at the
# repository root, or VPUC_FORMAT_ENFORCED=1.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh
status=0

format_status=0
format_out="$(bash tools/format.sh --check 2>&1)" || format_status=$?

bash tools/bazel.sh test //... "$@" || status=$?

/usr/bin/python3 tools/test_summary.py "$(bazel info bazel-testlogs 2>/dev/null)" \
  $(bazel query 'tests(//...)' 2>/dev/null) || status=$((status ? status : 1))

if [ -f .format-enforced ] || [ "${VPUC_FORMAT_ENFORCED:-0}" = 1 ]; then
  if [ $format_status -ne 0 ]; then
    printf '%s\n' "$format_out"
    echo "format: FAILED (tools/format.sh fixes the files listed)"
    status=$((status ? status : 1))
  else
    echo "format: ok"
  fi
elif [ $format_status -ne 0 ]; then
  echo "format: $(printf '%s\n' "$format_out" | tail -n 1 | sed 's/^tools\/format.sh: //')" \
    "-- not enforced (.format-enforced is absent); tools/format.sh --check lists them"
else
  echo "format: ok (not enforced)"
fi
exit $status
