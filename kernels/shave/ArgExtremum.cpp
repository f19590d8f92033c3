//===- ArgExtremum.cpp - The argmax and argmin kernels --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// argmax / argmin(input, output, axis, keepDims, selectLastIndex)
// (kernels/abi/SwKernels.td): the index of the largest / smallest element of
// each slice along a logical dim, stored in an integer (or float) output.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

template <bool largest>
llvm::Error runArgExtremum(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ArgExtremumArgs>(args);
  const char *name =
      largest ? abi::ArgMaxKernel::name : abi::ArgMinKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kNumericTypes, in, out)) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  if (llvm::Error error = checkFlag(a.keepDims, name, "keepDims")) {
    return error;
  }
  if (llvm::Error error =
          checkFlag(a.selectLastIndex, name, "selectLastIndex")) {
    return error;
  }
  llvm::Expected<int64_t> axis = getAxis(a.axis, in.getRank(), false, name);
  if (!axis) {
    return axis.takeError();
  }
  std::vector<int64_t> dims = getDims(in);
  std::vector<bool> reduced(dims.size(), false);
  reduced[*axis] = true;
  if (llvm::Error error =
          checkDims(out, getReducedDims(dims, reduced, a.keepDims != 0), name,
                    "output")) {
    return error;
  }
  int64_t dim = dims[*axis];
  if (dim == 0 || dim > (int64_t{1} << 24)) {
    return kernelError(name, "the reduced dim " + llvm::Twine(*axis) + " has " +
                                 llvm::Twine(dim) +
                                 " elements, outside [1, 2^24]");
  }
  int64_t outer = getProduct(dims, 0, *axis);
  int64_t inner = getProduct(dims, *axis + 1, dims.size());
  std::vector<float> input = loadTensor(in);
  std::vector<float> output(outer * inner);
  // `x` replaces the current choice `best` when it is further in the search
  // direction; NaN is beyond every number, the first NaN (or the last one
  // with selectLastIndex) wins.
  auto replaces = [&](float x, float best) {
    bool nanX = std::isnan(x), nanBest = std::isnan(best);
    if (nanX || nanBest) {
      return nanX && (!nanBest || a.selectLastIndex);
    }
    if (x == best) {
      return a.selectLastIndex != 0;
    }
    return largest ? x > best : x < best;
  };
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const float *slice = input.data() + o * dim * inner + i;
      int64_t index = 0;
      for (int64_t j = 1; j < dim; ++j) {
        if (replaces(slice[j * inner], slice[index * inner])) {
          index = j;
        }
      }
      output[o * inner + i] = static_cast<float>(index);
    }
  }
  storeTensor(out, output.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(arg_extremum) {
  registry.add(makeKernelInfo<abi::ArgMaxKernel>(runArgExtremum<true>));
  registry.add(makeKernelInfo<abi::ArgMinKernel>(runArgExtremum<false>));
}

} // namespace mlir::vpuc::emu
