//===- NNUtils.h - Shape rules shared by the IE NN ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Output-size formulas and attribute checks of the 1-D and 2-D window ops
// (convolutions, pools; 1-D ops take [N, C, W] inputs and one value per window
// attribute), axis normalisation of reductions and the shape rule of MatMul.
// Each check returns failure with a message in `error`, which the verifier
// reports through emitOpError and the type inference through emitOptionalError.
// Dynamic dims (negative) are accepted wherever a check cannot be decided and
// propagate to the output. Internal to dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_NNUTILS_H_
#define VPUC_DIALECTS_IE_IR_NNUTILS_H_

#include <cstdint>
#include <optional>
#include <string>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

namespace mlir::vpuc::IE::detail {

/// The attributes of a window: one value per spatial dim, (y, x) for 2-D ops,
/// (x) for 1-D ones.
struct Window {
  llvm::ArrayRef<int64_t> strides;
  llvm::ArrayRef<int64_t> padsBegin;
  llvm::ArrayRef<int64_t> padsEnd;
  /// Unused (dilation 1) unless hasDilations.
  llvm::ArrayRef<int64_t> dilations;
  /// True for convolutions, false for pools.
  bool hasDilations = false;
};

/// Checks that every attribute of `window` has `spatialRank` (1 or 2) values,
/// strides and dilations >= 1 and pads >= 0 (dilations only if hasDilations).
llvm::LogicalResult checkWindow(const Window &window, size_t spatialRank,
                                std::string &error);

/// Convolution output size along each spatial dim d:
/// floor((in + pb + pe - (dil * (k - 1) + 1)) / stride) + 1; dynamic if `in` or
/// `kernel` is. `kernel`, `in` and the window's attributes have one value per
/// spatial dim; fails if a dilated kernel exceeds the padded input.
llvm::LogicalResult computeConvOutput(llvm::ArrayRef<int64_t> in,
                                      llvm::ArrayRef<int64_t> kernel,
                                      const Window &window,
                                      llvm::SmallVectorImpl<int64_t> &out,
                                      std::string &error);

/// Infers [N, C_out, OH, OW] (or [N, C_out, OW] for a 1-D input [N, C, W]) of a
/// (group) convolution; checks ranks, channels against `groups`, the bias shape
/// ([C_out], or [1, C_out, 1, 1] / [1, C_out, 1]) and the window.
llvm::LogicalResult inferConvShape(llvm::ArrayRef<int64_t> input,
                                   llvm::ArrayRef<int64_t> filter,
                                   std::optional<llvm::ArrayRef<int64_t>> bias,
                                   const Window &window, int64_t groups,
                                   llvm::SmallVectorImpl<int64_t> &shape,
                                   std::string &error);

/// Infers [N, C_out, OH, OW] of a transposed convolution with filter
/// [C_in, C_out / groups, KY, KX] (or the 1-D forms [N, C_out, OW], [C_in,
/// C_out / groups, KX]): O = (I - 1) * stride - pb - pe + dil * (K - 1) + 1 +
/// outpad.
llvm::LogicalResult
inferDeconvShape(llvm::ArrayRef<int64_t> input, llvm::ArrayRef<int64_t> filter,
                 std::optional<llvm::ArrayRef<int64_t>> bias,
                 const Window &window, llvm::ArrayRef<int64_t> outputPadding,
                 int64_t groups, llvm::SmallVectorImpl<int64_t> &shape,
                 std::string &error);

/// Infers the [N, O] result of a fully connected layer.
llvm::LogicalResult inferFullyConnectedShape(
    llvm::ArrayRef<int64_t> input, llvm::ArrayRef<int64_t> weights,
    std::optional<llvm::ArrayRef<int64_t>> bias,
    llvm::SmallVectorImpl<int64_t> &shape, std::string &error);

/// Infers the result of MatMul (see IE.MatMul).
llvm::LogicalResult inferMatMulShape(llvm::ArrayRef<int64_t> a,
                                     llvm::ArrayRef<int64_t> b, bool transposeA,
                                     bool transposeB,
                                     llvm::SmallVectorImpl<int64_t> &shape,
                                     std::string &error);

/// Pool output size: floor mode floor((in + pb + pe - k) / s) + 1; ceil mode
/// ceil((in + pb + pe - k) / s) + 1, minus one if the last window would start
/// at or after in + pb (inside the end padding only). Infers [N, C, OH, OW] for
/// a rank-4 input and [N, C, OW] for a rank-3 (1-D) one.
llvm::LogicalResult inferPoolShape(llvm::ArrayRef<int64_t> input,
                                   llvm::ArrayRef<int64_t> kernel,
                                   const Window &window, bool ceilMode,
                                   llvm::SmallVectorImpl<int64_t> &shape,
                                   std::string &error);

/// Normalises `axes` (each in [-rank, rank), negative counting from the end) to
/// a sorted list of distinct non-negative axes; fails on an empty list, an
/// out-of-range or repeated axis.
llvm::LogicalResult normalizeAxes(llvm::ArrayRef<int64_t> axes, int64_t rank,
                                  llvm::SmallVectorImpl<int64_t> &normalized,
                                  std::string &error);

/// Normalises a single `axis` in [-rank, rank).
llvm::LogicalResult normalizeAxis(int64_t axis, int64_t rank,
                                  int64_t &normalized, std::string &error);

/// The product of `shape`, or nullopt if a dim is dynamic.
std::optional<int64_t> getStaticCount(llvm::ArrayRef<int64_t> shape);

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_NNUTILS_H_
