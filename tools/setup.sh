#!/usr/bin/env bash
# Installs every system package vpuc needs (Debian 12). Idempotent and quick when all is present.
#
# Usage: tools/setup.sh [--model-tools] [--fuzz]
#   --model-tools  also installs python3-torch and python3-torchvision, which only the scripts
#                  that make test models need (tools/models/make_qdq_models.sh); builds, tests
#                  and CI do not.
#   --fuzz         also installs clang-19 and its sanitizer/libFuzzer runtimes
#                  (libclang-rt-19-dev), which only `--config=fuzz` needs (tools/fuzz.sh); the
#                  normal build, the asan/ubsan configs and CI use gcc.
set -euo pipefail

model_tools=0
fuzz=0
for arg in "$@"; do
  case "$arg" in
    --model-tools) model_tools=1 ;;
    --fuzz) fuzz=1 ;;
    *)
      echo "tools/setup.sh: unknown argument '$arg' (usage: tools/setup.sh [--model-tools] [--fuzz])" >&2
      exit 2
      ;;
  esac
done

PACKAGES=(
  bazel-bootstrap bazel-rules-java bazel-platforms bazel-skylib
  g++ python3 python3-numpy python3-onnx python3-dev pybind11-dev
  llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
  libabsl-dev libflatbuffers-dev flatbuffers-compiler
  libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev libonnx-dev
  zlib1g-dev libminizip-dev
  clang-format-19
)
if [ $model_tools -eq 1 ]; then
  PACKAGES+=(python3-torch python3-torchvision)
fi
if [ $fuzz -eq 1 ]; then
  PACKAGES+=(clang-19 libclang-rt-19-dev)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "vpuc setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
