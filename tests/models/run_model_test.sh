#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# End-to-end model test: runs `vpuc infer` on MODEL_DIR/model.onnx with MODEL_DIR/input_0.npy and
# compares the result with ONNX Runtime's MODEL_DIR/output_0.npy: cosine similarity >= 0.99999
# and max abs error <= 1e-3 of the reference's range.
#
# Usage: run_model_test.sh VPUC MODEL_DIR
set -euo pipefail
vpuc="$1"
dir="$2"
out="${TEST_TMPDIR:-$(mktemp -d)}/$(basename "$dir")_output.npy"
"$vpuc" infer "$dir/model.onnx" --inputs "$dir/input_0.npy" -o "$out" --timing
"$vpuc" compare "$out" "$dir/output_0.npy" --tolerance=0.99999 --max-abs-rel-range=1e-3
