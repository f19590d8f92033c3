#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# INT8 latency report: compiles each QDQ model and its FP32 original for VPUX37XX in default_hw
# (`vpuc compile`), runs both blobs on the emulator (`vpuc run`, hazard checks on) and prints a
# Markdown table: the emulator's estimated latency of each, their ratio (the INT8 goal: at most
# 0.6) and the `precision:` line of the QDQ model's compile summary.
#
# Usage: tools/models/int8_report.sh [--arch=NAME] [--mode=MODE] VPUC [QDQ_DIR[:FP32_DIR] ...]
#   VPUC      the vpuc binary (e.g. bazel-bin/tools/vpuc/vpuc)
#   QDQ_DIR   a model directory (model.onnx, input_0.npy); its FP32 original is FP32_DIR, or
#             QDQ_DIR/fp32 when not given. The FP32 model runs on FP32_DIR/input_0.npy if there is
#             one, else on QDQ_DIR's. Default: every tests/models/*_qdq directory.
#   e.g. tools/models/int8_report.sh bazel-bin/tools/vpuc/vpuc tests/models/resnet_tiny_qdq \
#          tests/models/mobilenet_v2_qdq:/path/to/mobilenet_v2
# Exit status: 0 when every row was measured, 1 when a compilation or a run failed (the row says
# why), 2 on a usage error.
set -euo pipefail

arch=VPUX37XX
mode=default_hw
args=()
for arg in "$@"; do
  case "$arg" in
    --arch=*) arch="${arg#*=}" ;;
    --mode=*) mode="${arg#*=}" ;;
    -h | --help)
      sed -n '4,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "int8_report.sh: unknown option '$arg'" >&2
      exit 2
      ;;
    *) args+=("$arg") ;;
  esac
done
if [[ ${#args[@]} -lt 1 ]]; then
  echo "usage: int8_report.sh [--arch=NAME] [--mode=MODE] VPUC [QDQ_DIR[:FP32_DIR] ...]" >&2
  exit 2
fi
vpuc="${args[0]}"
[[ -x "$vpuc" ]] || {
  echo "int8_report.sh: '$vpuc' is not an executable" >&2
  exit 2
}
models=("${args[@]:1}")
if [[ ${#models[@]} -eq 0 ]]; then
  repo="$(cd "$(dirname "$0")/../.." && pwd)"
  for dir in "$repo"/tests/models/*_qdq; do
    models+=("$dir")
  done
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0

# compile_and_run NAME MODEL INPUT: prints "LATENCY_US" on success, or "error: ..." and fails.
# The compile log is left in $work/NAME.compile.log.
compile_and_run() {
  local name="$1" model="$2" input="$3"
  if ! "$vpuc" compile "$model" --arch "$arch" --mode "$mode" -o "$work/$name.blob" \
    --progress=never >"$work/$name.compile.log" 2>&1; then
    echo "compile failed: $(grep -m1 'error' "$work/$name.compile.log" | cut -c1-160)"
    return 1
  fi
  local rc=0
  "$vpuc" run "$work/$name.blob" --inputs "$input" -o "$work/$name.npz" \
    >"$work/$name.run.log" 2>&1 || rc=$?
  local latency
  latency="$(sed -n 's/^ran [0-9]* tasks in \([0-9.]*\) us.*/\1/p' "$work/$name.run.log")"
  if [[ $rc -ne 0 || -z "$latency" ]]; then
    echo "run failed (exit $rc): $(grep -m1 -i 'error\|hazard\|problem' "$work/$name.run.log" |
      cut -c1-160)"
    return 1
  fi
  echo "$latency"
}

echo "INT8 report: $arch $mode, $vpuc, $(date -u +%Y-%m-%d)"
echo
echo "| model | QDQ latency (us) | FP16 latency (us) | ratio | QDQ precision |"
echo "|---|---:|---:|---:|---|"
for spec in "${models[@]}"; do
  qdq="${spec%%:*}"
  fp32="$qdq/fp32"
  [[ "$spec" == *:* ]] && fp32="${spec#*:}"
  name="$(basename "$qdq")"
  if [[ ! -f "$qdq/model.onnx" || ! -f "$qdq/input_0.npy" ]]; then
    echo "| $name | | | | no model.onnx and input_0.npy in $qdq |"
    status=1
    continue
  fi
  if [[ ! -f "$fp32/model.onnx" ]]; then
    echo "| $name | | | | no FP32 original (give it as $qdq:FP32_DIR) |"
    continue
  fi
  fp32_input="$qdq/input_0.npy"
  [[ -f "$fp32/input_0.npy" ]] && fp32_input="$fp32/input_0.npy"
  if ! q="$(compile_and_run "$name.qdq" "$qdq/model.onnx" "$qdq/input_0.npy")"; then
    echo "| $name | $q | | | |"
    status=1
    continue
  fi
  precision="$(sed -n 's/^ *precision: *//p' "$work/$name.qdq.compile.log")"
  if ! f="$(compile_and_run "$name.fp32" "$fp32/model.onnx" "$fp32_input")"; then
    echo "| $name | $q | FP32: $f | | $precision |"
    status=1
    continue
  fi
  ratio="$(awk -v q="$q" -v f="$f" 'BEGIN { printf "%.3f", q / f }')"
  echo "| $name | $q | $f | $ratio | $precision |"
done
exit $status
