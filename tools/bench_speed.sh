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
#   emu ms           the emulator's execution alone after a first run, hazard detection on:
#                    `vpuc run --repeat 2 --timing`'s second run, on a new emulator in the same
#                    process (the wall clock of Emulator::run, without process start-up,
#                    reading the blob and the inputs or writing the outputs): the median of
#                    RUNS invocations; and x: emu ms / ORT run ms, both measured the same way
#   emu no-hazard ms likewise with `--no-hazard-check`, and x
#   ORT first ms     ONNX Runtime's first run of the session (cold caches, lazy set-up)
#   emu first ms     the first run of those invocations (cold caches), the median of RUNS; and
#                    x: emu first ms / ORT first ms
#   first no-hazard ms likewise with `--no-hazard-check`, and x
#   ORT session ms   ONNX Runtime's session creation
#   run ms           wall clock of the first whole `vpuc run` command (process start-up
#                    included: dynamic loading of the shared LLVM and MLIR libraries, reading the
#                    blob and inputs, the runs, writing the outputs)
#   infer ms         wall clock of the whole `vpuc infer` command (import and run), and x:
#                    infer ms / (ORT session ms + ORT run ms)
#
# A VPUC_BIN without `vpuc run --timing` gets `-` in the emu columns, one without `--repeat` in
# the emu ms columns (after a first run).
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
# `vpuc run --timing` prints the host time of the execution alone ("run: W ms (cpu C ms)"), and
# with `--repeat 2` that of a second run ("repeated runs: median W ms, ...").
timing_args=()
if "$vpuc" run --help 2>/dev/null | grep -q -- '--timing'; then
  timing_args=(--timing)
  if "$vpuc" run --help 2>/dev/null | grep -q -- '--repeat'; then
    timing_args+=(--repeat 2)
  fi
fi

# ratio A B: A / B to one decimal, `-` when either is not a number.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b == 0) { print "-"; exit }
    printf "%.1f\n", a / b }'
}

# run_times FILE: the wall milliseconds of the first run and of the run after it in a `vpuc run
# --timing` output (its `run: W ms` and `repeated runs: median W ms` lines), `-` for a missing one.
run_times() {
  awk '/^run: [0-9.]+ ms/ { first = $2 } /^repeated runs: median [0-9.]+ ms/ { warm = $4 }
    END { print (first == "" ? "-" : first), (warm == "" ? "-" : warm) }' "$1"
}

# median: the median of the numbers on standard input, one per line; `-` when one is not a number.
median() {
  sort -g | awk '$0 !~ /^[0-9.]+$/ { bad = 1 } { v[NR] = $0 }
    END { if (bad || NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'
}

# median_run_times FIRST_OUTPUT ARGS...: the medians of the first runs' and of the second runs'
# in-process times over RUNS `vpuc run ARGS... --timing` invocations, the first of them the one
# whose output is FIRST_OUTPUT (when it is not empty).
median_run_times() {
  local first="$1" times="" i=0
  shift
  if [[ -n "$first" ]]; then
    times="$(run_times "$first")"
    i=1
  fi
  for (( ; i < runs; ++i)); do
    "$vpuc" run "$@" "${timing_args[@]}" >"$work/times.out" 2>/dev/null
    times+="${times:+$'\n'}$(run_times "$work/times.out")"
  done
  echo "$(cut -d' ' -f1 <<<"$times" | median) $(cut -d' ' -f2 <<<"$times" | median)"
}

echo "## Emulator and interpreter against ONNX Runtime"
echo
# The ONNX Runtime release measured (its speed changes from release to release).
ort_version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' \
  "$ort_dir/node_modules/onnxruntime-node/package.json" "$ort_dir/package.json" 2>/dev/null | head -n 1)
echo "$arch $mode blobs; vpuc with ${THREADS:+--threads $THREADS}${THREADS:-its default threads (all cores)}, ONNX Runtime ${ort_version:-(version unknown)} (onnxruntime-node) with $threads intra-op threads."
echo
bench_header model "ORT run ms:" "emu ms:" "x:" "emu no-hazard ms:" "x:" "ORT first ms:" \
  "emu first ms:" "x:" "first no-hazard ms:" "x:" "ORT session ms:" "run ms:" "infer ms:" "x:" \
  "cosine:" note
while read -r dir; do
  name="$(basename "$dir")"
  base="$work/$name"
  note=""
  read -r ort_session ort_first ort_run < <(node tools/models/ort_time.mjs --ort="$ort_dir" \
    --runs="$runs" --threads="$threads" "$dir/model.onnx" "$dir/input_0.npy" 2>"$base.ort.err" ||
    echo "- - -")
  if ! "$vpuc" compile "$dir/model.onnx" --arch "$arch" --mode "$mode" -o "$base.blob" \
      --quiet >"$base.compile.out" 2>&1; then
    bench_row "$name" "$ort_run" - - - - "$ort_first" - - - - "$ort_session" - - - - \
      "compile: $(bench_first_error "$base.compile.out")"
    continue
  fi
  run_ms=-
  emu_first_ms=-
  emu_ms=-
  if bench_time "$base.run.times" "$base.run.err" "$vpuc" run "$base.blob" \
      --inputs "$dir/input_0.npy" -o "$base.out.npz" "${thread_args[@]}" \
      "${timing_args[@]}" >"$base.run.out"; then
    read -r run_ms _ <"$base.run.times"
    if [[ ${#timing_args[@]} -gt 0 ]]; then
      read -r emu_first_ms emu_ms < <(median_run_times "$base.run.out" "$base.blob" \
        --inputs "$dir/input_0.npy" -o "$base.out.npz" "${thread_args[@]}")
    fi
  else
    note="run: $(bench_first_error "$base.run.err")"
  fi
  emu_fast_first_ms=-
  emu_fast_ms=-
  if [[ ${#timing_args[@]} -gt 0 ]]; then
    read -r emu_fast_first_ms emu_fast_ms < <(median_run_times "" "$base.blob" \
      --inputs "$dir/input_0.npy" -o "$base.fast.npz" "${thread_args[@]}" --no-hazard-check)
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
  bench_row "$name" "$ort_run" "$emu_ms" "$(ratio "$emu_ms" "$ort_run")" \
    "$emu_fast_ms" "$(ratio "$emu_fast_ms" "$ort_run")" "$ort_first" \
    "$emu_first_ms" "$(ratio "$emu_first_ms" "$ort_first")" \
    "$emu_fast_first_ms" "$(ratio "$emu_fast_first_ms" "$ort_first")" "$ort_session" \
    "$run_ms" "$infer_ms" "$(ratio "$infer_ms" "$ort_total")" "$cosine" "${note:-ok}"
done <<<"$dirs"
