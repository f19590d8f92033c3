//===- Mvn.cpp - The mvn kernel -------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// mvn(input, output, axesMask, normalizeVariance, epsMode, eps)
// (kernels/abi/SwKernels.h): mean (and variance) normalisation over the
// logical dims in axesMask; float operands of the same dims, any layouts.
// Two FP32 passes (means, then variances around them) as the IE interpreter
// does.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runMvn(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::MvnKernel::Args>(args);
  const char *name = abi::MvnKernel::name;
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
  if (llvm::Error error =
          checkFlag(a.normalizeVariance, name, "normalizeVariance")) {
    return error;
  }
  if (a.epsMode != static_cast<int32_t>(abi::MvnEpsMode::InsideSqrt) &&
      a.epsMode != static_cast<int32_t>(abi::MvnEpsMode::OutsideSqrt)) {
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
  int64_t groups = 1, count = 1;
  for (size_t d = 0; d < dims.size(); ++d) {
    ((*axes)[d] ? count : groups) *= dims[d];
  }
  std::vector<float> input = loadTensor(in);
  std::vector<float> mean(groups, 0.0f);
  forEachReductionRow(
      dims, *axes,
      [&](int64_t offset, int64_t group, int64_t n, int64_t stride) {
        for (int64_t i = 0; i < n; ++i) {
          mean[group + i * stride] += input[offset + i];
        }
      });
  float invCount = count == 0 ? 0.0f : 1.0f / static_cast<float>(count);
  for (float &m : mean) {
    m *= invCount;
  }
  std::vector<float> factor(groups, 1.0f);
  if (a.normalizeVariance) {
    std::vector<float> var(groups, 0.0f);
    forEachReductionRow(
        dims, *axes,
        [&](int64_t offset, int64_t group, int64_t n, int64_t stride) {
          for (int64_t i = 0; i < n; ++i) {
            float d = input[offset + i] - mean[group + i * stride];
            var[group + i * stride] += d * d;
          }
        });
    bool inside =
        a.epsMode == static_cast<int32_t>(abi::MvnEpsMode::InsideSqrt);
    for (int64_t g = 0; g < groups; ++g) {
      float v = var[g] * invCount;
      factor[g] = 1.0f / (inside ? std::sqrt(v + a.eps) : std::sqrt(v) + a.eps);
    }
  }
  forEachReductionRow(
      dims, *axes,
      [&](int64_t offset, int64_t group, int64_t n, int64_t stride) {
        for (int64_t i = 0; i < n; ++i) {
          int64_t g = group + i * stride;
          input[offset + i] = (input[offset + i] - mean[g]) * factor[g];
        }
      });
  storeTensor(out, input.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(mvn) { registry.add(makeKernelInfo<abi::MvnKernel>(runMvn)); }

} // namespace mlir::vpuc::emu
