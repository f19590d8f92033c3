#!/usr/bin/env bash
# Installs every system package vpuc needs (Debian 12). Idempotent and quick when all is present.
set -euo pipefail

PACKAGES=(
  bazel-bootstrap bazel-rules-java bazel-platforms bazel-skylib
  g++ python3 python3-numpy python3-onnx
  llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
  libabsl-dev libflatbuffers-dev flatbuffers-compiler
  libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev libonnx-dev
  zlib1g-dev libminizip-dev
  clang-format-19
)

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
