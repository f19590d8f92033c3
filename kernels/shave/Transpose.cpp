//===- Transpose.cpp - The transpose kernel -------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// transpose(input, output, perm[8]) (kernels/abi/SwKernels.h): output logical
// dim d is input logical dim perm[d]; any byte-sized type (the same for both),
// any layouts; one strided copy (core/shape).
//
//===----------------------------------------------------------------------===//

#include "core/shape/StridedCopy.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runTranspose(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::TransposeKernel::Args>(args);
  const char *name = abi::TransposeKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewOperands(
          context, name,
          {{a.input, false, "input", in}, {a.output, true, "output", out}})) {
    return error;
  }
  if (in.type != out.type) {
    return kernelError(name, "input type " + getDataTypeName(in.type) +
                                 " differs from output type " +
                                 getDataTypeName(out.type));
  }
  if (llvm::Error error = checkByteType(in, name, "input")) {
    return error;
  }
  int64_t rank = in.getRank();
  if (llvm::Error error = checkRank(out, rank, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkPerDimArray(a.perm, rank, name, "perm")) {
    return error;
  }
  std::vector<bool> seen(rank, false);
  std::vector<int64_t> inDims = getDims(in), expected;
  for (int64_t d = 0; d < rank; ++d) {
    int32_t source = a.perm[d];
    if (source < 0 || source >= rank || seen[source]) {
      return kernelError(name, "perm is not a permutation of 0.." +
                                   llvm::Twine(rank - 1));
    }
    seen[source] = true;
    expected.push_back(inDims[source]);
  }
  if (llvm::Error error = checkDims(out, expected, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  // Source strides along the output's memory dims.
  shape::Strides inStrides = in.getLogicalStrides();
  shape::MemStrides srcStrides;
  for (int64_t m = 0; m < rank; ++m) {
    int64_t logical = out.order.dimAt(shape::MemDim(m)).ind();
    srcStrides.push_back(inStrides[shape::Dim(a.perm[logical])]);
  }
  if (out.getNumElements() > 0) {
    shape::stridedCopy(reinterpret_cast<const char *>(in.data), srcStrides,
                       reinterpret_cast<char *>(out.data), out.strides,
                       out.dims, shape::Bit(in.elemBits));
  }
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(transpose) {
  registry.add(makeKernelInfo<abi::TransposeKernel>(runTranspose));
}

} // namespace mlir::vpuc::emu
