//===- ConvertScaleShiftToDepthwise.cpp - ScaleShift to DW conv -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertScaleShiftToDepthwisePass and its patterns: rank-4
// IE.ScaleShifts, and IE.Multiplys of a tensor by per-channel factors, become
// 1x1 depthwise IE.GroupConvolutions where the NCE runs them. The NCE is asked
// about the convolution's description before anything is built.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_scale_shift_to_depthwise/ConvertScaleShiftToDepthwise.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
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

/// The description of the 1x1 unit-stride depthwise convolution of `input`
/// `[N, C, H, W]` with a `[C, 1, 1, 1]` filter of `filterElementType` and
/// the result type `output`, no bias.
VPU::NCE::LayerDesc describeDepthwise(RankedTensorType input, Type output,
                                      Type filterElementType,
                                      bool constantFilter) {
  const int64_t channels = input.getDimSize(1);
  VPU::NCE::LayerDesc layer;
  layer.inputs = {input};
  layer.output = output;
  layer.filter = RankedTensorType::get({channels, 1, 1, 1}, filterElementType);
  layer.constantFilter = constantFilter;
  layer.strides = {1, 1};
  layer.padsBegin = {0, 0};
  layer.padsEnd = {0, 0};
  layer.dilations = {1, 1};
  layer.groups = channels;
  return layer;
}

/// Builds the 1x1 unit-stride depthwise convolution describeDepthwise
/// describes, of `data` with `filter` and `bias` (may be null), with the
/// result type `resultType`.
GroupConvolutionOp createDepthwise(RewriterBase &rewriter, Location loc,
                                   Type resultType, Value data, Value filter,
                                   Value bias) {
  const SmallVector<int64_t, 2> ones = {1, 1};
  const SmallVector<int64_t, 2> zeros = {0, 0};
  const int64_t channels =
      llvm::cast<RankedTensorType>(data.getType()).getDimSize(1);
  return rewriter.create<GroupConvolutionOp>(
      loc, resultType, data, filter, bias, ArrayRef<int64_t>(ones),
      ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros),
      ArrayRef<int64_t>(ones), static_cast<uint64_t>(channels));
}

/// True if the NCE runs the depthwise convolution that replaces the candidate
/// `op` and it has `op`'s type; logs the NCE's reasons otherwise. Activation
/// weights need `floatMultiplies`.
bool acceptsDepthwise(ScaleShiftOp op, bool floatMultiplies,
                      VPU::LogCallback log) {
  auto inType = llvm::cast<RankedTensorType>(op.getInput().getType());
  Value weights = op.getWeights();
  // A 1x1 unit-stride convolution keeps the input's type.
  VPU::NCE::LayerDesc layer = describeDepthwise(
      inType, inType,
      weights ? llvm::cast<RankedTensorType>(weights.getType()).getElementType()
              : inType.getElementType(),
      !weights || isReshapedConstant(weights));
  if (!layer.constantFilter && !floatMultiplies) {
    log("the weights are not a constant: a float ScaleShift with activation "
        "weights stays a SHAVE kernel (float-multiplies rewrites it)");
    return false;
  }
  if (Value biases = op.getBiases()) {
    layer.bias = biases.getType();
    Operation *def = biases.getDefiningOp();
    layer.constantBias = def && def->hasTrait<OpTrait::ConstantLike>();
  }
  return VPU::isSupportedOnNCE<GroupConvolutionOp>(
             op.getContext(), layer, log, VPU::NCE::getIEStageOptions()) &&
         inType == op.getType();
}

/// The operand of the candidate per-channel Multiply `op` that holds the
/// factors (`[1, C, 1, 1]`, the other operand has the result's shape), or
/// null when `op` is not one: rank 4, static shapes, NumPy broadcasting, and
/// quantized unless `floatMultiplies`.
Value getChannelFactors(MultiplyOp op, bool floatMultiplies) {
  auto outType = llvm::dyn_cast<RankedTensorType>(op.getType());
  if (!outType || !isStatic4D(outType) ||
      op.getAutoBroadcast() != AutoBroadcastType::NUMPY ||
      (!floatMultiplies &&
       !llvm::isa<quant::QuantizedType>(outType.getElementType()))) {
    return {};
  }
  const int64_t channels = outType.getDimSize(1);
  for (auto [data, factors] :
       {std::make_pair(op.getInput1(), op.getInput2()),
        std::make_pair(op.getInput2(), op.getInput1())}) {
    auto dataType = llvm::cast<RankedTensorType>(data.getType());
    auto factorType = llvm::dyn_cast<RankedTensorType>(factors.getType());
    if (dataType.getShape() == outType.getShape() && factorType &&
        factorType.hasStaticShape() &&
        factorType.getShape() == ArrayRef<int64_t>({1, channels, 1, 1}) &&
        outType.getShape() != factorType.getShape()) {
      return factors;
    }
  }
  return {};
}

/// The data operand of a per-channel Multiply with factors `factors`.
Value getChannelData(MultiplyOp op, Value factors) {
  return op.getInput1() == factors ? op.getInput2() : op.getInput1();
}

