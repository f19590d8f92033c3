//===- ScaleShift.cpp - The scale_shift kernel ----------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// scale_shift(input, scale, shift, output) (kernels/abi/SwKernels.h): x *
// scale + shift, scale and shift (optional) broadcast NumPy-style to the
// input; float operands, any layouts, in place allowed.
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runScaleShift(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::ScaleShiftKernel::Args>(args);
  const char *name = abi::ScaleShiftKernel::name;
  TensorView in, scale, shift, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{a.input, false, "input", in},
                                        {a.scale, false, "scale", scale},
                                        {a.shift, false, "shift", shift},
                                        {a.output, true, "output", out}})) {
    return error;
  }
  bool hasShift = !isAbsent(shift);
  for (auto [view, what] :
       {std::make_pair(&in, "input"), std::make_pair(&scale, "scale"),
        std::make_pair(&shift, "shift"), std::make_pair(&out, "output")}) {
    if (view == &shift && !hasShift) {
      continue;
    }
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
  if (llvm::Error error = checkDisjoint(out, scale, name, "the scale")) {
    return error;
  }
  if (hasShift) {
    if (llvm::Error error = checkDisjoint(out, shift, name, "the shift")) {
      return error;
    }
  }
  // Without a shift, the scale stands in for it with a zero stride and is
  // ignored.
  llvm::Expected<IterationSpace<4>> space = getElementwiseSpace<4>(
      out, {&in, &scale, hasShift ? &shift : &scale}, name);
  if (!space) {
    return space.takeError();
  }
  std::vector<float> x, s, b;
  forEachRow<4>(
      *space,
      {out.data, in.data, scale.data, hasShift ? shift.data : scale.data},
      [&](const std::array<uint8_t *, 4> &p,
          const std::array<int64_t, 4> &stride, int64_t n) {
        x.resize(n);
        s.resize(n);
        loadRow(in.type, p[1], stride[1], n, x.data());
        loadRow(scale.type, p[2], stride[2], n, s.data());
        if (hasShift) {
          b.resize(n);
          loadRow(shift.type, p[3], stride[3], n, b.data());
          for (int64_t i = 0; i < n; ++i) {
            x[i] = x[i] * s[i] + b[i];
          }
        } else {
          for (int64_t i = 0; i < n; ++i) {
            x[i] = x[i] * s[i];
          }
        }
        storeRow(out.type, p[0], stride[0], n, x.data());
      });
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(scale_shift) {
  registry.add(makeKernelInfo<abi::ScaleShiftKernel>(runScaleShift));
}

} // namespace mlir::vpuc::emu
