#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Regenerates the INT8 QDQ test models of tests/models (resnet_tiny_qdq, regnet_tiny_qdq) and
# their ONNX Runtime references:
#   1. tools/models/make_qdq_model.py: the FP32 original (fp32/model.onnx), the QDQ model
#      (torch FX PTQ, onednn qconfig), input_0.npy and meta.json;
#   2. tools/models/ort_reference.mjs: output_0.npy (ONNX Runtime, all graph optimisations: the
#      QDQ pairs run as exact integer kernels; the tests' reference), output_noopt_0.npy (the graph
#      as written, for the record) and fp32/output_0.npy;
#   3. a sanity check: the cosine of ONNX Runtime's outputs against each other and against
#      torch's own outputs. On an x86 CPU without VNNI (e.g. AVX2 only) torch's onednn int8
#      kernels saturate 16-bit intermediates, so torch's quantized output is off there (measured
#      on such a CPU: cosine 0.9985 for resnet_tiny_qdq, 0.969 for regnet_tiny_qdq, with some
#      elements of the first convolution already tens of steps off; ONNX Runtime's exact kernels
#      agree with its own unoptimised float run at 0.9996).
# The results are deterministic: a rerun rewrites the same bytes.
#
# Needs tools/setup.sh --model-tools (torch, torchvision), node, and onnxruntime-node installed
# in a scratch directory outside the repository (`npm install onnxruntime-node --ignore-scripts`
# there), named with --ort=DIR or $ORT_NODE_DIR.
#
# Usage: tools/models/make_qdq_models.sh --ort=DIR [--out=DIR] [resnet|regnet ...]
#   --out=DIR  where the model directories go (default: tests/models)
set -euo pipefail
cd "$(dirname "$0")/../.."

ort_dir="${ORT_NODE_DIR:-}"
out=tests/models
archs=()
for arg in "$@"; do
  case "$arg" in
    --ort=*) ort_dir="${arg#*=}" ;;
    --out=*) out="${arg#*=}" ;;
    resnet | regnet) archs+=("$arg") ;;
    *)
      echo "make_qdq_models.sh: unknown argument '$arg'" >&2
      exit 2
      ;;
  esac
done
[[ -n "$ort_dir" ]] || {
  echo "make_qdq_models.sh: name the onnxruntime-node directory with --ort=DIR" >&2
  exit 2
}
[[ ${#archs[@]} -gt 0 ]] || archs=(resnet regnet)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python=/usr/bin/python3
ort() { node tools/models/ort_reference.mjs --ort="$ort_dir" "$@"; }

for arch in "${archs[@]}"; do
  name="${arch}_tiny_qdq"
  dir="$out/$name"
  "$python" tools/models/make_qdq_model.py --arch "$arch" --out "$dir" --work "$work/$name" \
    2> >(grep -v -e 'UserWarning' -e '_C._jit' >&2)
  ort "$dir/model.onnx" "$dir/input_0.npy" "$dir/output_0.npy"
  ort --opt=disabled "$dir/model.onnx" "$dir/input_0.npy" "$dir/output_noopt_0.npy"
  ort "$dir/fp32/model.onnx" "$dir/input_0.npy" "$dir/fp32/output_0.npy"
  "$python" - "$dir" "$work/$name" <<'EOF'
import sys
import numpy as np

model, work = sys.argv[1], sys.argv[2]
load = lambda path: np.load(path).reshape(-1).astype(np.float64)
ort_opt = load(model + "/output_0.npy")
pairs = [
    ("ORT optimised vs ORT unoptimised", ort_opt, load(model + "/output_noopt_0.npy")),
    ("ORT optimised vs torch quantized", ort_opt, load(work + "/torch_qdq_output_0.npy")),
    ("ORT FP32 vs torch FP32", load(model + "/fp32/output_0.npy"),
     load(work + "/torch_fp32_output_0.npy")),
    ("ORT QDQ vs ORT FP32", ort_opt, load(model + "/fp32/output_0.npy")),
]
for label, a, b in pairs:
    cos = a @ b / (np.linalg.norm(a) * np.linalg.norm(b))
    err = np.abs(a - b).max()
    print("%s: %-34s cosine %.7f, max abs err %.3g (%.2g of the range)" %
          (model.split("/")[-1], label, cos, err, err / (a.max() - a.min())))
EOF
done
