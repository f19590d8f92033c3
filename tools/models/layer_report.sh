#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Layer-by-layer report of compiled blobs: for each model directory (model.onnx, input_0.npy) and
# mode, runs the model's layers on the IE interpreter in FP32 (`vpuc infer --dump-layers`), compiles
# it with every layer observed (`vpuc compile --observe-layers`), runs the blob on the emulator
# (`vpuc run --dump-layers`) and compares the two dumps (`vpuc compare`), then prints a Markdown
# table: the layers compared, the lowest cosine and its layer, and the first layer below the
# tolerance (or "none").
#
# Usage: tools/models/layer_report.sh [--arch=NAME] [--modes=M1,M2] [--tolerance=COS] VPUC DIR...
#   e.g. tools/models/layer_report.sh bazel-bin/tools/vpuc/vpuc tests/models/unet_tiny
# Defaults: VPUX37XX, reference_sw,default_hw, 0.99. Exit status: 0 when every row was measured,
# 1 when a step failed (the row says which), 2 on a usage error.
set -euo pipefail

arch=VPUX37XX
modes=reference_sw,default_hw
tolerance=0.99
args=()
for arg in "$@"; do
  case "$arg" in
    --arch=*) arch="${arg#*=}" ;;
    --modes=*) modes="${arg#*=}" ;;
    --tolerance=*) tolerance="${arg#*=}" ;;
    -h | --help)
      sed -n '4,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*) echo "layer_report.sh: unknown option $arg" >&2; exit 2 ;;
    *) args+=("$arg") ;;
  esac
done
if [ "${#args[@]}" -lt 2 ]; then
  echo "usage: layer_report.sh [--arch=NAME] [--modes=M1,M2] [--tolerance=COS] VPUC DIR..." >&2
  exit 2
fi
vpuc="${args[0]}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
echo "Layer report: $arch, tolerance $tolerance, $(date +%Y-%m-%d)"
echo
echo "| model | mode | layers compared | lowest cosine (layer) | first below tolerance |"
echo "|---|---|---:|---|---|"
for dir in "${args[@]:1}"; do
  name="$(basename "$dir")"
  ref="$work/$name.ref.npz"
  if ! "$vpuc" infer "$dir/model.onnx" --inputs "$dir/input_0.npy" -o "$work/$name.out.npz" \
      --dump-layers "$ref" > "$work/$name.infer.log" 2>&1; then
    echo "| $name | | | | vpuc infer failed: $(tail -1 "$work/$name.infer.log") |"
    status=1
    continue
  fi
  for mode in ${modes//,/ }; do
    blob="$work/$name.$mode.blob"
    layers="$work/$name.$mode.layers.npz"
    if ! "$vpuc" compile "$dir/model.onnx" --arch "$arch" --mode "$mode" --observe-layers \
        -o "$blob" --quiet > "$work/log" 2>&1; then
      echo "| $name | $mode | | | compile failed: $(grep -m1 error "$work/log") |"
      status=1
      continue
    fi
    if ! "$vpuc" run "$blob" --inputs "$dir/input_0.npy" --dump-layers "$layers" \
        > "$work/log" 2>&1; then
      echo "| $name | $mode | | | run failed: $(grep -m1 error "$work/log") |"
      status=1
      continue
    fi
    "$vpuc" compare "$layers" "$ref" --tolerance="$tolerance" > "$work/cmp" 2>&1 || true
    if grep -q "^vpuc compare: error" "$work/cmp"; then
      echo "| $name | $mode | | | compare failed: $(grep -m1 error "$work/cmp") |"
      status=1
      continue
    fi
    # Rows: name shape cosine euclidean max_abs_err ref_abs_max result...
    awk -v name="$name" -v mode="$mode" '
      $NF == "ok" || $NF == "TOLERANCE" {
        n++
        if (min == "" || $3 + 0 < min + 0) { min = $3; at = $1 }
      }
      /^first below tolerance: / { first = substr($0, 24) }
      END {
        printf "| %s | %s | %d | %s (%s) | %s |\n", name, mode, n, min, at,
               first == "" ? "none" : first
      }' "$work/cmp"
  done
done
exit "$status"
