//===- ConvertScaleShiftToDepthwise.cpp - ScaleShift to DW conv -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertScaleShiftToDepthwisePass: rank-4 IE.ScaleShifts become
// 1x1 depthwise IE.GroupConvolutions with bias where the NCE runs them.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_scale_shift_to_depthwise/ConvertScaleShiftToDepthwise.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/nce_support/NCESupport.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTSCALESHIFTTODEPTHWISEPASS
#include "passes/ie/convert_scale_shift_to_depthwise/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The filter [C, 1, 1, 1] of the depthwise convolution: the weights reshaped,
/// or ones without weights.
Value createFilter(RewriterBase &rewriter, Location loc, Value weights,
                   int64_t channels, Type elementType) {
  const SmallVector<int64_t, 4> shape = {channels, 1, 1, 1};
  if (!weights) {
    auto type = RankedTensorType::get(shape, elementType);
    Attribute one = rewriter.getFloatAttr(elementType, 1.0);
    return rewriter.create<Const::DeclareOp>(
        loc, Const::ContentAttr::get(
                 DenseElementsAttr::get(type, llvm::ArrayRef(one))));
  }
  auto constant = weights.getDefiningOp<Const::DeclareOp>();
  if (constant &&
      !llvm::cast<RankedTensorType>(weights.getType()).getEncoding()) {
    return rewriter.create<Const::DeclareOp>(
        loc, constant.getContent().reshape(shape));
  }
  return rewriter.create<ReshapeOp>(loc, weights,
                                    rewriter.getDenseI64ArrayAttr(shape));
}

/// True if `type` is a static rank-4 tensor.
bool isStatic4D(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 4 && tensor.hasStaticShape();
}

struct ConvertScaleShiftToDepthwisePass
    : public impl::ConvertScaleShiftToDepthwisePassBase<
          ConvertScaleShiftToDepthwisePass> {
  using Base::Base;

  void convert(IRRewriter &rewriter, InsertedOps &inserted, ScaleShiftOp op) {
    if (!isStatic4D(op.getInput().getType()) ||
        (op.getWeights() && !isStatic4D(op.getWeights().getType())) ||
        (op.getBiases() && !isStatic4D(op.getBiases().getType()))) {
      return;
    }
    auto inType = llvm::cast<RankedTensorType>(op.getInput().getType());
    const int64_t channels = inType.getDimSize(1);
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value filter = createFilter(rewriter, loc, op.getWeights(), channels,
                                inType.getElementType());
    const SmallVector<int64_t, 2> ones = {1, 1};
    const SmallVector<int64_t, 2> zeros = {0, 0};
    auto conv = rewriter.create<GroupConvolutionOp>(
        loc, op.getInput(), filter, op.getBiases(), ArrayRef<int64_t>(ones),
        ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros),
        ArrayRef<int64_t>(ones), static_cast<uint64_t>(channels));
    Reasons nce;
    const bool supported = VPU::isSupportedOnNCE(
        conv, [&](const Twine &reason) { nce.add(reason); },
        getIEStageSupportOptions());
    if (supported && conv.getType() == op.getType()) {
      inserted.keep();
      rewriter.replaceOp(op, conv.getOutput());
      return;
    }
    inserted.discard(rewriter);
    if (emitRemarks) {
      op->emitRemark()
          << "left unchanged: the NCE cannot run the depthwise convolution ("
          << nce.join() << ")";
    }
  }

  void runOnOperation() override {
    SmallVector<ScaleShiftOp> ops;
    getOperation().walk([&](ScaleShiftOp op) { ops.push_back(op); });
    InsertedOps inserted;
    IRRewriter rewriter(&getContext(), &inserted);
    for (ScaleShiftOp op : ops) {
      convert(rewriter, inserted, op);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
