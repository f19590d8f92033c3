#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# The speed of the emulator and of the IE interpreter against ONNX Runtime, in the same run
# (issue 17). Builds //tools/vpuc optimised (--config=opt), then for every MODELS_DIR/<name>/
# holding model.onnx and input_0.npy: compiles the model for VPUX37XX in MODE (default_hw; not
# timed) and times:
#
#   ORT run ms       ONNX Runtime's median run (tools/models/ort_time.mjs, CPU, THREADS
#                    intra-op threads, graph optimisations all), after a first run: measured
#                    inside the process, around the session's run call
#   ORT session ms   ONNX Runtime's session creation
#   emu ms           the emulator's execution alone, hazard detection on, as `vpuc run --timing`
#                    reports it: wall clock of Emulator::run inside the process, without
#                    process start-up, reading the blob and the inputs or writing the outputs,
#                    so the figure to set beside ORT run ms (the median of RUNS invocations, the
#                    first of them the one timed whole below); and x: emu ms / ORT run ms
#   emu no-hazard ms likewise with `--no-hazard-check`, and x
#   run ms           wall clock of the whole `vpuc run` command (process start-up included:
#                    dynamic loading of the shared LLVM and MLIR libraries, reading the blob and
#                    inputs, the run, writing the outputs), and x: run ms / ORT run ms
#   no-hazard ms     the whole `vpuc run --no-hazard-check` command, and x
#   infer ms         wall clock of the whole `vpuc infer` command (import and run), and x:
#                    infer ms / (ORT session ms + ORT run ms)
#
# The run columns and the first of the emu column's invocations are the same command. A VPUC_BIN
# without `vpuc run --timing` gets `-` in the emu columns.
# vpuc runs with `--threads THREADS` when THREADS is set (else with its default, all cores). The
# cosine of the emulator's output against the model's output_0.npy is printed, so that a fast but
# wrong run shows. Needs node and onnxruntime-node
# (ORT_NODE_DIR, default /tmp/ort; see tools/models/ort_reference.mjs).
#
# Usage: tools/bench_speed.sh [--markdown FILE] [MODELS_DIR]
#   MODELS_DIR: default ../shared/models when it exists, else tests/models.
#   --markdown FILE: also write the table into FILE between `<!-- bench_speed:begin -->` and
#     `<!-- bench_speed:end -->` with the command, commit and machine (docs/emulator_speed.md).
# MODE (default default_hw) and ARCH (VPUX37XX) choose the blob; THREADS (default: nproc) the
# threads of both sides; RUNS (5) ONNX Runtime's timed runs and the emulator's in-process ones;
# VPUC_BIN=path/to/vpuc uses that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench_lib.sh

mode="${MODE:-default_hw}"
arch="${ARCH:-VPUX37XX}"
threads="${THREADS:-$(nproc)}"
# `--threads` only when THREADS is set (vpuc's default is all cores; a VPUC_BIN from before the
# option runs without it).
thread_args=()
if [[ -n "${THREADS:-}" ]]; then
  thread_args=(--threads "$THREADS")
fi
runs="${RUNS:-5}"
ort_dir="${ORT_NODE_DIR:-/tmp/ort}"
bench_parse_args "$@"
bench_markdown_or_continue MODE ARCH THREADS RUNS VPUC_BIN
bench_models_dir "$models_arg"
dirs=$(bench_model_dirs)
if [[ ! -d "$ort_dir" ]]; then
  echo "$(basename "$0"): no onnxruntime-node at $ort_dir (set ORT_NODE_DIR)" >&2
  exit 2
fi
bench_build_vpuc
bench_make_work_dir
# `vpuc run --timing` prints the host time of the execution alone ("run: W ms (cpu C ms)").
timing_args=()
if "$vpuc" run --help 2>/dev/null | grep -q -- '--timing'; then
  timing_args=(--timing)
fi

# ratio A B: A / B to one decimal, `-` when either is not a number.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b == 0) { print "-"; exit }
    printf "%.1f\n", a / b }'
}

# run_time FILE: the wall milliseconds of the `run: W ms (cpu C ms)` line of a `vpuc run --timing`
# output, `-` without one.
run_time() {
  awk '/^run: [0-9.]+ ms/ { t = $2 } END { print (t == "" ? "-" : t) }' "$1"
}

