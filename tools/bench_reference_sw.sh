#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Benchmarks the reference-SW compilation mode on real models. Builds //tools/vpuc optimised
# (--config=opt), then for every MODELS_DIR/<name>/ holding model.onnx and input_0.npy, and for
# every target, compiles the model (`vpuc compile --mode reference_sw`), runs the blob on the
# emulator with its input (`vpuc run`, hazard detection on) and compares the output with ONNX
# Runtime's output_0.npy. Prints a markdown table, one row per model and target:
#
#   compile ms, compile CPU ms  wall clock and CPU time (user + system) of `vpuc compile`
#   blob KiB, tasks             the blob's size and task count
#   run ms, run CPU ms          wall clock and CPU time of `vpuc run` (the emulator)
#   est. latency us             the emulator's estimate of the blob's latency on the target
#   cosine, max abs err         against output_0.npy; the note says `ok` when the cosine
#                               reaches the FP16 bar (0.999)
#
# A model that fails to compile or run gets its first error line instead of numbers; a run in
# which the emulator found problems (hazards, ...) gets the first one in its note.
#
# Usage: tools/bench_reference_sw.sh [--markdown FILE] [MODELS_DIR]
#   MODELS_DIR: default ../shared/models when it exists, else tests/models.
#   --markdown FILE: also write the table into FILE between `<!-- bench_reference_sw:begin -->`
#     and `<!-- bench_reference_sw:end -->`, with the command, commit and machine
#     (docs/results.md).
# ARCHS="VPUX37XX" restricts the targets (default: VPUX30XX VPUX37XX); VPUC_BIN=path/to/vpuc
# uses that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench_lib.sh

read -r -a archs <<<"${ARCHS:-VPUX30XX VPUX37XX}"
bench_parse_args "$@"
bench_markdown_or_continue ARCHS VPUC_BIN
bench_models_dir "$models_arg"
dirs=$(bench_model_dirs)
bench_build_vpuc
bench_make_work_dir

bench_header model arch "compile ms:" "compile CPU ms:" "blob KiB:" "tasks:" "run ms:" \
  "run CPU ms:" "est. latency us:" "cosine:" "max abs err:" note
while read -r dir; do
  name="$(basename "$dir")"
  inputs="$dir/input_0.npy"
  for arch in "${archs[@]}"; do
    base="$work/$name.$arch"
    if ! bench_time "$base.compile.times" "$base.compile.err" "$vpuc" compile \
        "$dir/model.onnx" --arch "$arch" --mode reference_sw -o "$base.blob" \
        >"$base.compile.out"; then
      bench_row "$name" "$arch" - - - - - - - - - "$(bench_first_error "$base.compile.err")"
      continue
    fi
    read -r compile_ms compile_cpu_ms <"$base.compile.times"
    blob_kib=$(awk -v bytes="$(stat -c %s "$base.blob")" 'BEGIN { printf "%.1f", bytes / 1024 }')
    tasks=$(awk '$1 == "tasks:" { print $2 }' "$base.compile.out")
    if ! bench_run "$base" "$inputs"; then
      bench_row "$name" "$arch" "$compile_ms" "$compile_cpu_ms" "$blob_kib" "$tasks" \
        "$run_ms" "$run_cpu_ms" "$latency_us" - - "$run_note"
      continue
    fi
    note="$run_note"
    cosine=-
    max_abs=-
    if [[ -f "$dir/output_0.npy" ]]; then
      # The max abs error is reported, not judged (no bar fits every model's range).
      read -r cosine max_abs _ result < <(bench_compare "$base.out.npz" "$dir/output_0.npy" \
        0.999 1)
      note="${note:+$note; }$result"
    else
      note="${note:+$note; }no output_0.npy"
    fi
    bench_row "$name" "$arch" "$compile_ms" "$compile_cpu_ms" "$blob_kib" "$tasks" "$run_ms" \
      "$run_cpu_ms" "$latency_us" "$cosine" "$max_abs" "$note"
  done
done <<<"$dirs"
