//===- DequantizeConstants.cpp - Constant dequantisation --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// IE.Dequantize of a constant -> a float constant with #const.Dequantize.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/dequantize_constants/DequantizeConstants.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_DEQUANTIZECONSTANTSPASS
#include "passes/ie/dequantize_constants/Passes.h.inc" // IWYU pragma: keep

namespace {

/// IE.Dequantize(const.Declare) -> const.Declare with #const.Dequantize.
struct DequantizeConstant final : OpRewritePattern<DequantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DequantizeOp op,
                                PatternRewriter &rewriter) const override {
    auto constant = op.getInput().getDefiningOp<Const::DeclareOp>();
    if (!constant) {
      return rewriter.notifyMatchFailure(op, "the input is not a constant");
    }
    Const::ContentAttr content = constant.getContent();
    if (!llvm::isa<quant::UniformQuantizedType,
                   quant::UniformQuantizedPerAxisType>(
            content.getType().getElementType())) {
      return rewriter.notifyMatchFailure(op, "the constant is not quantized");
    }
    content = content.dequantize();
    Type elemType = op.getType().getElementType();
    if (content.getType().getElementType() != elemType) {
      content = content.convertElemType(elemType);
    }
    if (content.getType() != op.getType()) {
      return rewriter.notifyMatchFailure(op, "the constant has another type");
    }
    rewriter.replaceOpWithNewOp<Const::DeclareOp>(op, op.getType(), content);
    return success();
  }
};

class DequantizeConstantsPass final
    : public impl::DequantizeConstantsPassBase<DequantizeConstantsPass> {
public:
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDequantizeConstantsPatterns(patterns);
    // Only the dequantizes: other ops are not folded here.
    SmallVector<Operation *> ops;
    getOperation().walk([&](DequantizeOp op) { ops.push_back(op); });
    GreedyRewriteConfig config;
    config.strictMode = GreedyRewriteStrictness::ExistingOps;
    (void)applyOpPatternsAndFold(ops, std::move(patterns), config);
  }
};

} // namespace

void populateDequantizeConstantsPatterns(RewritePatternSet &patterns) {
  patterns.add<DequantizeConstant>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
