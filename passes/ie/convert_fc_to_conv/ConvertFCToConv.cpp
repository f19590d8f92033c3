//===- ConvertFCToConv.cpp - FullyConnected to conv -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertFCToConvPass and its patterns: IE.FullyConnected, and
// IE.MatMul with constant 2-D weights, become 1x1 IE.Convolutions on
// [1, K, H, W] between reshapes where the NCE runs the convolution. The NCE is
// asked about the convolution's description before anything is built.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_fc_to_conv/ConvertFCToConv.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTFCTOCONVPASS
#include "passes/ie/convert_fc_to_conv/Passes.h.inc" // IWYU pragma: keep

namespace {

RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// True if `value` reshaped to `shape` by reshape() is a constant: `value`
/// itself if it has that shape, a reshaped const.Declare without encoding.
bool reshapesToConstant(Value value, ArrayRef<int64_t> shape) {
  if (getTensorType(value).getShape() == shape) {
    Operation *def = value.getDefiningOp();
    return def && def->hasTrait<OpTrait::ConstantLike>();
  }
  return value.getDefiningOp<Const::DeclareOp>() &&
         !getTensorType(value).getEncoding();
}

/// `value` reshaped to the static `shape`: `value` itself if it has that
/// shape, a reshaped constant for a const.Declare without encoding, an
/// IE.Reshape otherwise.
Value reshape(RewriterBase &rewriter, Location loc, Value value,
              ArrayRef<int64_t> shape) {
  if (getTensorType(value).getShape() == shape) {
    return value;
  }
  if (auto constant = value.getDefiningOp<Const::DeclareOp>()) {
    if (!getTensorType(value).getEncoding()) {
      return rewriter.create<Const::DeclareOp>(
          loc, constant.getContent().reshape(shape));
    }
  }
  return rewriter.create<ReshapeOp>(loc, value,
                                    rewriter.getDenseI64ArrayAttr(shape));
}

/// `value` ([A, B], no encoding) transposed to [B, A].
Value transpose2D(RewriterBase &rewriter, Location loc, Value value) {
  return rewriter.create<TransposeOp>(loc, value,
                                      rewriter.getDenseI64ArrayAttr({1, 0}));
}

/// How the rows of a product's input ([..., K], static) are laid out as the
/// convolution's image: with one row (all dims but the last multiply to 1)
/// the convolution's input is [1, K, 1, 1]; with R > 1 rows, which the NCE
/// cannot take as a batch, the rows become the convolution's pixels: [R, K] is
/// transposed to [K, R] and reshaped to [1, K, H, W] with H * W = R (W the
/// largest divisor of R not above its square root: the DPUs compute output
/// pixels in blocks of several rows and columns, so a one-column image would
/// leave most of the MAC array idle).
struct RowsImage {
  int64_t rows = 1;
  int64_t depth = 0;
  int64_t width = 1;

  explicit RowsImage(ArrayRef<int64_t> inputShape) : depth(inputShape.back()) {
    for (int64_t dim : inputShape.drop_back()) {
      rows *= dim;
    }
    for (int64_t w = 2; w * w <= rows; ++w) {
      if (rows % w == 0) {
        width = w;
      }
    }
  }

