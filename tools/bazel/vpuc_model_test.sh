#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# The test of vpuc_model_test (vpuc_blob.bzl): runs a blob on the emulator, then compares its
# outputs with the reference. `vpuc run` fails (status 1) when the emulator finds a problem in the
# blob (with --strict-numerics, a task that makes NaN or Inf from finite inputs or saturates FP16
# is one), `vpuc compare` when a tensor is below the tolerance.
#
# Usage: vpuc_model_test.sh --vpuc=PATH --blob=PATH --inputs=PATH --reference=PATH
#          --tolerance=COS[,EUCLID] [--max-abs-rel-range=F] [--no-hazard-check]
#          [--strict-numerics]
set -euo pipefail

vpuc="" blob="" inputs="" reference="" tolerance=""
run_flags=()
compare_flags=()
for arg in "$@"; do
  case "$arg" in
    --vpuc=*) vpuc="${arg#*=}" ;;
    --blob=*) blob="${arg#*=}" ;;
    --inputs=*) inputs="${arg#*=}" ;;
    --reference=*) reference="${arg#*=}" ;;
    --tolerance=*) tolerance="${arg#*=}" ;;
    --max-abs-rel-range=*) compare_flags+=("$arg") ;;
    --no-hazard-check | --strict-numerics) run_flags+=("$arg") ;;
    *)
      echo "vpuc_model_test.sh: unknown argument '$arg'" >&2
      exit 2
      ;;
  esac
done
for required in vpuc blob inputs reference tolerance; do
  if [[ -z "${!required}" ]]; then
    echo "vpuc_model_test.sh: --$required is required" >&2
    exit 2
  fi
done

work="${TEST_TMPDIR:-$(mktemp -d)}"
step() {
  echo "+ $*" >&2
  "$@"
}
step "$vpuc" run "$blob" --inputs "$inputs" -o "$work/outputs.npz" ${run_flags[@]+"${run_flags[@]}"}
step "$vpuc" compare "$work/outputs.npz" "$reference" --tolerance="$tolerance" \
  ${compare_flags[@]+"${compare_flags[@]}"}
