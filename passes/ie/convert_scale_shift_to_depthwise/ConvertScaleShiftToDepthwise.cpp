//===- ConvertScaleShiftToDepthwise.cpp - ScaleShift to DW conv -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertScaleShiftToDepthwisePass and its pattern: rank-4
// IE.ScaleShifts become 1x1 depthwise IE.GroupConvolutions with bias where the
// NCE runs them. The NCE is asked about the convolution's description before
// anything is built.
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
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "passes/ie/utils/ApplyOnce.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTSCALESHIFTTODEPTHWISEPASS
#include "passes/ie/convert_scale_shift_to_depthwise/Passes.h.inc" // IWYU pragma: keep

namespace {

/// True if the weights become the filter as a reshaped constant (see
/// createFilter); else an IE.Reshape of them is.
bool isReshapedConstant(Value weights) {
  return weights.getDefiningOp<Const::DeclareOp>() &&
         !llvm::cast<RankedTensorType>(weights.getType()).getEncoding();
}

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
  if (isReshapedConstant(weights)) {
    return rewriter.create<Const::DeclareOp>(
        loc,
        weights.getDefiningOp<Const::DeclareOp>().getContent().reshape(shape));
  }
  return rewriter.create<ReshapeOp>(loc, weights,
                                    rewriter.getDenseI64ArrayAttr(shape));
}

/// True if `type` is a static rank-4 tensor.
bool isStatic4D(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 4 && tensor.hasStaticShape();
}

/// True if the pass considers `op`: rank 4, static shapes.
bool isCandidate(ScaleShiftOp op) {
  return isStatic4D(op.getInput().getType()) &&
         (!op.getWeights() || isStatic4D(op.getWeights().getType())) &&
         (!op.getBiases() || isStatic4D(op.getBiases().getType()));
}

/// True if the NCE runs the depthwise convolution that replaces the candidate
/// `op` and it has `op`'s type; logs the NCE's reasons otherwise.
bool acceptsDepthwise(ScaleShiftOp op, VPU::LogCallback log) {
  auto inType = llvm::cast<RankedTensorType>(op.getInput().getType());
  const int64_t channels = inType.getDimSize(1);
  Value weights = op.getWeights();
  VPU::NCE::LayerDesc layer;
  layer.inputs = {inType};
  // A 1x1 unit-stride convolution keeps the input's type.
  layer.output = inType;
  layer.filter = RankedTensorType::get(
      {channels, 1, 1, 1},
      weights ? llvm::cast<RankedTensorType>(weights.getType()).getElementType()
              : inType.getElementType());
  layer.constantFilter = !weights || isReshapedConstant(weights);
  if (Value biases = op.getBiases()) {
    layer.bias = biases.getType();
    Operation *def = biases.getDefiningOp();
    layer.constantBias = def && def->hasTrait<OpTrait::ConstantLike>();
  }
  layer.strides = {1, 1};
  layer.padsBegin = {0, 0};
  layer.padsEnd = {0, 0};
  layer.dilations = {1, 1};
  layer.groups = channels;
  return VPU::isSupportedOnNCE<GroupConvolutionOp>(
             op.getContext(), layer, log, VPU::NCE::getIEStageOptions()) &&
         inType == op.getType();
}

/// IE.ScaleShift -> 1x1 depthwise IE.GroupConvolution, where the NCE runs it.
struct ConvertScaleShiftToDepthwise final : OpRewritePattern<ScaleShiftOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScaleShiftOp op,
                                PatternRewriter &rewriter) const override {
    if (!isCandidate(op)) {
      return rewriter.notifyMatchFailure(op, "not a static rank-4 ScaleShift");
    }
    VPU::NCE::Reasons reasons;
    if (!acceptsDepthwise(op, reasons)) {
      return rewriter.notifyMatchFailure(
          op, "the NCE cannot run the depthwise convolution (" +
                  reasons.join() + ")");
    }
    auto inType = llvm::cast<RankedTensorType>(op.getInput().getType());
    const int64_t channels = inType.getDimSize(1);
    Location loc = op.getLoc();
    Value filter = createFilter(rewriter, loc, op.getWeights(), channels,
                                inType.getElementType());
    const SmallVector<int64_t, 2> ones = {1, 1};
    const SmallVector<int64_t, 2> zeros = {0, 0};
    rewriter.replaceOpWithNewOp<GroupConvolutionOp>(
        op, op.getInput(), filter, op.getBiases(), ArrayRef<int64_t>(ones),
        ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros),
        ArrayRef<int64_t>(ones), static_cast<uint64_t>(channels));
    return success();
  }
};

struct ConvertScaleShiftToDepthwisePass
    : public impl::ConvertScaleShiftToDepthwisePassBase<
          ConvertScaleShiftToDepthwisePass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    applyPatternsOnce(
        getOperation(), populateConvertScaleShiftToDepthwisePatterns,
        emitRemarks, [](Operation *op) -> std::string {
          auto scaleShift = llvm::dyn_cast<ScaleShiftOp>(op);
          VPU::NCE::Reasons reasons;
          if (!scaleShift || !isCandidate(scaleShift) ||
              acceptsDepthwise(scaleShift, reasons)) {
            return "";
          }
          return "the NCE cannot run the depthwise convolution (" +
                 reasons.join() + ")";
        });
  }
};

} // namespace

void populateConvertScaleShiftToDepthwisePatterns(RewritePatternSet &patterns) {
  patterns.add<ConvertScaleShiftToDepthwise>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
