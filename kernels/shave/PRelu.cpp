//===- PRelu.cpp - The prelu kernel ---------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// prelu(input, slope, output) (kernels/abi/SwKernels.h): x >= 0 ? x :
// slope * x with the slope broadcast NumPy-style to the input; float
// operands, any layouts, in place allowed.
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runPRelu(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::PReluKernel::Args>(args);
  const char *name = abi::PReluKernel::name;
  TensorView in, slope, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", in},
                                        {a.slope, false, "slope", slope},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  for (auto [view, what] :
       {std::make_pair(&in, "input"), std::make_pair(&slope, "slope"),
        std::make_pair(&out, "output")}) {
    if (llvm::Error error = checkType(*view, kFloatTypes, name, what)) {
      return error;
    }
  }
  if (llvm::Error error = checkDims(out, getDims(in), name, "output")) {
    return error;
  }
  if (llvm::Error error = checkAliasing(out, in, name, "the input")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, slope, name, "the slope")) {
    return error;
  }
  llvm::Expected<IterationSpace<3>> space =
      getElementwiseSpace<3>(out, {&in, &slope}, name);
  if (!space) {
    return space.takeError();
  }
  std::vector<float> x, s;
  forEachRow<3>(*space, {out.data, in.data, slope.data},
                [&](const std::array<uint8_t *, 3> &p,
                    const std::array<int64_t, 3> &stride, int64_t n) {
                  x.resize(n);
                  s.resize(n);
                  loadRow(in.type, p[1], stride[1], n, x.data());
                  loadRow(slope.type, p[2], stride[2], n, s.data());
                  for (int64_t i = 0; i < n; ++i) {
                    x[i] = x[i] >= 0.0f ? x[i] : s[i] * x[i];
                  }
                  storeRow(out.type, p[0], stride[0], n, x.data());
                });
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(prelu) {
  registry.add(makeKernelInfo<abi::PReluKernel>(runPRelu));
}

} // namespace mlir::vpuc::emu
