//===- QuantizedAvgPool.cpp - The quantized average pool kernel -----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantized_avg_pool(input, output, kernel, strides, pads, roundingType,
// excludePad, inputScale, inputZeroPoint, outputScale, outputZeroPoint, qmin,
// qmax, postOp, postOpAlpha, postOpBeta) (kernels/abi/SwKernels.h): the 2-D
// average pool of IE.AvgPool on per-tensor quantized types over logical NCHW
// tensors of any layouts. The storage integers are dequantized to f32, pooled
// by avg_pool's kernel of kernels/reference, given the post-operation and
// quantized with the element math of kernels/reference/QuantizedEltwise.h:
// the IE interpreter's computation (dialects/ie/ir/InferencePooling.cpp), so
// that the two agree bit for bit. Operand and geometry checks are
// PoolSupport.h's (shared with max_pool and avg_pool).
//
//===----------------------------------------------------------------------===//

#include <vector>

#include "kernels/reference/Pooling.h"
#include "kernels/reference/QuantizedEltwise.h"
#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/KernelSupport.h"
#include "kernels/shave/PoolSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runQuantizedAvgPool(const uint8_t *args,
                                const KernelContext &context) {
  auto a = readArgs<abi::QuantizedAvgPoolKernel::Args>(args);
  const char *name = abi::QuantizedAvgPoolKernel::name;
  if (llvm::Error error = checkFlag(a.excludePad, name, "excludePad")) {
    return error;
  }
  TensorView in, out;
  // Storage integers in and out, of any integer types each.
  llvm::Expected<kernels::PoolGeometry> g =
      preparePool(context, name, a.input, a.output, kIntegerTypes,
                  /*sameType=*/false, PoolScalars::of(a), in, out);
  if (!g) {
    return g.takeError();
  }
  if (llvm::Error error = checkScale(a.inputScale, "inputScale", name)) {
    return error;
  }
  if (llvm::Error error =
          checkQuantizedOutput(a.outputScale, a.qmin, a.qmax, out.type,
                               a.postOp, a.postOpAlpha, a.postOpBeta, name)) {
    return error;
  }
  const kernels::PerTensorQuant inputQuant{a.inputScale, a.inputZeroPoint};
  const kernels::PerTensorQuant outputQuant{a.outputScale, a.outputZeroPoint};
  // Storage integers of at most 24 bits load exactly.
  std::vector<float> real = loadTensor(in);
  for (float &value : real) {
    value = kernels::dequantizeToF32(value, inputQuant);
  }
  const int64_t count = out.getNumElements();
  std::vector<float> result(count);
  if (count != 0) {
    kernels::avgPool(*g, a.excludePad != 0, real.data(), result.data());
  }
  applyPostOp(a.postOp, a.postOpAlpha, a.postOpBeta, result.data(), count);
  const float qmin = static_cast<float>(a.qmin);
  const float qmax = static_cast<float>(a.qmax);
  for (float &value : result) {
    value = kernels::quantizeFromF32(value, outputQuant, qmin, qmax);
  }
  storeTensor(out, result.data());
  return llvm::Error::success();
}

} // namespace

// The work of avg_pool (outputs x window, 1 cycle per vector): a SHAVE sums
// the stored integers of each window and scales once per output (the zero
// point, the dequantization, the mean and the requantisation applied to the
// one sum), so the window costs what avg_pool's does.
VPUC_EMU_KERNEL(quantized_avg_pool) {
  registry.add(makeKernelInfo<abi::QuantizedAvgPoolKernel>(runQuantizedAvgPool,
                                                           getPoolWork));
}

} // namespace mlir::vpuc::emu
