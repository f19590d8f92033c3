//===- Pooling.cpp - The max_pool and avg_pool kernels --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// max_pool(input, output, kernel, strides, pads, roundingType) and
// avg_pool(..., excludePad) (kernels/abi/SwKernels.h): 2-D pooling over
// logical NCHW tensors of any layouts (max_pool: any numeric type, the output
// of the input's; avg_pool: float), through the shared -O2 kernels
// of kernels/reference (the IE interpreter's code). The operand and geometry
// checks are PoolSupport.h's (shared with quantized_avg_pool).
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Pooling.h"
#include "kernels/shave/KernelSupport.h"
#include "kernels/shave/PoolSupport.h"

namespace mlir::vpuc::emu {
namespace {

template <bool isMax>
llvm::Error runPool(const abi::MemRefData &inDesc,
                    const abi::MemRefData &outDesc, const PoolScalars &s,
                    bool excludePad, const KernelContext &context) {
  const char *name =
      isMax ? abi::MaxPoolKernel::name : abi::AvgPoolKernel::name;
  TensorView in, out;
  // The maximum is exact on any numeric type (integers included: the
  // storage values of a quantized tensor, whose order is the real values').
  llvm::Expected<kernels::PoolGeometry> g = preparePool(
      context, name, inDesc, outDesc, isMax ? kNumericTypes : kFloatTypes,
      /*sameType=*/true, s, in, out);
  if (!g) {
    return g.takeError();
  }
  std::vector<float> input = loadTensor(in);
  std::vector<float> result(out.getNumElements());
  if (!result.empty()) {
    if (isMax) {
      kernels::maxPool(*g, input.data(), result.data());
    } else {
      kernels::avgPool(*g, excludePad, input.data(), result.data());
    }
  }
  storeTensor(out, result.data());
  return llvm::Error::success();
}

llvm::Error runMaxPool(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::MaxPoolKernel::Args>(args);
  return runPool<true>(a.input, a.output, PoolScalars::of(a), false, context);
}

llvm::Error runAvgPool(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::AvgPoolKernel::Args>(args);
  if (llvm::Error error =
          checkFlag(a.excludePad, abi::AvgPoolKernel::name, "excludePad")) {
    return error;
  }
  return runPool<false>(a.input, a.output, PoolScalars::of(a),
                        a.excludePad != 0, context);
}

} // namespace

VPUC_EMU_KERNEL(pooling) {
  registry.add(makeKernelInfo<abi::MaxPoolKernel>(runMaxPool, getPoolWork));
  registry.add(makeKernelInfo<abi::AvgPoolKernel>(runAvgPool, getPoolWork));
}

} // namespace mlir::vpuc::emu
