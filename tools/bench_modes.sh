#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Compares compilation modes on real models. Builds //tools/vpuc optimised (--config=opt), then
# for every MODELS_DIR/<name>/ holding model.onnx and input_0.npy, every target and every mode,
# compiles the model (`vpuc compile`), runs the blob on the emulator (`vpuc run`, hazard
# detection on) and compares the output with ONNX Runtime's output_0.npy. Prints three markdown
# tables:
#
#  1. one row per model, target and mode:
#       compile ms                 wall clock of `vpuc compile`
#       run ms                     wall clock of `vpuc run` (the emulator)
#       est. latency us            the emulator's estimate of the blob's latency on the target
#       roofline                   the run's roofline ratio, lower bound / estimated latency
#                                  (docs/blob_and_emulator.md)
#       cosine                     against output_0.npy; the note says `ok` at the FP16 bar
#                                  (0.999), else the first error or problem
#     a mode that `vpuc compile` does not know is `skipped (unknown mode)`, not an error;
#  2. one row per model and target: the estimated latencies of reference_hw and default_hw and
#     their ratio latency(default_hw) / latency(reference_hw) (`-` unless both ran);
#  3. the per-pass compile time of one model, target and mode (`vpuc compile --timing`; the
#     first model, target and mode that compiled, or TIMING_MODEL, TIMING_ARCH, TIMING_MODE):
#     the TIMING_ROWS (15) slowest passes, import and export.
#
# Usage: tools/bench_modes.sh [--markdown FILE] [MODELS_DIR]
#   MODELS_DIR: default ../shared/models when it exists, else tests/models.
#   --markdown FILE: also write the tables into FILE between `<!-- bench_modes:begin -->` and
#     `<!-- bench_modes:end -->` (headings one level deeper), with the command, commit and
#     machine (docs/results.md).
# MODES="reference_sw reference_hw default_hw" sets the modes (the default); a mode that is a
# path ending in .textproto runs that pipeline spec (`vpuc compile --pipeline FILE`).
# ARCHS="VPUX37XX" restricts the targets (default: VPUX30XX VPUX37XX); VPUC_BIN=path/to/vpuc
# uses that binary instead of building one; TIMING_ROWS=0 leaves out the per-pass table.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench_lib.sh

read -r -a archs <<<"${ARCHS:-VPUX30XX VPUX37XX}"
read -r -a modes <<<"${MODES:-reference_sw reference_hw default_hw}"
timing_rows="${TIMING_ROWS:-15}"
bench_parse_args "$@"
bench_markdown_or_continue ARCHS MODES TIMING_ROWS TIMING_MODEL TIMING_ARCH TIMING_MODE VPUC_BIN
bench_models_dir "$models_arg"
dirs=$(bench_model_dirs)
bench_build_vpuc
bench_make_work_dir

# The estimated latency of each model, target and mode label, for table 2.
declare -A latency
timing_model="${TIMING_MODEL:-}"
timing_arch="${TIMING_ARCH:-}"
timing_mode="${TIMING_MODE:-}"

echo "## Modes"
echo
bench_header model arch mode "compile ms:" "run ms:" "est. latency us:" "roofline:" "cosine:" \
  note
while read -r dir; do
  name="$(basename "$dir")"
  for arch in "${archs[@]}"; do
    for mode in "${modes[@]}"; do
      bench_mode_args "$mode"
      base="$work/$name.$arch.$mode_label"
      if ! bench_time "$base.compile.times" "$base.compile.err" "$vpuc" compile \
          "$dir/model.onnx" --arch "$arch" "${mode_args[@]}" -o "$base.blob" \
          >"$base.compile.out"; then
        if grep -q "unknown mode '$mode'" "$base.compile.err"; then
          bench_row "$name" "$arch" "$mode_label" - - - - - "skipped (unknown mode)"
        else
          bench_row "$name" "$arch" "$mode_label" - - - - - \
            "$(bench_first_error "$base.compile.err")"
        fi
        continue
      fi
      read -r compile_ms _ <"$base.compile.times"
      if [[ -z "$timing_model" && -z "$timing_arch" && -z "$timing_mode" ]]; then
        timing_model="$name"
        timing_arch="$arch"
        timing_mode="$mode"
      fi
      if ! bench_run "$base" "$dir/input_0.npy"; then
        bench_row "$name" "$arch" "$mode_label" "$compile_ms" "$run_ms" "$latency_us" \
          "$roofline" - "$run_note"
        continue
      fi
      latency["$name.$arch.$mode_label"]="$latency_us"
      note="$run_note"
      cosine=-
      if [[ -f "$dir/output_0.npy" ]]; then
        read -r cosine _ _ result < <(bench_compare "$base.out.npz" "$dir/output_0.npy" 0.999 1)
        note="${note:+$note; }$result"
      else
        note="${note:+$note; }no output_0.npy"
      fi
      bench_row "$name" "$arch" "$mode_label" "$compile_ms" "$run_ms" "$latency_us" \
        "$roofline" "$cosine" "$note"
    done
  done
done <<<"$dirs"

echo
echo "## default_hw against reference_hw"
echo
bench_header model arch "reference_hw us:" "default_hw us:" "ratio:"
while read -r dir; do
  name="$(basename "$dir")"
  for arch in "${archs[@]}"; do
    ref="${latency[$name.$arch.reference_hw]:--}"
    def="${latency[$name.$arch.default_hw]:--}"
    ratio=-
    if [[ "$ref" != - && "$def" != - ]]; then
      ratio=$(awk -v d="$def" -v r="$ref" 'BEGIN { printf "%.3f", (r > 0 ? d / r : 0) }')
    fi
    bench_row "$name" "$arch" "$ref" "$def" "$ratio"
  done
done <<<"$dirs"

if [[ "$timing_rows" == 0 ]]; then
  exit 0
fi
echo
echo "## Compile time per pass"
echo
if [[ -z "$timing_model" ]]; then
  echo "No model compiled."
  exit 0
fi
bench_mode_args "${timing_mode:-${modes[0]}}"
timing_arch="${timing_arch:-${archs[0]}}"
echo "\`vpuc compile --timing\`: $timing_model, $timing_arch, $mode_label"
echo
base="$work/timing"
if ! "$vpuc" compile "$models_dir/$timing_model/model.onnx" --arch "$timing_arch" \
    "${mode_args[@]}" -o "$base.blob" --timing --quiet >"$base.out" 2>"$base.err" </dev/null; then
  echo "The compilation failed: $(bench_first_error "$base.err")"
  exit 0
fi
# MLIR's report: "    0.0547 ( 43.3%)  import", nested passes indented; pass-manager nests
# ("'func.func' Pipeline"), analyses ("(A) ...") and the total are left out.
bench_header "pass" "wall ms:" "share:"
awk '
  $2 == "(" || $2 ~ /^\(/ {
    time = $1
    share = $0; sub(/^[^(]*\( */, "", share); sub(/\).*$/, "", share)
    name = $0; sub(/^[^)]*\) +/, "", name)
    if (name ~ /Pipeline$/ || name ~ /^\(A\)/ || name == "Total" || name == "Rest") next
    printf "%.3f\t%s\t%s\n", time * 1000, share, name
  }' "$base.err" | sort -t $'\t' -k1,1 -g -r | head -n "$timing_rows" |
  while IFS=$'\t' read -r ms share pass; do
    bench_row "$pass" "$ms" "$share"
  done
