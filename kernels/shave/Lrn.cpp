//===- Lrn.cpp - The lrn kernel -------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// lrn(input, output, alpha, beta, bias, size) (kernels/abi/SwKernels.h):
// local response normalisation across the channels (logical dim 1) of a
// float tensor [N, C, ...] (ONNX LRN): x / (bias + alpha / size *
// square_sum)^beta, square_sum over the channels [c - floor((size - 1) / 2),
// c + ceil((size - 1) / 2)] clipped to [0, C - 1]. FP32 arithmetic.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runLrn(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::LrnKernel::Args>(args);
  const char *name = abi::LrnKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kFloatTypes, in, out)) {
    return error;
  }
  std::vector<int64_t> dims = getDims(in);
  if (dims.size() < 2) {
    return kernelError(name, "the input has rank " + llvm::Twine(dims.size()) +
                                 "; lrn needs [N, C, ...]");
  }
  if (llvm::Error error = checkDims(out, dims, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  if (a.size < 1) {
    return kernelError(name, "size " + llvm::Twine(a.size) + " must be >= 1");
  }
  if (!(a.alpha >= 0.0f) || std::isinf(a.alpha) || !(a.bias > 0.0f) ||
      std::isinf(a.bias) || !std::isfinite(a.beta)) {
    return kernelError(name, "alpha must be finite and >= 0, bias finite and "
                             "> 0 and beta finite");
  }
  int64_t batches = dims[0], channels = dims[1], inner = 1;
  for (size_t d = 2; d < dims.size(); ++d) {
    inner *= dims[d];
  }
  int64_t before = (a.size - 1) / 2, after = a.size / 2;
  float scale = a.alpha / static_cast<float>(a.size);
  std::vector<float> input = loadTensor(in);
  std::vector<float> output(input.size());
  std::vector<float> squares(inner);
  for (int64_t n = 0; n < batches; ++n) {
    const float *x = input.data() + n * channels * inner;
    float *y = output.data() + n * channels * inner;
    for (int64_t c = 0; c < channels; ++c) {
      std::fill(squares.begin(), squares.end(), 0.0f);
      int64_t lo = std::max<int64_t>(0, c - before);
      int64_t hi = std::min<int64_t>(channels - 1, c + after);
      for (int64_t i = lo; i <= hi; ++i) {
        for (int64_t e = 0; e < inner; ++e) {
          float v = x[i * inner + e];
          squares[e] += v * v;
        }
      }
      for (int64_t e = 0; e < inner; ++e) {
        y[c * inner + e] =
            x[c * inner + e] / std::pow(a.bias + scale * squares[e], a.beta);
      }
    }
  }
  storeTensor(out, output.data());
  return llvm::Error::success();
}

/// Work: the window of `size` squares and a power per output element.
int64_t getLrnWork(const uint8_t *args, llvm::ArrayRef<TensorView> views) {
  auto a = readArgs<abi::LrnKernel::Args>(args);
  int64_t elements = views.size() > 1 ? views[1].getNumElements() : 0;
  return elements * (std::clamp<int64_t>(a.size, 1, 1 << 16) + 8);
}

} // namespace

VPUC_EMU_KERNEL(lrn) {
  registry.add(makeKernelInfo<abi::LrnKernel>(runLrn, getLrnWork));
}

} // namespace mlir::vpuc::emu