/// True if the NCE runs the depthwise convolution that replaces the
/// per-channel Multiply `op` with factors `factors`; logs the NCE's reasons
/// otherwise.
bool acceptsDepthwise(MultiplyOp op, Value factors, VPU::LogCallback log) {
  VPU::NCE::LayerDesc layer = describeDepthwise(
      llvm::cast<RankedTensorType>(getChannelData(op, factors).getType()),
      op.getType(),
      llvm::cast<RankedTensorType>(factors.getType()).getElementType(),
      isReshapedConstant(factors));
  const VPU::NCE::SupportOptions options = VPU::NCE::getIEStageOptions(op);
  return VPU::isSupportedOnNCE<GroupConvolutionOp>(op.getContext(), layer, log,
                                                   options);
}

/// IE.Multiply(x, f) with per-channel factors f `[1, C, 1, 1]` -> 1x1
/// depthwise IE.GroupConvolution(x, f reshaped to `[C, 1, 1, 1]`) with the
/// Multiply's type and post-op, where the NCE runs it. The factors may be an
/// activation (a squeeze-excitation block's channel scales): the NCE reads
/// the filter from memory.
struct ConvertChannelMultiplyToDepthwise final : OpRewritePattern<MultiplyOp> {
  ConvertChannelMultiplyToDepthwise(MLIRContext *context, bool floatMultiplies)
      : OpRewritePattern(context), floatMultiplies(floatMultiplies) {}

  LogicalResult matchAndRewrite(MultiplyOp op,
                                PatternRewriter &rewriter) const override {
    Value factors = getChannelFactors(op, floatMultiplies);
    if (!factors) {
      return rewriter.notifyMatchFailure(op, "not a per-channel Multiply");
    }
    VPU::NCE::Reasons reasons;
    if (!acceptsDepthwise(op, factors, reasons)) {
      return rewriter.notifyMatchFailure(
          op, "the NCE cannot run the depthwise convolution (" +
                  reasons.join() + ")");
    }
    Value data = getChannelData(op, factors);
    const int64_t channels =
        llvm::cast<RankedTensorType>(data.getType()).getDimSize(1);
    Value filter =
        createFilter(rewriter, op.getLoc(), factors, channels, Type());
    GroupConvolutionOp conv = createDepthwise(
        rewriter, op.getLoc(), op.getType(), data, filter, Value());
    if (Attribute postOp = op->getAttr(kPostOpAttrName)) {
      conv->setAttr(kPostOpAttrName, postOp);
    }
    rewriter.replaceOp(op, conv.getOutput());
    return success();
  }

private:
  bool floatMultiplies;
};

/// IE.ScaleShift -> 1x1 depthwise IE.GroupConvolution, where the NCE runs it.
struct ConvertScaleShiftToDepthwise final : OpRewritePattern<ScaleShiftOp> {
  ConvertScaleShiftToDepthwise(MLIRContext *context, bool floatMultiplies)
      : OpRewritePattern(context), floatMultiplies(floatMultiplies) {}

  LogicalResult matchAndRewrite(ScaleShiftOp op,
                                PatternRewriter &rewriter) const override {
    if (!isCandidate(op)) {
      return rewriter.notifyMatchFailure(op, "not a static rank-4 ScaleShift");
    }
    VPU::NCE::Reasons reasons;
    if (!acceptsDepthwise(op, floatMultiplies, reasons)) {
      return rewriter.notifyMatchFailure(
          op, "the NCE cannot run the depthwise convolution (" +
                  reasons.join() + ")");
    }
    auto inType = llvm::cast<RankedTensorType>(op.getInput().getType());
    const int64_t channels = inType.getDimSize(1);
    Location loc = op.getLoc();
    Value filter = createFilter(rewriter, loc, op.getWeights(), channels,
                                inType.getElementType());
    rewriter.replaceOp(op,
                       createDepthwise(rewriter, loc, op.getType(),
                                       op.getInput(), filter, op.getBiases()));
    return success();
  }

private:
  bool floatMultiplies;
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
    const bool floats = floatMultiplies;
    applyPatternsOnce(
        getOperation(),
        [&](RewritePatternSet &patterns) {
          populateConvertScaleShiftToDepthwisePatterns(patterns, floats);
        },
        emitRemarks,
        [&](Operation *op) -> std::string {
          VPU::NCE::Reasons reasons;
          if (auto multiply = llvm::dyn_cast<MultiplyOp>(op)) {
            Value factors = getChannelFactors(multiply, floats);
            if (!factors || acceptsDepthwise(multiply, factors, reasons)) {
              return "";
            }
            return "the NCE cannot run the depthwise convolution (" +
                   reasons.join() + ")";
          }
          auto scaleShift = llvm::dyn_cast<ScaleShiftOp>(op);
          if (!scaleShift || !isCandidate(scaleShift) ||
              acceptsDepthwise(scaleShift, floats, reasons)) {
            return "";
          }
          return "the NCE cannot run the depthwise convolution (" +
                 reasons.join() + ")";
        });
  }
};

} // namespace

void populateConvertScaleShiftToDepthwisePatterns(RewritePatternSet &patterns,
                                                  bool floatMultiplies) {
  patterns.add<ConvertScaleShiftToDepthwise, ConvertChannelMultiplyToDepthwise>(
      patterns.getContext(), floatMultiplies);
}

} // namespace mlir::vpuc::IE
