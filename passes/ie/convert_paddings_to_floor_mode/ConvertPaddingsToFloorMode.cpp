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

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/PatternMatch.h"

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

struct ConvertPaddingsToFloorModePass
    : public impl::ConvertPaddingsToFloorModePassBase<
          ConvertPaddingsToFloorModePass> {
  using Base::Base;

  template <typename PoolOp> void convert(IRRewriter &rewriter, PoolOp op) {
    if (op.getRoundingType() != RoundingType::CEIL) {
      return;
    }
    auto result = getFloorPadsEnd(op);
    if (failed(result)) {
      if (emitRemarks) {
        op->emitRemark() << "left unchanged: a spatial size is dynamic";
      }
      return;
    }
    auto [padsEnd, extended] = *result;
    if constexpr (std::is_same_v<PoolOp, AvgPoolOp>) {
      if (extended && !op.getExcludePad()) {
        if (emitRemarks) {
          op->emitRemark()
              << "left unchanged: the last window of the ceil rounding reaches "
                 "beyond the padded input and divides by the positions inside "
                 "it, which extra padding would change (exact with exclude_pad "
                 "only)";
        }
        return;
      }
    }
    rewriter.modifyOpInPlace(op, [&] {
      op.setPadsEndAttr(rewriter.getDenseI64ArrayAttr(padsEnd));
      op.setRoundingTypeAttr(
          RoundingTypeAttr::get(&getContext(), RoundingType::FLOOR));
    });
  }

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](Operation *op) {
      if (auto maxPool = llvm::dyn_cast<MaxPoolOp>(op)) {
        convert(rewriter, maxPool);
      } else if (auto avgPool = llvm::dyn_cast<AvgPoolOp>(op)) {
        convert(rewriter, avgPool);
      }
    });
  }
};

} // namespace
} // namespace mlir::vpuc::IE
