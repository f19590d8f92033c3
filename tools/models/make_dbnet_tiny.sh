#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Regenerates tests/models/dbnet_tiny (see tools/models/make_dbnet_tiny.py): the model, its input
# and meta.json, then ONNX Runtime's output_0.npy (tools/models/ort_reference.mjs, all graph
# optimisations). Deterministic: a rerun rewrites the same bytes.
#
# Needs /usr/bin/python3 with torch and onnx, node, and onnxruntime-node installed in a scratch
# directory outside the repository (`npm install onnxruntime-node --ignore-scripts` there), named
# with --ort=DIR or $ORT_NODE_DIR.
#
# Usage: tools/models/make_dbnet_tiny.sh --ort=DIR [--out=DIR]
#   --out=DIR  the model directory (default: tests/models/dbnet_tiny)
set -euo pipefail
cd "$(dirname "$0")/../.."

ort_dir="${ORT_NODE_DIR:-}"
out=tests/models/dbnet_tiny
for arg in "$@"; do
  case "$arg" in
    --ort=*) ort_dir="${arg#*=}" ;;
    --out=*) out="${arg#*=}" ;;
    *)
      echo "make_dbnet_tiny.sh: unknown argument '$arg'" >&2
      exit 2
      ;;
  esac
done
if [[ -z "$ort_dir" ]]; then
  echo "make_dbnet_tiny.sh: name the directory of onnxruntime-node with --ort=DIR or \$ORT_NODE_DIR" >&2
  exit 2
fi

/usr/bin/python3 tools/models/make_dbnet_tiny.py --out="$out"
node tools/models/ort_reference.mjs --ort="$ort_dir" "$out/model.onnx" "$out/input_0.npy" \
  "$out/output_0.npy"
