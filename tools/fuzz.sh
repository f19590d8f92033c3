#!/usr/bin/env bash
# Builds one libFuzzer target of tools/fuzz with `--config=fuzz` (clang-19, ASan + UBSan +
# coverage) and runs it on a copy of its seed corpus (docs/reliability.md).
#
# Usage: tools/fuzz.sh TARGET [libFuzzer flags...]
#   TARGET: npy_fuzzer, arch_fuzzer, pipeline_spec_fuzzer, onnx_import_fuzzer or
#           blob_emulator_fuzzer.
#   e.g. tools/fuzz.sh npy_fuzzer -runs=1000000
#        tools/fuzz.sh onnx_import_fuzzer -max_total_time=3600
#        tools/fuzz.sh blob_emulator_fuzzer -runs=0 crash-0123...   (replays one input)
#
# The working corpus is $VPUC_FUZZ_DIR/TARGET (default ~/.cache/vpuc/fuzz/TARGET), seeded from
# tools/fuzz/corpus/TARGET; new inputs go there, crashes into $VPUC_FUZZ_DIR/TARGET-artifacts/.
# A finding is fixed in the product and its input added to tools/fuzz/corpus/TARGET (named
# regression-*), which the TARGET_replay test then runs in every test run.
set -euo pipefail
cd "$(dirname "$0")/.."

targets="npy_fuzzer arch_fuzzer pipeline_spec_fuzzer onnx_import_fuzzer blob_emulator_fuzzer"
if [ $# -lt 1 ] || ! printf '%s\n' $targets | grep -qx "$1"; then
  echo "usage: tools/fuzz.sh TARGET [libFuzzer flags...]; TARGET is one of: $targets" >&2
  exit 2
fi
target="$1"
shift

bash tools/setup.sh --fuzz
bash tools/bazel.sh build --config=fuzz "//tools/fuzz:$target"
binary="$(bazel info --config=fuzz bazel-bin 2>/dev/null)/tools/fuzz/$target"

work="${VPUC_FUZZ_DIR:-$HOME/.cache/vpuc/fuzz}"
corpus="$work/$target"
artifacts="$work/$target-artifacts"
mkdir -p "$corpus" "$artifacts"

# Defaults: inputs up to 64 KiB (blobs and models are larger than libFuzzer's 4 KiB default), a
# run of one input above 25 s is a hang, 2 GiB of RSS at most. Later flags override them.
defaults=(-max_len=65536 -timeout=25 -rss_limit_mb=2048 -print_final_stats=1
  "-artifact_prefix=$artifacts/")
if printf '%s\n' "$@" | grep -q '^-runs=0$'; then
  # Replaying given inputs: no corpus directories.
  exec "$binary" "${defaults[@]}" "$@"
fi
exec "$binary" "${defaults[@]}" "$@" "$corpus" "tools/fuzz/corpus/$target"