# median_run_time FIRST_OUTPUT ARGS...: the median of the in-process times of RUNS `vpuc run
# --timing` invocations: the one whose output is FIRST_OUTPUT, then RUNS - 1 more of `vpuc run
# ARGS... --timing`; `-` when a run gives no time.
median_run_time() {
  local first="$1" times i
  shift
  times="$(run_time "$first")"
  for ((i = 1; i < runs; ++i)); do
    times+=$'\n'"$("$vpuc" run "$@" --timing 2>/dev/null | awk '
      /^run: [0-9.]+ ms/ { t = $2 } END { print (t == "" ? "-" : t) }')"
  done
  sort -g <<<"$times" | awk '
    $0 == "-" { bad = 1 } { v[NR] = $0 }
    END { if (bad || NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'
}

echo "## Emulator and interpreter against ONNX Runtime"
echo
# The ONNX Runtime release measured (its speed changes from release to release).
ort_version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' \
  "$ort_dir/node_modules/onnxruntime-node/package.json" "$ort_dir/package.json" 2>/dev/null | head -n 1)
echo "$arch $mode blobs; vpuc with ${THREADS:+--threads $THREADS}${THREADS:-its default threads (all cores)}, ONNX Runtime ${ort_version:-(version unknown)} (onnxruntime-node) with $threads intra-op threads."
echo
bench_header model "ORT run ms:" "ORT session ms:" "emu ms:" "x:" "emu no-hazard ms:" "x:" \
  "run ms:" "x:" "no-hazard ms:" "x:" "infer ms:" "x:" "cosine:" note
while read -r dir; do
  name="$(basename "$dir")"
  base="$work/$name"
  note=""
  read -r ort_session ort_first ort_run < <(node tools/models/ort_time.mjs --ort="$ort_dir" \
    --runs="$runs" --threads="$threads" "$dir/model.onnx" "$dir/input_0.npy" 2>"$base.ort.err" ||
    echo "- - -")
  if ! "$vpuc" compile "$dir/model.onnx" --arch "$arch" --mode "$mode" -o "$base.blob" \
      --quiet >"$base.compile.out" 2>&1; then
    bench_row "$name" "$ort_run" "$ort_session" - - - - - - - - - - - \
      "compile: $(bench_first_error "$base.compile.out")"
    continue
  fi
  run_ms=-
  emu_ms=-
  if bench_time "$base.run.times" "$base.run.err" "$vpuc" run "$base.blob" \
      --inputs "$dir/input_0.npy" -o "$base.out.npz" "${thread_args[@]}" \
      "${timing_args[@]}" >"$base.run.out"; then
    read -r run_ms _ <"$base.run.times"
    if [[ ${#timing_args[@]} -gt 0 ]]; then
      emu_ms=$(median_run_time "$base.run.out" "$base.blob" --inputs "$dir/input_0.npy" \
        -o "$base.out.npz" "${thread_args[@]}")
    fi
  else
    note="run: $(bench_first_error "$base.run.err")"
  fi
  fast_ms=-
  emu_fast_ms=-
  if bench_time "$base.fast.times" "$base.fast.err" "$vpuc" run "$base.blob" \
      --inputs "$dir/input_0.npy" -o "$base.fast.npz" "${thread_args[@]}" \
      "${timing_args[@]}" --no-hazard-check >"$base.fast.out"; then
    read -r fast_ms _ <"$base.fast.times"
    if [[ ${#timing_args[@]} -gt 0 ]]; then
      emu_fast_ms=$(median_run_time "$base.fast.out" "$base.blob" --inputs "$dir/input_0.npy" \
        -o "$base.fast.npz" "${thread_args[@]}" --no-hazard-check)
    fi
  fi
  infer_ms=-
  if bench_time "$base.infer.times" "$base.infer.err" "$vpuc" infer "$dir/model.onnx" \
      --inputs "$dir/input_0.npy" -o "$base.infer.npy" "${thread_args[@]}" >/dev/null; then
    read -r infer_ms _ <"$base.infer.times"
  else
    note="${note:-infer: $(bench_first_error "$base.infer.err")}"
  fi
  cosine=-
  if [[ -f "$base.out.npz" && -f "$dir/output_0.npy" ]]; then
    read -r cosine _ _ _ < <(bench_compare "$base.out.npz" "$dir/output_0.npy" 0.999 1)
  fi
  ort_total=$(awk -v a="$ort_session" -v b="$ort_run" \
    'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/) printf "%.1f\n", a + b; else print "-" }')
  bench_row "$name" "$ort_run" "$ort_session" "$emu_ms" "$(ratio "$emu_ms" "$ort_run")" \
    "$emu_fast_ms" "$(ratio "$emu_fast_ms" "$ort_run")" \
    "$run_ms" "$(ratio "$run_ms" "$ort_run")" \
    "$fast_ms" "$(ratio "$fast_ms" "$ort_run")" "$infer_ms" "$(ratio "$infer_ms" "$ort_total")" \
    "$cosine" "${note:-ok}"
done <<<"$dirs"
