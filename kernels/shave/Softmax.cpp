//===- Softmax.cpp - The softmax and log_softmax kernels ------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// softmax(input, output, axis) and log_softmax(input, output, axis)
// (kernels/abi/SwKernels.h): along the logical dim `axis` (negative values
// count from the end), float operands of the same dims, any layouts. The
// whole axis row is loaded to FP32, normalised with the IE interpreter's
// formulas (e^(x - max) * (1 / sum), (x - max) - ln(sum)), and stored rounded
// to nearest even (so in place is fine).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

template <bool isLog>
llvm::Error runSoftmax(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::SoftmaxKernel::Args>(args);
  const char *name =
      isLog ? abi::LogSoftmaxKernel::name : abi::SoftmaxKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kFloatTypes, in, out)) {
    return error;
  }
  if (llvm::Error error = checkSameDims(in, out, name)) {
    return error;
  }
  shape::Shape dims = out.getLogicalDims();
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  int64_t rank = dims.rank();
  llvm::Expected<int64_t> axis = getAxis(a.axis, rank, true, name);
  if (!axis) {
    return axis.takeError();
  }
  // Iterate over the output's memory order with the axis moved innermost.
  shape::Strides inStrides = in.getLogicalStrides();
  shape::Strides outStrides = out.getLogicalStrides();
  IterationSpace<2> space;
  for (int64_t d = 0; d < rank; ++d) {
    shape::Dim logical = out.order.dimAt(shape::MemDim(d));
    if (logical.ind() != *axis) {
      space.push(dims[logical],
                 {outStrides[logical] / 8, inStrides[logical] / 8});
    }
  }
  shape::Dim axisDim(*axis);
  space.push(dims[axisDim], {outStrides[axisDim] / 8, inStrides[axisDim] / 8});
  space.simplify(/*keepLast=*/true);
  abi::DataType inType = in.type, outType = out.type;
  // The rows on the kernels' threads, about 16K elements a chunk.
  forEachRowParallel<2>(space, {out.data, in.data}, 16384,
                        [&](const std::array<uint8_t *, 2> &p,
                            const std::array<int64_t, 2> &stride, int64_t n) {
                          thread_local std::vector<float> row;
                          row.resize(n);
                          loadRow(inType, p[1], stride[1], n, row.data());
                          float max = -INFINITY;
                          for (int64_t i = 0; i < n; ++i) {
                            max = std::max(max, row[i]);
                          }
                          // Softmax keeps each e^(x - max) in the row for the
                          // product (one exp per element, the same values).
                          float sum = 0.0f;
                          for (int64_t i = 0; i < n; ++i) {
                            float e = std::exp(row[i] - max);
                            sum += e;
                            if (!isLog) {
                              row[i] = e;
                            }
                          }
                          if (isLog) {
                            float logSum = std::log(sum);
                            for (int64_t i = 0; i < n; ++i) {
                              row[i] = (row[i] - max) - logSum;
                            }
                          } else {
                            float scale = 1.0f / sum;
                            for (int64_t i = 0; i < n; ++i) {
                              row[i] *= scale;
                            }
                          }
                          storeRow(outType, p[0], stride[0], n, row.data());
                        });
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(softmax) {
  registry.add(makeKernelInfo<abi::SoftmaxKernel>(runSoftmax<false>));
  registry.add(makeKernelInfo<abi::LogSoftmaxKernel>(runSoftmax<true>));
}

} // namespace mlir::vpuc::emu