  /// The convolution's input shape [1, K, H, W].
  SmallVector<int64_t, 4> getShape() const {
    return {1, depth, rows / width, width};
  }
};

/// The 1x1 convolution computing `input` ([..., K], static, no encoding) times
/// a filter [O, K, 1, 1] plus an optional bias, described before it is built.
struct ProductConv {
  Value input;
  RankedTensorType filterType;
  bool constantFilter = false;
  RankedTensorType biasType;
  bool constantBias = false;
  RankedTensorType resultType;
};

/// Checks that the NCE runs `conv` and that it gives the layer's result type,
/// or adds the reasons.
LogicalResult checkConv(const ProductConv &conv, VPU::NCE::Reasons &reasons) {
  RankedTensorType inputType = getTensorType(conv.input);
  Type elementType = inputType.getElementType();
  const RowsImage image(inputType.getShape());
  SmallVector<int64_t, 4> outputShape = image.getShape();
  outputShape[1] = conv.filterType.getDimSize(0);
  VPU::NCE::LayerDesc layer;
  layer.inputs = {RankedTensorType::get(image.getShape(), elementType)};
  layer.output = RankedTensorType::get(outputShape, elementType);
  layer.filter = conv.filterType;
  layer.constantFilter = conv.constantFilter;
  layer.bias = conv.biasType;
  layer.constantBias = conv.constantBias;
  layer.strides = {1, 1};
  layer.padsBegin = {0, 0};
  layer.padsEnd = {0, 0};
  layer.dilations = {1, 1};
  VPU::NCE::Reasons nce;
  if (!VPU::isSupportedOnNCE<ConvolutionOp>(conv.input.getContext(), layer, nce,
                                            VPU::NCE::getIEStageOptions())) {
    reasons.add("the NCE cannot run the 1x1 convolution (" + nce.join() + ")");
    return failure();
  }
  // The product is reshaped to the result's shape and keeps its element type.
  if (conv.resultType.getElementType() != elementType) {
    reasons.add("the convolution would not give the layer's result type");
    return failure();
  }
  return success();
}

/// Builds the product of `input` and `filter` ([O, K, 1, 1]) plus the optional
/// `bias` as a 1x1 convolution on the RowsImage of `input`, reshaped to
/// `resultType` (checked by checkConv).
Value createConv(RewriterBase &rewriter, Location loc, Value input,
                 Value filter, Value bias, RankedTensorType resultType) {
  const RowsImage image(getTensorType(input).getShape());
  Value input4D;
  if (image.rows == 1) {
    input4D = reshape(rewriter, loc, input, image.getShape());
  } else {
    Value matrix =
        transpose2D(rewriter, loc,
                    reshape(rewriter, loc, input, {image.rows, image.depth}));
    input4D = reshape(rewriter, loc, matrix, image.getShape());
  }
  const SmallVector<int64_t, 2> ones = {1, 1};
  const SmallVector<int64_t, 2> zeros = {0, 0};
  Value product = rewriter.create<ConvolutionOp>(
      loc, input4D, filter, bias, ArrayRef<int64_t>(ones),
      ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros),
      ArrayRef<int64_t>(ones));
  if (image.rows > 1) {
    const int64_t outChannels = getTensorType(product).getDimSize(1);
    product =
        transpose2D(rewriter, loc,
                    reshape(rewriter, loc, product, {outChannels, image.rows}));
  }
  return reshape(rewriter, loc, product, resultType.getShape());
}

/// True if `type` is statically shaped and has no layout encoding.
bool isPlainStatic(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && !tensor.getEncoding();
}

/// The shape of the filter of a fully connected layer with weights [O, K].
SmallVector<int64_t, 4> getFilterShape(FullyConnectedOp op) {
  ArrayRef<int64_t> shape = getTensorType(op.getWeights()).getShape();
  return {shape[0], shape[1], 1, 1};
}

/// Checks that `op` becomes a convolution the NCE runs, or adds the reasons.
LogicalResult checkFullyConnected(FullyConnectedOp op,
                                  VPU::NCE::Reasons &reasons) {
  if (!isPlainStatic(op.getInput().getType()) ||
      !isPlainStatic(op.getWeights().getType()) ||
      !isPlainStatic(op.getType())) {
    reasons.add("the activations or weights have a dynamic shape or a "
                "layout encoding");
    return failure();
  }
  ProductConv conv;
  conv.input = op.getInput();
  const SmallVector<int64_t, 4> filterShape = getFilterShape(op);
  conv.filterType = RankedTensorType::get(
      filterShape, getTensorType(op.getWeights()).getElementType());
  conv.constantFilter = reshapesToConstant(op.getWeights(), filterShape);
  if (Value bias = op.getBias()) {
    RankedTensorType biasType = getTensorType(bias);
    if (biasType.getRank() == 2) {
      const SmallVector<int64_t, 4> shape = {1, filterShape[0], 1, 1};
      conv.biasType = RankedTensorType::get(shape, biasType.getElementType());
      conv.constantBias = reshapesToConstant(bias, shape);
    } else {
      conv.biasType = biasType;
      conv.constantBias = reshapesToConstant(bias, biasType.getShape());
    }
  }
  conv.resultType = llvm::cast<RankedTensorType>(op.getType());
  return checkConv(conv, reasons);
}

