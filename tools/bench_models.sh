#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Times the IE reference interpreter on real models. Builds //tools/vpuc optimised
# (--config=opt), then for every MODELS_DIR/<name>/ holding model.onnx and input_0.npy runs
# `vpuc infer --timing` and, when output_0.npy (the reference output) is there, `vpuc compare`;
# prints one table row per model: import and run times (wall clock, and the run's CPU time, which
# is what the work took on a loaded machine), cosine similarity and max abs error.
# A model that fails to import or run gets its first error line instead of numbers.
#
# Usage: tools/bench_models.sh [MODELS_DIR]   (default: ../shared/models when it exists,
#                                             else tests/models)
set -euo pipefail
cd "$(dirname "$0")/.."

models_dir="${1:-}"
if [[ -z "$models_dir" ]]; then
  if [[ -d ../shared/models ]]; then
    models_dir=../shared/models
  else
    models_dir=tests/models
  fi
fi
if [[ ! -d "$models_dir" ]]; then
  echo "bench_models.sh: $models_dir is not a directory" >&2
  exit 2
fi

if ! log=$(bash tools/bazel.sh build --config=opt //tools/vpuc 2>&1); then
  echo "$log" >&2
  exit 1
fi
vpuc="$(bazel info --config=opt bazel-bin 2>/dev/null)/tools/vpuc/vpuc"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

printf '%-24s %10s %10s %10s %12s %12s  %s\n' model import_ms run_ms run_cpu_ms cosine \
  max_abs_err note
found=0
for dir in "$models_dir"/*/; do
  dir="${dir%/}"
  name="$(basename "$dir")"
  [[ -f "$dir/model.onnx" && -f "$dir/input_0.npy" ]] || continue
  found=1
  out="$work/$name.npy"
  if ! timing=$("$vpuc" infer "$dir/model.onnx" --inputs "$dir/input_0.npy" -o "$out" \
      --timing 2>"$work/$name.err"); then
    printf '%-24s %10s %10s %10s %12s %12s  %s\n' "$name" - - - - - \
      "$(grep -m1 -o 'error: .*' "$work/$name.err" | cut -c1-100)"
    continue
  fi
  import_ms=$(awk '$1 == "import:" { print $2 }' <<<"$timing")
  run_ms=$(awk '$1 == "run:" { print $2 }' <<<"$timing")
  run_cpu_ms=$(awk '$1 == "run:" { print $5 }' <<<"$timing")
  cosine=-
  max_abs=-
  note=""
  if [[ -f "$dir/output_0.npy" ]]; then
    # The table row: the field after the shape is the cosine, the third after it the max abs
    # error; the result text follows the reference's abs max.
    report=$("$vpuc" compare "$out" "$dir/output_0.npy" --tolerance=0.99999 \
      --max-abs-rel-range=1e-3 2>&1 | tail -n 1) || true
    read -r cosine max_abs note < <(awk '{
        for (i = 1; i <= NF; ++i) {
          if ($i ~ /^([0-9]+(x[0-9]+)*|scalar)$/) {
            result = ""
            for (j = i + 5; j <= NF; ++j) { result = result (result == "" ? "" : " ") $j }
            print $(i + 1), $(i + 3), result
            exit
          }
        }
        print "-", "-", $0
      }' <<<"$report")
  else
    note="no output_0.npy"
  fi
  printf '%-24s %10s %10s %10s %12s %12s  %s\n' "$name" "$import_ms" "$run_ms" \
    "$run_cpu_ms" "$cosine" "$max_abs" "$note"
done
if [[ "$found" == 0 ]]; then
  echo "bench_models.sh: no <name>/model.onnx with input_0.npy under $models_dir" >&2
  exit 2
fi
