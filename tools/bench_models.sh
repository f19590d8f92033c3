#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Times the IE reference interpreter on real models. Builds //tools/vpuc optimised
# (--config=opt), then for every MODELS_DIR/<name>/ holding model.onnx and input_0.npy runs
# `vpuc infer --timing` and, when output_0.npy (the reference output) is there, `vpuc compare`;
# prints a markdown table, one row per model: import and run times (wall clock, and the run's CPU
# time, which is what the work took on a loaded machine), cosine similarity and max abs error.
# A model that fails to import or run gets its first error line instead of numbers.
# tools/bench_reference_sw.sh does the same for the blobs of the reference-SW mode.
#
# Usage: tools/bench_models.sh [--markdown FILE] [MODELS_DIR]
#   MODELS_DIR: default ../shared/models when it exists, else tests/models.
#   --markdown FILE: also write the table into FILE between `<!-- bench_models:begin -->` and
#     `<!-- bench_models:end -->`, with the command, commit and machine (docs/results.md).
# VPUC_BIN=path/to/vpuc uses that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench_lib.sh

bench_parse_args "$@"
bench_markdown_or_continue VPUC_BIN
bench_models_dir "$models_arg"
dirs=$(bench_model_dirs)
bench_build_vpuc
bench_make_work_dir

bench_header model "import ms:" "run ms:" "run CPU ms:" "cosine:" "max abs err:" note
while read -r dir; do
  name="$(basename "$dir")"
  out="$work/$name.npy"
  if ! timing=$("$vpuc" infer "$dir/model.onnx" --inputs "$dir/input_0.npy" -o "$out" \
      --timing 2>"$work/$name.err" </dev/null); then
    bench_row "$name" - - - - - "$(bench_first_error "$work/$name.err")"
    continue
  fi
  import_ms=$(awk '$1 == "import:" { print $2 }' <<<"$timing")
  run_ms=$(awk '$1 == "run:" { print $2 }' <<<"$timing")
  run_cpu_ms=$(awk '$1 == "run:" { print $5 }' <<<"$timing")
  cosine=-
  max_abs=-
  note=""
  if [[ -f "$dir/output_0.npy" ]]; then
    read -r cosine max_abs _ note < <(bench_compare "$out" "$dir/output_0.npy")
  else
    note="no output_0.npy"
  fi
  bench_row "$name" "$import_ms" "$run_ms" "$run_cpu_ms" "$cosine" "$max_abs" "$note"
done <<<"$dirs"
