//===- PoolSupport.cpp - Checks shared by the pooling kernels -------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "kernels/shave/PoolSupport.h"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// The output extent of one dim, or -1 when the window does not fit.
int64_t getPoolExtent(int64_t in, int64_t kernel, int64_t stride,
                      int64_t padBegin, int64_t padEnd, bool ceil) {
  int64_t span = in + padBegin + padEnd - kernel;
  if (span < 0) {
    return -1;
  }
  int64_t out = (ceil ? (span + stride - 1) / stride : span / stride) + 1;
  if (ceil && (out - 1) * stride >= in + padBegin) {
    --out;
  }
  return out;
}

} // namespace

llvm::Expected<kernels::PoolGeometry>
preparePool(const KernelContext &context, llvm::StringRef name,
            const abi::MemRefData &inDesc, const abi::MemRefData &outDesc,
            unsigned types, bool sameType, const PoolScalars &s, TensorView &in,
            TensorView &out) {
  if (llvm::Error error = viewOperands(
          context, name,
          {{inDesc, false, "input", in}, {outDesc, true, "output", out}})) {
    return std::move(error);
  }
  for (auto [view, what] :
       {std::make_pair(&in, "input"), std::make_pair(&out, "output")}) {
    if (llvm::Error error = checkType(*view, types, name, what)) {
      return std::move(error);
    }
    if (llvm::Error error = checkRank(*view, 4, name, what)) {
      return std::move(error);
    }
  }
  if (sameType && in.type != out.type) {
    return kernelError(name, "the output type " + getDataTypeName(out.type) +
                                 " differs from the input type " +
                                 getDataTypeName(in.type));
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return std::move(error);
  }
  if (s.kernelH < 1 || s.kernelW < 1 || s.strideH < 1 || s.strideW < 1) {
    return kernelError(name, "kernel " + llvm::Twine(s.kernelH) + "x" +
                                 llvm::Twine(s.kernelW) + " and strides " +
                                 llvm::Twine(s.strideH) + "x" +
                                 llvm::Twine(s.strideW) + " must be positive");
  }
  if (s.padTop < 0 || s.padLeft < 0 || s.padBottom < 0 || s.padRight < 0) {
    return kernelError(name, "pads must be non-negative");
  }
  if (s.roundingType != static_cast<int32_t>(abi::RoundingType::Floor) &&
      s.roundingType != static_cast<int32_t>(abi::RoundingType::Ceil)) {
    return kernelError(name,
                       "unknown roundingType " + llvm::Twine(s.roundingType));
  }
  bool ceil = s.roundingType == static_cast<int32_t>(abi::RoundingType::Ceil);
  std::vector<int64_t> inDims = getDims(in);
  int64_t outH = getPoolExtent(inDims[2], s.kernelH, s.strideH, s.padTop,
                               s.padBottom, ceil);
  int64_t outW = getPoolExtent(inDims[3], s.kernelW, s.strideW, s.padLeft,
                               s.padRight, ceil);
  if (outH < 1 || outW < 1) {
    return kernelError(name, "the kernel " + llvm::Twine(s.kernelH) + "x" +
                                 llvm::Twine(s.kernelW) +
                                 " does not fit the padded input " +
                                 formatDims(inDims));
  }
  if (llvm::Error error =
          checkDims(out, {inDims[0], inDims[1], outH, outW}, name, "output")) {
    return std::move(error);
  }
  if (s.padTop >= s.kernelH || s.padLeft >= s.kernelW ||
      (outH - 1) * s.strideH - s.padTop >= inDims[2] ||
      (outW - 1) * s.strideW - s.padLeft >= inDims[3]) {
    return kernelError(name, "a window lies entirely in the padding");
  }
  kernels::PoolGeometry g;
  g.planes = inDims[0] * inDims[1];
  g.inH = inDims[2];
  g.inW = inDims[3];
  g.outH = outH;
  g.outW = outW;
  g.kernelH = s.kernelH;
  g.kernelW = s.kernelW;
  g.strideH = s.strideH;
  g.strideW = s.strideW;
  g.padTop = s.padTop;
  g.padLeft = s.padLeft;
  g.padBottom = s.padBottom;
  g.padRight = s.padRight;
  return g;
}

static_assert(offsetof(abi::MaxPoolKernel::Args, kernelW) ==
                      offsetof(abi::AvgPoolKernel::Args, kernelW) &&
                  offsetof(abi::MaxPoolKernel::Args, kernelW) ==
                      offsetof(abi::QuantizedAvgPoolKernel::Args, kernelW),
              "the pools share their leading scalars");

int64_t getPoolWork(const uint8_t *args, llvm::ArrayRef<TensorView> views) {
  // kernelH and kernelW are the first scalars of every pool's Args struct.
  auto a = readArgs<abi::MaxPoolKernel::Args>(args);
  int64_t window = std::max<int64_t>(int64_t(a.kernelH) * a.kernelW, 1);
  return getElements(views, 1) * window;
}

} // namespace mlir::vpuc::emu
