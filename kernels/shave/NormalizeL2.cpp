//===- NormalizeL2.cpp - The normalize_l2 kernel --------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// normalize_l2(input, output, axesMask, epsMode, eps)
// (kernels/abi/SwKernels.h): x divided by the L2 norm over the logical dims
// in axesMask, eps added to or maxed with the sum of squares; float operands
// of the same dims, any layouts; FP32 as the IE interpreter.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runNormalizeL2(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::NormalizeL2Kernel::Args>(args);
  const char *name = abi::NormalizeL2Kernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kFloatTypes, in, out)) {
    return error;
  }
  std::vector<int64_t> dims = getDims(in);
  if (llvm::Error error = checkDims(out, dims, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  if (a.epsMode != static_cast<int32_t>(abi::NormalizeEpsMode::Add) &&
      a.epsMode != static_cast<int32_t>(abi::NormalizeEpsMode::Max)) {
    return kernelError(name, "unknown epsMode " + llvm::Twine(a.epsMode));
  }
  if (!(a.eps >= 0.0f) || std::isinf(a.eps)) {
    return kernelError(name, "eps " + std::to_string(a.eps) +
                                 " must be finite and non-negative");
  }
  llvm::Expected<std::vector<bool>> axes =
      getAxesMask(a.axesMask, in.getRank(), name);
  if (!axes) {
    return axes.takeError();
  }
  int64_t groups = 1;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (!(*axes)[d]) {
      groups *= dims[d];
    }
  }
  std::vector<float> input = loadTensor(in);
  std::vector<float> norms(groups, 0.0f);
  forEachReductionRow(
      dims, *axes,
      [&](int64_t offset, int64_t group, int64_t n, int64_t stride) {
        for (int64_t i = 0; i < n; ++i) {
          float x = input[offset + i];
          norms[group + i * stride] += x * x;
        }
      });
  bool add = a.epsMode == static_cast<int32_t>(abi::NormalizeEpsMode::Add);
  for (float &value : norms) {
    value = add ? std::sqrt(value + a.eps) : std::sqrt(std::max(value, a.eps));
  }
  forEachReductionRow(
      dims, *axes,
      [&](int64_t offset, int64_t group, int64_t n, int64_t stride) {
        for (int64_t i = 0; i < n; ++i) {
          input[offset + i] /= norms[group + i * stride];
        }
      });
  storeTensor(out, input.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(normalize_l2) {
  registry.add(makeKernelInfo<abi::NormalizeL2Kernel>(runNormalizeL2));
}

} // namespace mlir::vpuc::emu