/// IE.FullyConnected -> 1x1 IE.Convolution between reshapes.
struct ConvertFullyConnected final : OpRewritePattern<FullyConnectedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FullyConnectedOp op,
                                PatternRewriter &rewriter) const override {
    VPU::NCE::Reasons reasons;
    if (failed(checkFullyConnected(op, reasons))) {
      return rewriter.notifyMatchFailure(op, reasons.join());
    }
    Location loc = op.getLoc();
    const SmallVector<int64_t, 4> filterShape = getFilterShape(op);
    Value filter = reshape(rewriter, loc, op.getWeights(), filterShape);
    Value bias = op.getBias();
    if (bias && getTensorType(bias).getRank() == 2) {
      bias = reshape(rewriter, loc, bias, {1, filterShape[0], 1, 1});
    }
    rewriter.replaceOp(op,
                       createConv(rewriter, loc, op.getInput(), filter, bias,
                                  llvm::cast<RankedTensorType>(op.getType())));
    return success();
  }
};

/// The filter content [O, K, 1, 1] of a MatMul with constant 2-D weights,
/// null if the pass does not consider `op`; fails with the reasons if it
/// cannot take it.
FailureOr<Const::ContentAttr> getMatMulFilter(MatMulOp op,
                                              VPU::NCE::Reasons &reasons) {
  Const::ContentAttr weights = getConstContent(op.getInput2());
  if (!weights || weights.getType().getRank() != 2 || op.getTransposeA()) {
    return Const::ContentAttr();
  }
  RankedTensorType inputType = op.getInput1().getType();
  if (inputType.getRank() < 2 || !isPlainStatic(inputType) ||
      !isPlainStatic(op.getType()) ||
      weights.getType().getShape() !=
          getTensorType(op.getInput2()).getShape() ||
      getTensorType(op.getInput2()).getEncoding()) {
    reasons.add("the input is 1-D, or the activations or weights have "
                "a dynamic shape or a layout encoding");
    return failure();
  }
  MLIRContext *context = op.getContext();
  SmallVector<Const::TransformationAttrInterface, 2> transformations;
  if (!op.getTransposeB()) {
    // The MatMul weights are [K, O]; a filter row is an output channel.
    transformations.push_back(
        Const::TransposeAttr::get(context, ArrayRef<int64_t>{1, 0}));
  }
  const int64_t outChannels =
      weights.getType().getDimSize(op.getTransposeB() ? 0 : 1);
  const int64_t depth =
      weights.getType().getDimSize(op.getTransposeB() ? 1 : 0);
  transformations.push_back(Const::ReshapeAttr::get(
      context, ArrayRef<int64_t>{outChannels, depth, 1, 1}));
  Const::ContentAttr filterContent = tryTransform(weights, transformations);
  if (!filterContent || depth != inputType.getShape().back()) {
    reasons.add("the weights cannot be made a [O, K, 1, 1] filter");
    return failure();
  }
  ProductConv conv;
  conv.input = op.getInput1();
  conv.filterType = llvm::cast<RankedTensorType>(filterContent.getType());
  conv.constantFilter = true;
  conv.resultType = llvm::cast<RankedTensorType>(op.getType());
  if (failed(checkConv(conv, reasons))) {
    return failure();
  }
  return filterContent;
}

/// IE.MatMul with constant 2-D weights -> 1x1 IE.Convolution between
/// reshapes.
struct ConvertMatMul final : OpRewritePattern<MatMulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatMulOp op,
                                PatternRewriter &rewriter) const override {
    VPU::NCE::Reasons reasons;
    FailureOr<Const::ContentAttr> filterContent = getMatMulFilter(op, reasons);
    if (failed(filterContent) || !*filterContent) {
      return rewriter.notifyMatchFailure(
          op, reasons.empty() ? "no constant 2-D weights" : reasons.join());
    }
    Value filter = rewriter.create<Const::DeclareOp>(op.getInput2().getLoc(),
                                                     *filterContent);
    rewriter.replaceOp(
        op, createConv(rewriter, op.getLoc(), op.getInput1(), filter, Value(),
                       llvm::cast<RankedTensorType>(op.getType())));
    return success();
  }
};

struct ConvertFCToConvPass
    : public impl::ConvertFCToConvPassBase<ConvertFCToConvPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateConvertFCToConvPatterns,
                      emitRemarks, [](Operation *op) -> std::string {
                        VPU::NCE::Reasons reasons;
                        if (auto fc = llvm::dyn_cast<FullyConnectedOp>(op)) {
                          (void)checkFullyConnected(fc, reasons);
                        } else if (auto matMul = llvm::dyn_cast<MatMulOp>(op)) {
                          (void)getMatMulFilter(matMul, reasons);
                        }
                        return reasons.empty() ? "" : reasons.join();
                      });
  }
};

} // namespace

void populateConvertFCToConvPatterns(RewritePatternSet &patterns) {
  patterns.add<ConvertFullyConnected, ConvertMatMul>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
