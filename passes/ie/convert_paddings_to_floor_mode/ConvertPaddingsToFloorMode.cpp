//===- ConvertPaddingsToFloorMode.cpp - Ceil pools to floor -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertPaddingsToFloorModePass: pools with ceil rounding get the
// end padding their last windows reach and floor rounding, where that keeps
// their values.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_paddings_to_floor_mode/ConvertPaddingsToFloorMode.h"

#include <string>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTPADDINGSTOFLOORMODEPASS
#include "passes/ie/convert_paddings_to_floor_mode/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The pads_end of the floor-rounding form of the ceil-rounding pool `op`, and
/// whether some axis needs extra padding; failure if a spatial size is dynamic.
template <typename PoolOp>
FailureOr<std::pair<SmallVector<int64_t, 2>, bool>> getFloorPadsEnd(PoolOp op) {
  auto inType = llvm::cast<RankedTensorType>(op.getInput().getType());
  auto outType = llvm::cast<RankedTensorType>(op.getType());
  ArrayRef<int64_t> kernel = op.getKernelSize();
  ArrayRef<int64_t> strides = op.getStrides();
  ArrayRef<int64_t> padsBegin = op.getPadsBegin();
  ArrayRef<int64_t> padsEnd = op.getPadsEnd();
  const size_t spatialRank = kernel.size();
  SmallVector<int64_t, 2> floorPadsEnd;
  bool extended = false;
  for (size_t axis = 0; axis < spatialRank; ++axis) {
    const size_t dim = inType.getRank() - spatialRank + axis;
    const int64_t in = inType.getDimSize(dim);
    const int64_t out = outType.getDimSize(dim);
    if (ShapedType::isDynamic(in) || ShapedType::isDynamic(out)) {
      return failure();
    }
    const int64_t extra = (out - 1) * strides[axis] + kernel[axis] -
                          (in + padsBegin[axis] + padsEnd[axis]);
    floorPadsEnd.push_back(padsEnd[axis] + std::max<int64_t>(extra, 0));
    extended |= extra > 0;
  }
  return std::make_pair(floorPadsEnd, extended);
}

/// Why the ceil-rounding pool `op` keeps its rounding, or "" if it need not;
/// `extended` is whether its floor form needs extra end padding
/// (getFloorPadsEnd).
template <typename PoolOp> std::string whyKeepsCeil(PoolOp op, bool extended) {
  if constexpr (std::is_same_v<PoolOp, AvgPoolOp>) {
    if (extended && !op.getExcludePad()) {
      return "the last window of the ceil rounding reaches beyond the padded "
             "input and divides by the positions inside it, which extra "
             "padding would change (exact with exclude_pad only)";
    }
  }
  return "";
}

/// Why the pass leaves the ceil-rounding pool `op` as it is, or "" if it
/// converts it (or `op` has floor rounding).
template <typename PoolOp> std::string whyUnchanged(PoolOp op) {
  if (op.getRoundingType() != RoundingType::CEIL) {
    return "";
  }
  auto result = getFloorPadsEnd(op);
  if (failed(result)) {
    return "a spatial size is dynamic";
  }
  return whyKeepsCeil(op, result->second);
}

/// A ceil-rounding pool -> the same pool with floor rounding and the end
/// padding its last windows reach.
template <typename PoolOp>
struct ConvertPoolToFloorMode final : OpRewritePattern<PoolOp> {
  using OpRewritePattern<PoolOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(PoolOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getRoundingType() != RoundingType::CEIL) {
      return rewriter.notifyMatchFailure(op, "floor rounding already");
    }
    auto result = getFloorPadsEnd(op);
    if (failed(result)) {
      return rewriter.notifyMatchFailure(op, "a spatial size is dynamic");
    }
    auto [padsEnd, extended] = *result;
    if (!whyKeepsCeil(op, extended).empty()) {
      return rewriter.notifyMatchFailure(op, "extra padding changes the mean");
    }
    rewriter.modifyOpInPlace(op, [&] {
      op.setPadsEndAttr(rewriter.getDenseI64ArrayAttr(padsEnd));
      op.setRoundingTypeAttr(
          RoundingTypeAttr::get(op.getContext(), RoundingType::FLOOR));
    });
    return success();
  }
};

struct ConvertPaddingsToFloorModePass
    : public impl::ConvertPaddingsToFloorModePassBase<
          ConvertPaddingsToFloorModePass> {
  using Base::Base;

  void runOnOperation() override {
    applyPatternsOnce(getOperation(),
                      populateConvertPaddingsToFloorModePatterns, emitRemarks,
                      [](Operation *op) -> std::string {
                        if (auto maxPool = llvm::dyn_cast<MaxPoolOp>(op)) {
                          return whyUnchanged(maxPool);
                        }
                        if (auto avgPool = llvm::dyn_cast<AvgPoolOp>(op)) {
                          return whyUnchanged(avgPool);
                        }
                        return "";
                      });
  }
};

} // namespace

void populateConvertPaddingsToFloorModePatterns(RewritePatternSet &patterns) {
  patterns.add<ConvertPoolToFloorMode<MaxPoolOp>,
               ConvertPoolToFloorMode<AvgPoolOp>>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
