//===- PoolSupport.h - Checks shared by the pooling kernels -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The operand and geometry checks of max_pool, avg_pool and
// quantized_avg_pool (kernels/shave): 4-D logical NCHW tensors of any
// layouts, the output size of the rounding type with the IE rule for ceil
// mode (a last window starting beyond the input and the begin padding is
// dropped), every window overlapping the input; and their work function.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_SHAVE_POOLSUPPORT_H_
#define VPUC_KERNELS_SHAVE_POOLSUPPORT_H_

#include <cstdint>

#include "kernels/abi/SwKernels.h"
#include "kernels/reference/Pooling.h"
#include "kernels/shave/KernelRegistry.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::emu {

/// The pooling scalars of every pool (PoolGeometryArgs of SwKernels.td).
struct PoolScalars {
  int32_t kernelH, kernelW, strideH, strideW;
  int32_t padTop, padLeft, padBottom, padRight, roundingType;

  /// The pooling scalars of a pool kernel's Args struct.
  template <typename Args> static PoolScalars of(const Args &a) {
    return {a.kernelH, a.kernelW,   a.strideH,  a.strideW,     a.padTop,
            a.padLeft, a.padBottom, a.padRight, a.roundingType};
  }
};

/// Decodes the input and output of a pool and checks them: element types in
/// `types` (a TypeSet mask; with `sameType`, the output's the input's), rank
/// 4, an output disjoint from the input. Then checks the scalars `s` (kernel
/// and strides positive, pads non-negative, a RoundingType, a window that
/// fits the padded input, the output dims [N, C, OH, OW] of the rounding
/// type, no window entirely in the padding) and returns the geometry of
/// kernels/reference (planes N * C).
llvm::Expected<kernels::PoolGeometry>
preparePool(const KernelContext &context, llvm::StringRef kernel,
            const abi::MemRefData &inDesc, const abi::MemRefData &outDesc,
            unsigned types, bool sameType, const PoolScalars &s, TensorView &in,
            TensorView &out);

/// Work function of the pools: each output element reads a window of
/// kernelH * kernelW (the first two scalars of every pool, after the input
/// and the output).
int64_t getPoolWork(const uint8_t *args, llvm::ArrayRef<TensorView> views);

} // namespace mlir::vpuc::emu

#endif // VPUC_KERNELS_SHAVE_POOLSUPPORT_H_
