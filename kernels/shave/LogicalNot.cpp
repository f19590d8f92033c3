//===- LogicalNot.cpp - The logical_not kernel ----------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// logical_not(input, output) (kernels/abi/SwKernels.h): x == 0 as 1 / 0, an
// input of any float, integer or Bool type, an output of any such type
// (usually Bool), same logical dims, any layouts, in place allowed. NaN is
// not zero, so its negation is 0.
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runLogicalNot(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::LogicalNotKernel::Args>(args);
  const char *name = abi::LogicalNotKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kAnyRowType, in, out)) {
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
  std::vector<double> row;
  abi::DataType inType = in.type, outType = out.type;
  forEachRow<2>(*space, {out.data, in.data},
                [&](const std::array<uint8_t *, 2> &p,
                    const std::array<int64_t, 2> &stride, int64_t n) {
                  row.resize(n);
                  // F64 loads keep every integer up to 2^53 exact, so no
                  // non-zero integer reads as zero.
                  loadRowF64(inType, p[1], stride[1], n, row.data());
                  for (double &x : row) {
                    x = x == 0.0 ? 1.0 : 0.0;
                  }
                  storeRowF64(outType, p[0], stride[0], n, row.data());
                });
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(logical_not) {
  registry.add(makeKernelInfo<abi::LogicalNotKernel>(runLogicalNot));
}

} // namespace mlir::vpuc::emu
