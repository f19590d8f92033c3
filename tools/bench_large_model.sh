#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Compile time and peak memory on a large model (issue 15, "Large models"). Builds a VGG-11-sized
# classifier (tools/models/make_vgg11.py: 531 MB of FP32 weights, random), builds //tools/vpuc
# optimised (--config=opt), then compiles the model with `vpuc compile` in every target and mode
# under `/usr/bin/time -v`, and times ONNX Runtime's session creation on the same model
# (tools/models/ort_session_time.mjs) as the yardstick. Prints one markdown table row per target
# and mode:
#
#   wall s          wall clock of `vpuc compile`
#   cpu s           its user + system time
#   peak RSS MB     its maximum resident set size (MiB)
#   RSS / model     peak RSS over the size of model.onnx        (goal: at most 3)
#   wall / ORT      wall time over ONNX Runtime's session creation (goal: at most 10)
#   result          `ok`, or the first error of a compile that failed
#
# Usage: tools/bench_large_model.sh [--markdown FILE] [WORK_DIR]
#   WORK_DIR: where the model is built and kept between runs (default /tmp/vpuc_vgg11); the
#     model is rebuilt only when WORK_DIR/model.onnx is missing.
#   --markdown FILE: also write the table into FILE between `<!-- bench_large_model:begin -->`
#     and `<!-- bench_large_model:end -->`, with the command, commit and machine.
# MODES="reference_sw reference_hw default_hw" and ARCHS="VPUX37XX VPUX30XX" select the modes and
# targets (these are the defaults); VPUC_BIN=path/to/vpuc uses that binary instead of building
# one; ORT_NODE_DIR names the directory holding node_modules/onnxruntime-node (default /tmp/ort;
# the ONNX Runtime column is `-` when it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench_lib.sh

bench_parse_args "$@"
bench_markdown_or_continue MODES ARCHS VPUC_BIN ORT_NODE_DIR
work_dir="${models_arg:-/tmp/vpuc_vgg11}"
read -r -a archs <<<"${ARCHS:-VPUX37XX VPUX30XX}"
read -r -a modes <<<"${MODES:-reference_sw reference_hw default_hw}"
ort_dir="${ORT_NODE_DIR:-/tmp/ort}"

mkdir -p "$work_dir"
model="$work_dir/model.onnx"
if [[ ! -f "$model" ]]; then
  echo "building $model ..." >&2
  /usr/bin/python3 tools/models/make_vgg11.py --out "$work_dir" >&2
fi
model_bytes=$(stat -c %s "$model")

bench_build_vpuc

ort_ms="-"
if [[ -d "$ort_dir" ]]; then
  if ort_times=$(node tools/models/ort_session_time.mjs --ort="$ort_dir" "$model"); then
    ort_ms=$(awk '{ print $1 }' <<<"$ort_times")
  else
    echo "$(basename "$0"): ONNX Runtime failed on $model" >&2
  fi
else
  echo "$(basename "$0"): $ort_dir holds no onnxruntime-node; the ONNX Runtime column is '-'" >&2
fi

bench_make_work_dir
table="$work/table.md"
{
  echo "Model: $(basename "$work_dir")/model.onnx, $(awk -v b="$model_bytes" \
    'BEGIN { printf "%.1f MB", b / 1e6 }'); ONNX Runtime session creation: $(awk -v t="$ort_ms" \
    'BEGIN { if (t == "-") print "-"; else printf "%.2f s", t / 1000 }') (fastest of 3)."
  echo
  bench_header target mode "wall s:" "cpu s:" "peak RSS MB:" "RSS / model:" "wall / ORT:" result
} >"$table"
cat "$table"

for arch in "${archs[@]}"; do
  for mode in "${modes[@]}"; do
    base="$work/$arch.$mode"
    status=0
    /usr/bin/time -v -o "$base.time" "$vpuc" compile "$model" --arch "$arch" --mode "$mode" \
      -o "$base.blob" --quiet >"$base.out" 2>"$base.err" </dev/null || status=$?
    # "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:12.34", user and system seconds, and the
    # maximum resident set size in KiB.
    read -r wall cpu rss < <(awk -F': ' '
      /Elapsed \(wall clock\)/ {
        n = split($2, part, ":"); wall = 0
        for (i = 1; i <= n; ++i) { wall = wall * 60 + part[i] }
      }
      /User time/ { cpu += $2 }
      /System time/ { cpu += $2 }
      /Maximum resident set size/ { rss = $2 }
      END { print wall, cpu, rss }' "$base.time")
    result="ok"
    if [[ $status -ne 0 ]]; then
      result="exit $status: $(bench_first_error "$base.err")"
    fi
    row=$(awk -v w="$wall" -v c="$cpu" -v r="$rss" -v m="$model_bytes" -v o="$ort_ms" 'BEGIN {
      printf "%.1f %.1f %.0f %.2f %s", w, c, r / 1024, r * 1024 / m,
        (o == "-" ? "-" : sprintf("%.2f", w * 1000 / o))
    }')
    read -r wall_s cpu_s rss_mb rss_ratio ort_ratio <<<"$row"
    bench_row "$arch" "$mode" "$wall_s" "$cpu_s" "$rss_mb" "$rss_ratio" "$ort_ratio" "$result" |
      tee -a "$table"
    rm -f "$base.blob"
  done
done
