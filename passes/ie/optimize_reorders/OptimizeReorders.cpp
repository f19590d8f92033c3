//===- OptimizeReorders.cpp - Fewer IE.Reorder ops --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements OptimizeReordersPass: reorder chains merged, reorders of
// constants folded, reorders moved down through layout-agnostic ops.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/optimize_reorders/OptimizeReorders.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/LayoutInfo.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "passes/ie/utils/InferredType.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_OPTIMIZEREORDERSPASS
#include "passes/ie/optimize_reorders/Passes.h.inc" // IWYU pragma: keep

namespace {

using shape::DimsOrder;

/// `Reorder(Reorder(x))` -> `Reorder(x)`.
struct MergeReorderChain : OpRewritePattern<ReorderOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReorderOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getInput().getDefiningOp<ReorderOp>();
    if (!producer) {
      return rewriter.notifyMatchFailure(op, "the input is not a reorder");
    }
    if (producer.getInput().getType() == op.getType()) {
      rewriter.replaceOp(op, producer.getInput());
      return success();
    }
    rewriter.replaceOpWithNewOp<ReorderOp>(op, producer.getInput(),
                                           op.getDstOrderAttr());
    return success();
  }
};

/// `Reorder(const.Declare)` -> `const.Declare` with `#const.Reorder`.
struct FoldReorderOfConstant : OpRewritePattern<ReorderOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReorderOp op,
                                PatternRewriter &rewriter) const override {
    auto constant = op.getInput().getDefiningOp<Const::DeclareOp>();
    if (!constant) {
      return rewriter.notifyMatchFailure(op, "the input is not a constant");
    }
    rewriter.replaceOpWithNewOp<Const::DeclareOp>(
        op, constant.getContent().reorder(op.getDstOrder()));
    return success();
  }
};

/// The order of a ranked tensor value, or failure.
FailureOr<DimsOrder> orderOf(Value value) {
  return shape::getOrder(value.getType());
}

/// True if `op` is a layer that can compute in another order: layout-agnostic
/// (IE_AnyLayout, with the layout interface), one result, not an NCE layer.
bool isMovableLayer(Operation *op) {
  return llvm::isa<LayoutInfoOpInterface>(op) && op->hasTrait<AnyLayout>() &&
         op->getNumResults() == 1 && op->getNumRegions() == 0 &&
         !llvm::isa<ReorderOp>(op) && !VPU::isNCELayer(op);
}

/// A layout-agnostic op reading reorders from one order S computes in S, with
/// one reorder after it (see the pass description).
struct MoveReorderDown : RewritePattern {
  explicit MoveReorderDown(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableLayer(op)) {
      return failure();
    }
    auto layoutInfo = llvm::cast<LayoutInfoOpInterface>(op);
    auto resultType =
        llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
    FailureOr<DimsOrder> resultOrder = orderOf(op->getResult(0));
    if (!resultType || failed(resultOrder)) {
      return failure();
    }
    // Find the common source order of the reorders among the operands of the
    // result's rank.
    std::optional<DimsOrder> source;
    for (Value operand : op->getOperands()) {
      auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
      if (!type || type.getRank() != resultType.getRank()) {
        continue;
      }
      if (operand.getDefiningOp<Const::DeclareOp>()) {
        continue;
      }
      // A reorder read by other layers too moves when they all can: each
      // reads its input in turn, and the reorder goes with its last user.
      auto reorder = operand.getDefiningOp<ReorderOp>();
      if (!reorder || !llvm::all_of(reorder->getUsers(), isMovableLayer)) {
        return rewriter.notifyMatchFailure(
            op, "an operand is not a reorder read by layout-agnostic layers "
                "only");
      }
      FailureOr<DimsOrder> order = orderOf(reorder.getInput());
      if (failed(order) || (source && *source != *order)) {
        return rewriter.notifyMatchFailure(op, "the reorders differ");
      }
      source = *order;
    }
    if (!source || *source == *resultOrder) {
      return rewriter.notifyMatchFailure(op, "no reorder to move");
    }
    // The new operands and the orders of the new op.
    SmallVector<Value, 4> operands;
    SmallVector<DimsOrder, 4> operandOrders;
    for (Value operand : op->getOperands()) {
      auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
      if (!type || type.getRank() != resultType.getRank()) {
        FailureOr<DimsOrder> order = orderOf(operand);
        if (failed(order)) {
          return failure();
        }
        operands.push_back(operand);
        operandOrders.push_back(*order);
        continue;
      }
      operandOrders.push_back(*source);
      if (auto reorder = operand.getDefiningOp<ReorderOp>()) {
        operands.push_back(reorder.getInput());
        continue;
      }
      operands.push_back(Value());
    }
    if (!layoutInfo.isSupportedLayout(operandOrders, {*source})) {
      return rewriter.notifyMatchFailure(op,
                                         "the op does not accept the order");
    }
    // The moved op, with the constants reordered, is built and checked; if
    // its result would not take the order (e.g. an eltwise op with a
    // broadcast operand without encoding), it is erased again.
    AffineMap sourceMap = source->toAffineMap(op->getContext());
    rewriter.setInsertionPoint(op);
    SmallVector<Operation *, 2> newConstants;
    for (auto [index, operand] : llvm::enumerate(operands)) {
      if (!operand) {
        auto constant = op->getOperand(index).getDefiningOp<Const::DeclareOp>();
        auto reordered = rewriter.create<Const::DeclareOp>(
            constant.getLoc(), constant.getContent().reorder(sourceMap));
        newConstants.push_back(reordered);
        operand = reordered;
      }
    }
    Operation *moved = rewriter.clone(*op);
    moved->setOperands(operands);
    moved->getResult(0).setType(shape::withOrder(resultType, *source));
    if (!hasInferredType(moved)) {
      rewriter.eraseOp(moved);
      for (Operation *constant : newConstants) {
        rewriter.eraseOp(constant);
      }
      return rewriter.notifyMatchFailure(op,
                                         "the result would not take the order");
    }
    auto back = rewriter.create<ReorderOp>(
        op->getLoc(), moved->getResult(0),
        AffineMapAttr::get(resultOrder->toAffineMap(op->getContext())));
    rewriter.replaceOp(op, back.getOutput());
    return success();
  }
};

struct OptimizeReordersPass
    : impl::OptimizeReordersPassBase<OptimizeReordersPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateOptimizeReordersPatterns(patterns);
    // Every rewrite keeps the IR valid and the values unchanged, so stopping
    // before a fixed point (the iteration limit) is not an error.
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace

void populateOptimizeReordersPatterns(RewritePatternSet &patterns) {
  patterns.add<MergeReorderChain, FoldReorderOfConstant, MoveReorderDown>(
      patterns.getContext());
}

} // namespace mlir::vpuc::IE
