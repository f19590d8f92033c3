//===- Activation.cpp - Unary activation kernels --------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// activation(input, output, op, alpha, beta), and its two fixed forms
// relu(input, output) and clamp(input, output, min, max)
// (kernels/abi/SwKernels.h): float operands of the same logical dims, any
// layouts, in place allowed. Row by row: load, one plain loop of the op,
// store.
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/ActivationMath.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// Applies the checked activation to every element of input into output.
llvm::Error runUnary(const abi::MemRefData &inDesc,
                     const abi::MemRefData &outDesc,
                     const KernelContext &context, llvm::StringRef name,
                     abi::ActivationOp op, float alpha, float beta) {
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, inDesc, outDesc,
                                            kFloatTypes, in, out)) {
    return error;
  }
  if (llvm::Error error = checkSameDims(in, out, name)) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  llvm::Expected<IterationSpace<2>> space =
      getElementwiseSpace<2>(out, {&in}, name);
  if (!space) {
    return space.takeError();
  }
  std::vector<float> row;
  abi::DataType inType = in.type, outType = out.type;
  forEachRow<2>(*space, {out.data, in.data},
                [&](const std::array<uint8_t *, 2> &p,
                    const std::array<int64_t, 2> &stride, int64_t n) {
                  row.resize(n);
                  loadRow(inType, p[1], stride[1], n, row.data());
                  applyActivation(op, alpha, beta, row.data(), n);
                  storeRow(outType, p[0], stride[0], n, row.data());
                });
  return llvm::Error::success();
}

llvm::Error runActivation(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ActivationKernel::Args>(args);
  const char *name = abi::ActivationKernel::name;
  if (llvm::Error error = checkActivation(a.op, a.alpha, a.beta, name, "op")) {
    return error;
  }
  return runUnary(a.input, a.output, context, name,
                  static_cast<abi::ActivationOp>(a.op), a.alpha, a.beta);
}

llvm::Error runRelu(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ReluKernel::Args>(args);
  return runUnary(a.input, a.output, context, abi::ReluKernel::name,
                  abi::ActivationOp::Relu, 0.0f, 0.0f);
}

llvm::Error runClamp(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ClampKernel::Args>(args);
  const char *name = abi::ClampKernel::name;
  int32_t op = static_cast<int32_t>(abi::ActivationOp::Clamp);
  if (llvm::Error error = checkActivation(op, a.min, a.max, name, "op")) {
    return error;
  }
  return runUnary(a.input, a.output, context, name, abi::ActivationOp::Clamp,
                  a.min, a.max);
}

} // namespace

VPUC_EMU_KERNEL(activation) {
  registry.add(makeKernelInfo<abi::ActivationKernel>(runActivation));
  registry.add(makeKernelInfo<abi::ReluKernel>(runRelu));
  registry.add(makeKernelInfo<abi::ClampKernel>(runClamp));
}

} // namespace mlir::vpuc::emu
