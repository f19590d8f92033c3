//===- Copy.cpp - The copy kernel -----------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// copy(input, output) (kernels/abi/SwKernels.h): moves a tensor between
// layouts (same logical dims, same element type, any byte-sized type),
// through core/shape's stridedCopy.
//
//===----------------------------------------------------------------------===//

#include "core/shape/StridedCopy.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// True when the byte ranges of the two views intersect.
bool overlap(const TensorView &a, const TensorView &b) {
  return a.spanBytes > 0 && b.spanBytes > 0 && a.data < b.data + b.spanBytes &&
         b.data < a.data + a.spanBytes;
}

llvm::Error runCopy(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::CopyKernel::Args>(args);
  TensorView in, out;
  if (llvm::Error error = viewOperands(
          context, "copy",
          {{a.input, false, "input", in}, {a.output, true, "output", out}})) {
    return error;
  }
  if (in.type != out.type) {
    return kernelError("copy", "input type " + getDataTypeName(in.type) +
                                   " differs from output type " +
                                   getDataTypeName(out.type) +
                                   " (use convert)");
  }
  if (llvm::Error error = checkSameDims(in, out, "copy")) {
    return error;
  }
  if (in.elemBits % 8 != 0) {
    return kernelError("copy", getDataTypeName(in.type) +
                                   " elements are not supported");
  }
  if (overlap(in, out)) {
    if (in.data == out.data &&
        in.getLogicalStrides() == out.getLogicalStrides()) {
      return llvm::Error::success();
    }
    return kernelError("copy", "input and output overlap");
  }
  // Source strides along the output's memory dimensions.
  shape::Strides inStrides = in.getLogicalStrides();
  shape::MemStrides srcStrides;
  for (int64_t d = 0; d < out.getRank(); ++d) {
    srcStrides.push_back(inStrides[out.order.dimAt(shape::MemDim(d))]);
  }
  shape::stridedCopy(reinterpret_cast<const char *>(in.data), srcStrides,
                     reinterpret_cast<char *>(out.data), out.strides, out.dims,
                     shape::Bit(in.elemBits));
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(copy) {
  registry.add(makeKernelInfo<abi::CopyKernel>(runCopy));
}

} // namespace mlir::vpuc::emu
