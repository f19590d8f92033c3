#!/usr/bin/env bash
# Checks that `vpuc-opt --list-components` prints exactly the ids of ALL_COMPONENTS
# (//tools/bazel:components.bzl), in order, and that every component registered something.
# Usage: components_test.sh VPUC_OPT EXPECTED_IDS_FILE
set -euo pipefail
vpuc_opt="$1"
expected="$2"

listing="$("$vpuc_opt" --list-components)"
if ! diff -u "$expected" <(printf '%s\n' "$listing" | awk '{print $1}'); then
  echo "FAIL: vpuc-opt --list-components differs from ALL_COMPONENTS (- expected, + actual)" >&2
  exit 1
fi

# Each line: <id> dialects=N passes=N pipelines=N translations=N
empty="$(printf '%s\n' "$listing" | awk '{
  total = 0
  for (i = 2; i <= NF; i++) { split($i, kv, "="); total += kv[2] }
  if (total == 0) print $1
}')"
if [ -n "$empty" ]; then
  echo "FAIL: components that registered nothing: $empty" >&2
  exit 1
fi
echo "OK: $(printf '%s\n' "$listing" | wc -l) components"
