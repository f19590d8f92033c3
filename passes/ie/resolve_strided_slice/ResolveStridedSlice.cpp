//===- ResolveStridedSlice.cpp - vpuc-ie-resolve-strided-slice --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ResolveStridedSlicePass: every IE.StridedSlice with a static
// input becomes an IE.Slice (unit strides) or an IE.StridedSlice with resolved
// begins, ends and strides and no masks.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/resolve_strided_slice/ResolveStridedSlice.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/SliceUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_RESOLVESTRIDEDSLICEPASS
#include "passes/ie/resolve_strided_slice/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The resolved parameters of a strided slice, one entry per dim.
struct ResolvedSlice {
  SmallVector<int64_t, 4> begins;
  SmallVector<int64_t, 4> ends;
  SmallVector<int64_t, 4> strides;
};

/// Resolves `op` (see the pass description), or returns std::nullopt when its
/// input has a dynamic dim.
static std::optional<ResolvedSlice> resolve(StridedSliceOp op) {
  auto inputType = llvm::cast<RankedTensorType>(op.getInput().getType());
  if (!inputType.hasStaticShape()) {
    return std::nullopt;
  }
  ArrayRef<int64_t> dims = inputType.getShape();
  ArrayRef<int64_t> sizes =
      llvm::cast<RankedTensorType>(op.getOutput().getType()).getShape();
  SmallVector<int64_t, 4> starts = getResolvedStridedSliceStarts(op);
  ResolvedSlice slice;
  for (auto [d, stride] : llvm::enumerate(op.getStrides())) {
    const int64_t dim = dims[d];
    const int64_t size = sizes[d];
    const int64_t begin = starts[d];
    if (size == 0) {
      slice.begins.push_back(0);
      slice.ends.push_back(0);
      slice.strides.push_back(1);
    } else if (size == 1) {
      slice.begins.push_back(begin);
      slice.ends.push_back(begin + 1);
      slice.strides.push_back(1);
    } else {
      // The last element taken, then one step short of the next one.
      const int64_t last = begin + (size - 1) * stride;
      const int64_t end = stride > 0 ? last + 1 : last - 1;
      slice.begins.push_back(begin);
      slice.ends.push_back(end < 0 ? -dim - 1 : end);
      slice.strides.push_back(stride);
    }
  }
  return slice;
}

/// True if `op` has the resolved form `slice` already.
static bool isResolved(StridedSliceOp op, const ResolvedSlice &slice) {
  return op.getBeginMask().empty() && op.getEndMask().empty() &&
         op.getBegins() == ArrayRef<int64_t>(slice.begins) &&
         op.getEnds() == ArrayRef<int64_t>(slice.ends) &&
         op.getStrides() == ArrayRef<int64_t>(slice.strides);
}

/// IE.StridedSlice -> its resolved form: an IE.Slice when every stride is
/// 1, else an IE.StridedSlice without masks.
struct ResolveStridedSlice final : OpRewritePattern<StridedSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedSliceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ResolvedSlice> slice = resolve(op);
    if (!slice) {
      return rewriter.notifyMatchFailure(op, "the input has a dynamic dim");
    }
    if (isResolved(op, *slice)) {
      return rewriter.notifyMatchFailure(op, "resolved already");
    }
    Type type = op.getOutput().getType();
    if (llvm::all_of(slice->strides,
                     [](int64_t stride) { return stride == 1; })) {
      rewriter.replaceOpWithNewOp<SliceOp>(
          op, type, op.getInput(), rewriter.getDenseI64ArrayAttr(slice->begins),
          rewriter.getDenseI64ArrayAttr(slice->ends),
          /*axes=*/DenseI64ArrayAttr(), /*steps=*/DenseI64ArrayAttr());
      return success();
    }
    rewriter.replaceOpWithNewOp<StridedSliceOp>(
        op, type, op.getInput(), rewriter.getDenseI64ArrayAttr(slice->begins),
        rewriter.getDenseI64ArrayAttr(slice->ends),
        rewriter.getDenseI64ArrayAttr(slice->strides),
        /*begin_mask=*/DenseI64ArrayAttr(), /*end_mask=*/DenseI64ArrayAttr());
    return success();
  }
};

struct ResolveStridedSlicePass
    : public impl::ResolveStridedSlicePassBase<ResolveStridedSlicePass> {
  using Base::Base;

  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateResolveStridedSlicePatterns);
  }
};

} // namespace

void populateResolveStridedSlicePatterns(RewritePatternSet &patterns) {
  patterns.add<ResolveStridedSlice>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
