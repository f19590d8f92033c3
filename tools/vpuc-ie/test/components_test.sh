#!/usr/bin/env bash
# Checks that vpuc-ie, the front-end-only tool, holds nothing below the IE level:
#  - its component list (FRONT_END_COMPONENTS in tools/vpuc-ie/BUILD) names no package of the VPU,
#    VPUIP or VPURT levels, no lowering, no back end, scheduler, emulator or SHAVE kernels, and
#    not the back end's pipeline specs (//pipelines:pipelines);
#  - `vpuc-ie --list-components` prints exactly that list, each component having registered
#    something;
#  - no linked pass or dialect belongs to those levels.
# Usage: components_test.sh VPUC_IE COMPONENT_IDS_FILE COMPONENT_LABELS_FILE
set -euo pipefail
vpuc_ie="$1"
ids="$2"
labels="$3"
status=0

below_ie='^//(dialects/vpu|passes/vpu|conversions/|backend/|scheduler/|emulator|kernels/shave|pipelines:)'
if grep -E "$below_ie" "$labels"; then
  echo "FAIL: the components above are below the IE level" >&2
  status=1
fi

listing="$("$vpuc_ie" --list-components)"
if ! diff -u "$ids" <(printf '%s\n' "$listing" | awk '{print $1}'); then
  echo "FAIL: vpuc-ie --list-components differs from its component list (- expected, + actual)" >&2
  status=1
fi
empty="$(printf '%s\n' "$listing" | awk '{
  total = 0
  for (i = 2; i <= NF; i++) { split($i, kv, "="); total += kv[2] }
  if (total == 0) print $1
}')"
if [ -n "$empty" ]; then
  echo "FAIL: components that registered nothing: $empty" >&2
  status=1
fi

# Passes of the lower levels are named vpuc-vpu-*, vpuc-vpuip-*, vpuc-vpurt-*, vpuc-convert-*;
# vpuc-init-compiler records the target's VPUIP resources.
passes="$("$vpuc_ie" --list-passes)"
if printf '%s\n' "$passes" | grep -E '^  --(vpuc-(vpu|vpuip|vpurt|convert)-|vpuc-init-compiler)'; then
  echo "FAIL: vpuc-ie links the passes above, which are below the IE level" >&2
  status=1
fi
if ! printf '%s\n' "$passes" | grep -q -e '--vpuc-ie-convert-precision-to-fp16'; then
  echo "FAIL: vpuc-ie --list-passes lacks the IE passes" >&2
  status=1
fi
[ $status -eq 0 ] && echo "OK: $(printf '%s\n' "$listing" | wc -l) front-end components"
exit $status
