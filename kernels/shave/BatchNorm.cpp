//===- BatchNorm.cpp - The batch_norm_inference kernel --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// batch_norm_inference(input, gamma, beta, mean, variance, output, eps)
// (kernels/abi/SwKernels.h): per channel (logical dim 1) x * s + (beta -
// mean * s) with s = gamma / sqrt(variance + eps); float operands, the four
// parameters of dims [C], any layouts, in place allowed.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runBatchNorm(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::BatchNormKernel::Args>(args);
  const char *name = abi::BatchNormKernel::name;
  TensorView in, gamma, beta, mean, variance, out;
  if (llvm::Error error =
          viewOperands(context, name,
                       {{a.input, false, "input", in},
                        {a.gamma, false, "gamma", gamma},
                        {a.beta, false, "beta", beta},
                        {a.mean, false, "mean", mean},
                        {a.variance, false, "variance", variance},
                        {a.output, true, "output", out}})) {
    return error;
  }
  std::pair<TensorView *, const char *> params[] = {{&gamma, "gamma"},
                                                    {&beta, "beta"},
                                                    {&mean, "mean"},
                                                    {&variance, "variance"}};
  for (auto [view, what] :
       {std::make_pair(&in, "input"), std::make_pair(&out, "output")}) {
    if (llvm::Error error = checkType(*view, kFloatTypes, name, what)) {
      return error;
    }
  }
  if (in.getRank() < 2) {
    return kernelError(name, "input has rank " + llvm::Twine(in.getRank()) +
                                 ", expected at least 2");
  }
  std::vector<int64_t> dims = getDims(in);
  if (llvm::Error error = checkDims(out, dims, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  int64_t channels = dims[1];
  std::vector<float> values[4];
  for (int k = 0; k < 4; ++k) {
    auto [view, what] = params[k];
    if (llvm::Error error = checkType(*view, kFloatTypes, name, what)) {
      return error;
    }
    if (llvm::Error error = checkDims(*view, {channels}, name, what)) {
      return error;
    }
    if (llvm::Error error = checkDisjoint(out, *view, name, what)) {
      return error;
    }
    values[k] = loadTensor(*view);
  }
  if (!(a.eps >= 0.0f) || std::isinf(a.eps)) {
    return kernelError(name, "eps " + std::to_string(a.eps) +
                                 " must be finite and non-negative");
  }
  int64_t batch = dims[0];
  int64_t plane = getProduct(dims, 2, dims.size());
  std::vector<float> data = loadTensor(in);
  for (int64_t c = 0; c < channels; ++c) {
    float scale = values[0][c] / std::sqrt(values[3][c] + a.eps);
    float shift = values[1][c] - values[2][c] * scale;
    for (int64_t n = 0; n < batch; ++n) {
      float *x = data.data() + (n * channels + c) * plane;
      for (int64_t i = 0; i < plane; ++i) {
        x[i] = x[i] * scale + shift;
      }
    }
  }
  storeTensor(out, data.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(batch_norm) {
  registry.add(makeKernelInfo<abi::BatchNormKernel>(runBatchNorm));
}

} // namespace mlir::vpuc::emu
