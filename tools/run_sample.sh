#!/usr/bin/env bash
# The README's main command: installs what is missing, builds vpuc-opt and runs the sample
# pipeline spec (samples/fold_weights.textproto) on the sample IR (samples/weights.mlir).
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/setup.sh
if ! log=$(bash tools/bazel.sh build //tools/vpuc-opt 2>&1); then
  echo "$log" >&2
  exit 1
fi
opt="$(bazel info bazel-bin 2>/dev/null)/tools/vpuc-opt/vpuc-opt"

echo "== samples/fold_weights.textproto as a textual pipeline:"
"$opt" samples/weights.mlir --pipeline-spec=samples/fold_weights.textproto \
  --print-spec-pipeline -o /dev/null 2>&1
echo
echo "== samples/weights.mlir after the pipeline:"
"$opt" samples/weights.mlir --pipeline-spec=samples/fold_weights.textproto
