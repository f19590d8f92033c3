//===- Select.cpp - The select kernel -------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// select(condition, input1, input2, output) (kernels/abi/SwKernels.h):
// condition != 0 ? input1 : input2, the inputs broadcast NumPy-style, any
// float, integer or bool types, any layouts, in place allowed.
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runSelect(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::SelectKernel::Args>(args);
  const char *name = abi::SelectKernel::name;
  TensorView cond, in1, in2, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.condition, false, "condition", cond},
                                        {a.input1, false, "input 1", in1},
                                        {a.input2, false, "input 2", in2},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  for (auto [view, what] :
       {std::make_pair(&cond, "condition"), std::make_pair(&in1, "input 1"),
        std::make_pair(&in2, "input 2"), std::make_pair(&out, "output")}) {
    if (llvm::Error error = checkType(*view, kAnyRowType, name, what)) {
      return error;
    }
    if (view != &out) {
      if (llvm::Error error = checkAliasing(out, *view, name, what)) {
        return error;
      }
    }
  }
  llvm::Expected<IterationSpace<4>> space =
      getElementwiseSpace<4>(out, {&cond, &in1, &in2}, name);
  if (!space) {
    return space.takeError();
  }
  std::vector<float> c, x, y;
  forEachRow<4>(*space, {out.data, cond.data, in1.data, in2.data},
                [&](const std::array<uint8_t *, 4> &p,
                    const std::array<int64_t, 4> &stride, int64_t n) {
                  c.resize(n);
                  x.resize(n);
                  y.resize(n);
                  loadRow(cond.type, p[1], stride[1], n, c.data());
                  loadRow(in1.type, p[2], stride[2], n, x.data());
                  loadRow(in2.type, p[3], stride[3], n, y.data());
                  for (int64_t i = 0; i < n; ++i) {
                    x[i] = c[i] != 0.0f ? x[i] : y[i];
                  }
                  storeRow(out.type, p[0], stride[0], n, x.data());
                });
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(select) {
  registry.add(makeKernelInfo<abi::SelectKernel>(runSelect));
}

} // namespace mlir::vpuc::emu
