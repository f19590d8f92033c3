//===- LpPool.cpp - The lp_pool kernel ------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// lp_pool(input, output, kernel, strides, pads, roundingType, p)
// (kernels/abi/SwKernels.h): the p-norm (sum |x|^p)^(1/p) of each 2-D window
// over logical NCHW float tensors of any layouts (ONNX LpPool), through the
// shared kernel of kernels/reference (the IE interpreter's code). The operand
// and geometry checks are PoolSupport.h's.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Pooling.h"
#include "kernels/shave/KernelSupport.h"
#include "kernels/shave/PoolSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runLpPool(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::LpPoolKernel::Args>(args);
  const char *name = abi::LpPoolKernel::name;
  if (a.p < 1) {
    return kernelError(name, "p " + llvm::Twine(a.p) + " must be >= 1");
  }
  TensorView in, out;
  llvm::Expected<kernels::PoolGeometry> g =
      preparePool(context, name, a.input, a.output, kFloatTypes,
                  /*sameType=*/true, PoolScalars::of(a), in, out);
  if (!g) {
    return g.takeError();
  }
  std::vector<float> input = loadTensor(in);
  std::vector<float> result(out.getNumElements());
  if (!result.empty()) {
    kernels::lpPool(*g, a.p, input.data(), result.data());
  }
  storeTensor(out, result.data());
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(lp_pool) {
  registry.add(makeKernelInfo<abi::LpPoolKernel>(runLpPool, getPoolWork));
}

} // namespace mlir::vpuc::emu
