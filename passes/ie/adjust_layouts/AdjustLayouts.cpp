//===- AdjustLayouts.cpp - NHWC for the NCE layers --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements AdjustLayoutsPass: the layers the NCE can run compute in NHWC
// (OYXI filters) between IE.Reorder ops.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/adjust_layouts/AdjustLayouts.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_ADJUSTLAYOUTSPASS
#include "passes/ie/adjust_layouts/Passes.h.inc" // IWYU pragma: keep

namespace {

using shape::DimsOrder;

/// The order of `value`'s tensor type (the supported layers have valid ones).
DimsOrder orderOf(Value value) {
  FailureOr<DimsOrder> order = shape::getOrder(value.getType());
  return succeeded(order)
             ? *order
             : DimsOrder::getDefaultOrder(
                   llvm::cast<RankedTensorType>(value.getType()).getRank());
}

/// Rewrites the layers of one function.
class LayoutAdjuster {
public:
  explicit LayoutAdjuster(MLIRContext *context) : builder(context) {}

  /// Makes `layer` compute in NHWC.
  void adjust(Operation *layer) {
    const bool isEltwise = llvm::isa<AddOp, SubtractOp, MultiplyOp>(layer);
    const unsigned numActivations = isEltwise ? 2 : 1;
    for (unsigned i = 0; i < numActivations; ++i) {
      layer->setOperand(i, toNHWC(layer->getOperand(i)));
    }
    if (llvm::isa<ConvolutionOp, GroupConvolutionOp>(layer)) {
      adjustFilter(layer, layer->getOpOperand(1));
    }
    Value result = layer->getResult(0);
    const DimsOrder oldOrder = orderOf(result);
    if (oldOrder == DimsOrder::NHWC) {
      return;
    }
    auto type = llvm::cast<RankedTensorType>(result.getType());
    result.setType(shape::withOrder(type, DimsOrder::NHWC));
    builder.setInsertionPointAfter(layer);
    auto back = builder.create<ReorderOp>(
        layer->getLoc(), result,
        AffineMapAttr::get(oldOrder.toAffineMap(builder.getContext())));
    result.replaceAllUsesExcept(back.getOutput(), back);
  }

private:
  /// `value` in NHWC: itself, or an IE.Reorder of it (one per value).
  Value toNHWC(Value value) {
    if (orderOf(value) == DimsOrder::NHWC) {
      return value;
    }
    auto [it, inserted] = reordered.try_emplace(value, Value());
    if (!inserted) {
      return it->second;
    }
    if (auto arg = llvm::dyn_cast<BlockArgument>(value)) {
      builder.setInsertionPointToStart(arg.getOwner());
    } else {
      builder.setInsertionPointAfter(value.getDefiningOp());
    }
    it->second = builder.create<ReorderOp>(
        value.getLoc(), value,
        AffineMapAttr::get(DimsOrder::NHWC.toAffineMap(builder.getContext())));
    return it->second;
  }

  /// Gives the filter `operand` the OYXI order: a reordered copy of a
  /// constant, an IE.Reorder of an activation (a depthwise filter the NCE
  /// reads from memory; OYXI is NHWC's permutation).
  void adjustFilter(Operation *layer, OpOperand &operand) {
    if (orderOf(operand.get()) == DimsOrder::OYXI) {
      return;
    }
    auto constant = operand.get().getDefiningOp<Const::DeclareOp>();
    if (!constant) {
      operand.set(toNHWC(operand.get()));
      return;
    }
    builder.setInsertionPoint(layer);
    auto reorderedFilter = builder.create<Const::DeclareOp>(
        constant.getLoc(),
        constant.getContent().reorder(
            DimsOrder::OYXI.toAffineMap(builder.getContext())));
    operand.set(reorderedFilter);
    if (constant->use_empty()) {
      constant->erase();
    }
  }

  OpBuilder builder;
  /// The NHWC reorder of each value reordered so far.
  llvm::DenseMap<Value, Value> reordered;
};

struct AdjustLayoutsPass : impl::AdjustLayoutsPassBase<AdjustLayoutsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    LayoutAdjuster adjuster(&getContext());
    for (Operation *layer : VPU::collectNCELayers(getOperation())) {
      adjuster.adjust(layer);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
