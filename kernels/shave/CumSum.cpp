//===- CumSum.cpp - The cumsum kernel -------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// cumsum(input, output, axis, exclusive, reverse) (kernels/abi/SwKernels.h):
// running FP32 sums along a logical dim; float or integer operands of the
// same dims, any layouts, in place allowed.
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runCumSum(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::CumSumKernel::Args>(args);
  const char *name = abi::CumSumKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kNumericTypes, in, out)) {
    return error;
  }
  std::vector<int64_t> dims = getDims(in);
  if (llvm::Error error = checkDims(out, dims, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  if (llvm::Error error = checkFlag(a.exclusive, name, "exclusive")) {
    return error;
  }
  if (llvm::Error error = checkFlag(a.reverse, name, "reverse")) {
    return error;
  }
  llvm::Expected<int64_t> axis = getAxis(a.axis, in.getRank(), true, name);
  if (!axis) {
    return axis.takeError();
  }
  int64_t dim = dims[*axis];
  int64_t outer = getProduct(dims, 0, *axis);
  int64_t inner = getProduct(dims, *axis + 1, dims.size());
  std::vector<float> input = loadTensor(in);
  std::vector<float> output(input.size());
  std::vector<float> sums(inner);
  for (int64_t o = 0; o < outer; ++o) {
    std::fill(sums.begin(), sums.end(), 0.0f);
    for (int64_t step = 0; step < dim; ++step) {
      int64_t j = a.reverse ? dim - 1 - step : step;
      const float *x = input.data() + (o * dim + j) * inner;
      float *y = output.data() + (o * dim + j) * inner;
      if (a.exclusive) {
        for (int64_t i = 0; i < inner; ++i) {
          y[i] = sums[i];
          sums[i] += x[i];
        }
      } else {
        for (int64_t i = 0; i < inner; ++i) {
          sums[i] += x[i];
          y[i] = sums[i];
        }
      }
    }
  }
  storeTensor(out, output.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(cumsum) {
  registry.add(makeKernelInfo<abi::CumSumKernel>(runCumSum));
}

} // namespace mlir::vpuc::emu
