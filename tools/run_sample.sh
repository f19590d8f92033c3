#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# The README's main command: installs what is missing, builds `vpuc` optimised (--config=opt, what
# a user deploys with; the tests use the default fast-build configuration), compiles the sample model
# shipped in the repository (tests/models/unet_tiny: a small U-Net, ONNX, with ONNX Runtime's
# output for its stored input) in a compilation mode, runs the blob on the emulator and compares
# the emulator's output with ONNX Runtime's.
#
# Usage: tools/run_sample.sh [ARCH [MODE]]   (VPUX37XX by default, VPUX30XX is the other target;
#                                            default_hw by default, or reference_hw, reference_sw)
set -euo pipefail
cd "$(dirname "$0")/.."

arch="${1:-VPUX37XX}"
mode="${2:-default_hw}"
sample=tests/models/unet_tiny

bash tools/setup.sh
if ! log=$(bash tools/bazel.sh build --config=opt //tools/vpuc 2>&1); then
  echo "$log" >&2
  exit 1
fi
vpuc="$(bazel info --config=opt bazel-bin 2>/dev/null)/tools/vpuc/vpuc"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== vpuc compile $sample/model.onnx --arch $arch --mode $mode"
"$vpuc" compile "$sample/model.onnx" --arch "$arch" --mode "$mode" -o "$work/sample.blob"
echo
echo "== vpuc run (the emulator, with hazard detection)"
"$vpuc" run "$work/sample.blob" --inputs "$sample/input_0.npy" -o "$work/output.npz"
echo
echo "== vpuc compare: the emulator's output against ONNX Runtime's"
"$vpuc" compare "$work/output.npz" "$sample/output_0.npy" --tolerance 0.999
