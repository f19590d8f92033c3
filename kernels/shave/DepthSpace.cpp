//===- DepthSpace.cpp - depth_to_space and space_to_depth -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// depth_to_space(input, output, blockSize, mode) and space_to_depth(...)
// (kernels/abi/SwKernels.h): 4-D [N, C, H, W] tensors of any byte-sized type
// (the same for both), any layouts. Both are one 6-D strided copy over
// (n, c, h, by, w, bx): the "space" tensor [N, C, H * b, W * b] splits H and
// W, the "depth" tensor [N, C * b^2, H, W] splits its channels by the mode.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <array>

#include "core/shape/StridedCopy.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

template <bool toSpace>
llvm::Error runDepthSpace(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::DepthToSpaceKernel::Args>(args);
  const char *name =
      toSpace ? abi::DepthToSpaceKernel::name : abi::SpaceToDepthKernel::name;
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
  if (llvm::Error error = checkRank(in, 4, name, "input")) {
    return error;
  }
  if (a.blockSize < 1) {
    return kernelError(name, "blockSize " + llvm::Twine(a.blockSize) +
                                 " must be positive");
  }
  bool blocksFirst =
      a.mode == static_cast<int32_t>(abi::DepthSpaceMode::BlocksFirst);
  if (!blocksFirst &&
      a.mode != static_cast<int32_t>(abi::DepthSpaceMode::DepthFirst)) {
    return kernelError(name, "unknown mode " + llvm::Twine(a.mode));
  }
  int64_t b = a.blockSize;
  std::vector<int64_t> inDims = getDims(in), expected;
  if (toSpace) {
    if (inDims[1] % (b * b) != 0) {
      return kernelError(name, "input channels " + llvm::Twine(inDims[1]) +
                                   " are not a multiple of blockSize^2 = " +
                                   llvm::Twine(b * b));
    }
    expected = {inDims[0], inDims[1] / (b * b), inDims[2] * b, inDims[3] * b};
  } else {
    if (inDims[2] % b != 0 || inDims[3] % b != 0) {
      return kernelError(name, "input spatial dims " + llvm::Twine(inDims[2]) +
                                   "x" + llvm::Twine(inDims[3]) +
                                   " are not multiples of blockSize " +
                                   llvm::Twine(b));
    }
    expected = {inDims[0], inDims[1] * b * b, inDims[2] / b, inDims[3] / b};
  }
  if (llvm::Error error = checkDims(out, expected, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  const TensorView &space = toSpace ? out : in;
  const TensorView &depth = toSpace ? in : out;
  std::vector<int64_t> spaceDims = getDims(space);
  int64_t n = spaceDims[0], c = spaceDims[1], h = spaceDims[2] / b,
          w = spaceDims[3] / b;
  shape::Strides ss = space.getLogicalStrides();
  shape::Strides ds = depth.getLogicalStrides();
  int64_t sN = ss[shape::Dim(0)], sC = ss[shape::Dim(1)],
          sH = ss[shape::Dim(2)], sW = ss[shape::Dim(3)];
  int64_t dN = ds[shape::Dim(0)], dC = ds[shape::Dim(1)],
          dH = ds[shape::Dim(2)], dW = ds[shape::Dim(3)];
  // (n, c, h, by, w, bx) and the strides of both sides.
  shape::MemShape dims;
  for (int64_t size : {n, c, h, b, w, b}) {
    dims.push_back(size);
  }
  shape::MemStrides spaceStrides, depthStrides;
  for (int64_t stride : {sN, sC, sH * b, sH, sW * b, sW}) {
    spaceStrides.push_back(stride);
  }
  // Depth channel of (c, by, bx): BlocksFirst (by * b + bx) * C + c,
  // DepthFirst c * b^2 + by * b + bx.
  for (int64_t stride :
       {dN, blocksFirst ? dC : dC * b * b, dH,
        blocksFirst ? dC * b * c : dC * b, dW, blocksFirst ? dC * c : dC}) {
    depthStrides.push_back(stride);
  }
  if (out.getNumElements() > 0) {
    const shape::MemStrides &srcStrides = toSpace ? depthStrides : spaceStrides;
    const shape::MemStrides &dstStrides = toSpace ? spaceStrides : depthStrides;
    // The six dims in the output's memory order (outermost first), so that
    // the copy walks the output in order and merges the dims that are
    // contiguous on both sides (the channels of NHWC tensors).
    std::array<int64_t, 6> order = {0, 1, 2, 3, 4, 5};
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return dstStrides[shape::MemDim(a)] > dstStrides[shape::MemDim(b)];
    });
    shape::MemShape sortedDims;
    shape::MemStrides sortedSrc, sortedDst;
    for (int64_t d : order) {
      sortedDims.push_back(dims[shape::MemDim(d)]);
      sortedSrc.push_back(srcStrides[shape::MemDim(d)]);
      sortedDst.push_back(dstStrides[shape::MemDim(d)]);
    }
    const uint8_t *from = toSpace ? depth.data : space.data;
    uint8_t *to = toSpace ? space.data : depth.data;
    shape::stridedCopy(reinterpret_cast<const char *>(from), sortedSrc,
                       reinterpret_cast<char *>(to), sortedDst, sortedDims,
                       shape::Bit(in.elemBits));
  }
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(depth_space) {
  registry.add(makeKernelInfo<abi::DepthToSpaceKernel>(runDepthSpace<true>));
  registry.add(makeKernelInfo<abi::SpaceToDepthKernel>(runDepthSpace<false>));
}

} // namespace mlir::vpuc::emu
