#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# End-to-end test of one real model (MODEL_DIR holds model.onnx, input_0.npy, ONNX Runtime's
# output_0.npy and meta.json). What it checks depends on --check:
#
#   infer         `vpuc infer` (the IE reference interpreter) on the model; its output is compared
#                 with output_0.npy.
#   run           `vpuc compile --mode MODE --arch ARCH`, then `vpuc run` of the blob on the
#                 emulator (hazard detection on, --strict-numerics: any problem, a task that
#                 makes NaN or Inf from finite inputs or saturates FP16 included, fails the
#                 test); the output is compared with output_0.npy.
#   blob          the blob of mode MODE is deterministic (a second compilation gives the same
#                 bytes) and survives `vpuc-translate --import-blob` then `--export-blob` byte for
#                 byte.
#
# The comparison (`vpuc compare`) requires a cosine similarity of at least --tolerance and a max
# abs error of at most --max-abs-rel-range times the reference's range (max - min).
#
# Usage: run_model_test.sh --vpuc=PATH --model=DIR --check=infer|run|blob
#          [--arch=NAME] [--mode=MODE] [--vpuc-translate=PATH] [--tolerance=COS]
#          [--max-abs-rel-range=F]
set -euo pipefail

vpuc=""
translate=""
dir=""
check=""
arch=""
mode=""
tolerance=""
max_abs_rel_range=""
for arg in "$@"; do
  case "$arg" in
    --vpuc=*) vpuc="${arg#*=}" ;;
    --vpuc-translate=*) translate="${arg#*=}" ;;
    --model=*) dir="${arg#*=}" ;;
    --check=*) check="${arg#*=}" ;;
    --arch=*) arch="${arg#*=}" ;;
    --mode=*) mode="${arg#*=}" ;;
    --tolerance=*) tolerance="${arg#*=}" ;;
    --max-abs-rel-range=*) max_abs_rel_range="${arg#*=}" ;;
    *)
      echo "run_model_test.sh: unknown argument '$arg'" >&2
      exit 2
      ;;
  esac
done

usage_error() {
  echo "run_model_test.sh: $1" >&2
  exit 2
}
[[ -n "$vpuc" ]] || usage_error "--vpuc is required"
[[ -n "$dir" ]] || usage_error "--model is required"
case "$check" in
  infer | run)
    [[ -n "$tolerance" && -n "$max_abs_rel_range" ]] ||
      usage_error "--check=$check needs --tolerance and --max-abs-rel-range"
    ;;
  blob)
    [[ -n "$translate" ]] || usage_error "--check=blob needs --vpuc-translate"
    ;;
  *) usage_error "--check must be infer, run or blob (got '$check')" ;;
esac
if [[ "$check" != infer && (-z "$arch" || -z "$mode") ]]; then
  usage_error "--check=$check needs --arch and --mode"
fi

name="$(basename "$dir")"
work="${TEST_TMPDIR:-$(mktemp -d)}/$name${arch:+.$arch}${mode:+.$mode}.$check"
mkdir -p "$work"

# Prints the step and runs it: a failing test shows where it failed.
step() {
  echo "+ $*" >&2
  "$@"
}

compare() {
  step "$vpuc" compare "$1" "$dir/output_0.npy" --tolerance="$tolerance" \
    --max-abs-rel-range="$max_abs_rel_range"
}

compile() {
  step "$vpuc" compile "$dir/model.onnx" --arch "$arch" --mode "$mode" -o "$1" --quiet
}

case "$check" in
  infer)
    step "$vpuc" infer "$dir/model.onnx" --inputs "$dir/input_0.npy" -o "$work/output.npy" --timing
    compare "$work/output.npy"
    ;;
  run)
    compile "$work/model.blob"
    # Exit status 1: the emulator found hazards, numerics findings or other problems in the blob.
    step "$vpuc" run "$work/model.blob" --inputs "$dir/input_0.npy" -o "$work/outputs.npz" \
      --strict-numerics
    compare "$work/outputs.npz"
    ;;
  blob)
    compile "$work/a.blob"
    compile "$work/b.blob"
    step cmp "$work/a.blob" "$work/b.blob"
    step "$translate" "$work/a.blob" --import-blob --mlir-print-debuginfo -o "$work/a.mlir"
    step "$translate" "$work/a.mlir" --export-blob -o "$work/c.blob"
    step cmp "$work/a.blob" "$work/c.blob"
    ;;
esac
