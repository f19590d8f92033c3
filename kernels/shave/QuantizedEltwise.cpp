//===- QuantizedEltwise.cpp - The quantized eltwise kernel ----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantized_eltwise(input1, input2, output, op, input1Scale, input1ZeroPoint,
// input2Scale, input2ZeroPoint, outputScale, outputZeroPoint, qmin, qmax,
// postOp, postOpAlpha, postOpBeta) (kernels/abi/SwKernels.h): IE.Add and
// IE.Multiply on per-tensor quantized types. Rows of the broadcast iteration
// space of the binary kernels (any layouts, in place allowed) are loaded as
// storage integers, combined with the element math of kernels/reference
// (shared with the IE interpreter), given the post-operation and quantized.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/QuantizedEltwise.h"
#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runQuantizedEltwise(const uint8_t *args,
                                const KernelContext &context) {
  auto a = readArgs<abi::QuantizedEltwiseKernel::Args>(args);
  const char *name = abi::QuantizedEltwiseKernel::name;
  TensorView in1, in2, out;
  if (llvm::Error error =
          viewBinaryOperands(context, name, a.input1, a.input2, a.output,
                             kIntegerTypes, in1, in2, out)) {
    return error;
  }
  if (a.op < 0 || a.op > abi::kMaxQuantizedEltwiseOp) {
    return kernelError(name, "op " + llvm::Twine(a.op) +
                                 " is not a QuantizedEltwiseOp");
  }
  const float scales[] = {a.input1Scale, a.input2Scale};
  const char *scaleNames[] = {"input1Scale", "input2Scale"};
  for (int i = 0; i < 2; ++i) {
    if (llvm::Error error = checkScale(scales[i], scaleNames[i], name)) {
      return error;
    }
  }
  if (llvm::Error error =
          checkQuantizedOutput(a.outputScale, a.qmin, a.qmax, out.type,
                               a.postOp, a.postOpAlpha, a.postOpBeta, name)) {
    return error;
  }
  llvm::Expected<IterationSpace<3>> space =
      getElementwiseSpace<3>(out, {&in1, &in2}, name);
  if (!space) {
    return space.takeError();
  }
  const auto kind = a.op == static_cast<int32_t>(abi::QuantizedEltwiseOp::Add)
                        ? kernels::QuantizedEltwiseKind::Add
                        : kernels::QuantizedEltwiseKind::Multiply;
  const kernels::PerTensorQuant quant1{a.input1Scale, a.input1ZeroPoint};
  const kernels::PerTensorQuant quant2{a.input2Scale, a.input2ZeroPoint};
  const kernels::PerTensorQuant outputQuant{a.outputScale, a.outputZeroPoint};
  const float qmin = static_cast<float>(a.qmin);
  const float qmax = static_cast<float>(a.qmax);
  std::vector<float> x, y;
  forEachRow<3>(
      *space, {out.data, in1.data, in2.data},
      [&](const std::array<uint8_t *, 3> &p,
          const std::array<int64_t, 3> &stride, int64_t n) {
        x.resize(n);
        y.resize(n);
        // Storage integers of at most 24 bits load exactly.
        loadRow(in1.type, p[1], stride[1], n, x.data());
        loadRow(in2.type, p[2], stride[2], n, y.data());
        for (int64_t i = 0; i < n; ++i) {
          x[i] = kernels::computeQuantizedEltwise(kind, x[i], quant1, y[i],
                                                  quant2);
        }
        applyPostOp(a.postOp, a.postOpAlpha, a.postOpBeta, x.data(), n);
        for (int64_t i = 0; i < n; ++i) {
          x[i] = kernels::quantizeFromF32(x[i], outputQuant, qmin, qmax);
        }
        storeRow(out.type, p[0], stride[0], n, x.data());
      });
  return llvm::Error::success();
}

} // namespace

// Per vector of outputs: two dequantizations, the op and a requantisation,
// about the work of the quantize kernel plus one vector operation per input.
VPUC_EMU_KERNEL(quantized_eltwise) {
  registry.add(
      makeKernelInfo<abi::QuantizedEltwiseKernel>(runQuantizedEltwise));
}

} // namespace mlir::vpuc::emu
