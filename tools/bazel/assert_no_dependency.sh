#!/usr/bin/env bash
# Usage: assert_no_dependency.sh DEPS_FILE PREFIX...
# Fails, listing the offending targets, when DEPS_FILE (a genquery result) names a target under a
# forbidden package prefix.
set -euo pipefail
deps="$1"; shift
status=0
for prefix in "$@"; do
  if grep -E "^${prefix}" "$deps" > /tmp/offending.$$; then
    echo "layering violation: dependencies under ${prefix}:" >&2
    cat /tmp/offending.$$ >&2
    status=1
  fi
done
rm -f /tmp/offending.$$
[ $status -eq 0 ] && echo "no dependency on: $*"
exit $status
