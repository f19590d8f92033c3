//===- ConvertFCToConv.cpp - FullyConnected to conv -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertFCToConvPass: IE.FullyConnected, and IE.MatMul with
// constant 2-D weights, become 1x1 IE.Convolutions on [N, K, 1, 1] between
// reshapes where the NCE runs the convolution.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_fc_to_conv/ConvertFCToConv.h"

#include <string>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/nce_support/NCESupport.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTFCTOCONVPASS
#include "passes/ie/convert_fc_to_conv/Passes.h.inc" // IWYU pragma: keep

namespace {

RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
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

/// The product `input` ([..., K], static, no encoding) times `filter`
/// ([O, K, 1, 1]) plus the optional `bias` ([O] or [1, O, 1, 1]) as a 1x1
/// convolution reshaped to `resultType`, if the NCE runs the convolution;
/// nothing is left in the IR otherwise. With one row (all dims but the last
/// multiply to 1) the convolution's input is [1, K, 1, 1]; with R > 1 rows,
/// which the NCE cannot take as a batch, the rows become the convolution's
/// pixels: [R, K] is transposed to [K, R] and reshaped to [1, K, H, W] with
/// H * W = R (W the largest divisor of R not above its square root), and the
/// [1, O, H, W] result reshaped to [O, R] and transposed back.
FailureOr<Value> createConv(IRRewriter &rewriter, InsertedOps &inserted,
                            Location loc, Value input, Value filter, Value bias,
                            RankedTensorType resultType, Reasons &reasons) {
  ArrayRef<int64_t> shape = getTensorType(input).getShape();
  const int64_t depth = shape.back();
  int64_t rows = 1;
  for (int64_t dim : shape.drop_back()) {
    rows *= dim;
  }
  // The rows as an H x W image, as square as R allows: the DPUs compute
  // output pixels in blocks of several rows and columns, so a one-column
  // image would leave most of the MAC array idle.
  int64_t rowsWidth = 1;
  for (int64_t width = 2; width * width <= rows; ++width) {
    if (rows % width == 0) {
      rowsWidth = width;
    }
  }
  Value input4D;
  if (rows == 1) {
    input4D = reshape(rewriter, loc, input, {1, depth, 1, 1});
  } else {
    Value matrix = transpose2D(
        rewriter, loc, reshape(rewriter, loc, input, {rows, depth}));
    input4D = reshape(rewriter, loc, matrix,
                      {1, depth, rows / rowsWidth, rowsWidth});
  }
  const SmallVector<int64_t, 2> ones = {1, 1};
  const SmallVector<int64_t, 2> zeros = {0, 0};
  auto conv = rewriter.create<ConvolutionOp>(
      loc, input4D, filter, bias, ArrayRef<int64_t>(ones),
      ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros),
      ArrayRef<int64_t>(ones));
  Reasons nce;
  if (!VPU::isSupportedOnNCE(
          conv, [&](const Twine &reason) { nce.add(reason); },
          getIEStageSupportOptions())) {
    reasons.add("the NCE cannot run the 1x1 convolution (" + nce.join() + ")");
    inserted.discard(rewriter);
    return failure();
  }
  Value product = conv.getOutput();
  if (rows > 1) {
    const int64_t outChannels = getTensorType(product).getDimSize(1);
    product = transpose2D(rewriter, loc,
                          reshape(rewriter, loc, product, {outChannels, rows}));
  }
  Value result = reshape(rewriter, loc, product, resultType.getShape());
  if (result.getType() != resultType) {
    reasons.add("the convolution would not give the layer's result type");
    inserted.discard(rewriter);
    return failure();
  }
  inserted.keep();
  return result;
}

/// True if `type` is statically shaped and has no layout encoding.
bool isPlainStatic(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && !tensor.getEncoding();
}

struct ConvertFCToConvPass
    : public impl::ConvertFCToConvPassBase<ConvertFCToConvPass> {
  using Base::Base;

  void report(Operation *op, const Reasons &reasons) {
    if (emitRemarks) {
      op->emitRemark() << "left unchanged: " << reasons.join();
    }
  }

  void convertFullyConnected(IRRewriter &rewriter, InsertedOps &inserted,
                             FullyConnectedOp op) {
    Reasons reasons;
    if (!isPlainStatic(op.getInput().getType()) ||
        !isPlainStatic(op.getWeights().getType()) ||
        !isPlainStatic(op.getType())) {
      reasons.add("the activations or weights have a dynamic shape or a "
                  "layout encoding");
      report(op, reasons);
      return;
    }
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    ArrayRef<int64_t> weightsShape = getTensorType(op.getWeights()).getShape();
    Value filter = reshape(rewriter, loc, op.getWeights(),
                           {weightsShape[0], weightsShape[1], 1, 1});
    Value bias = op.getBias();
    if (bias && getTensorType(bias).getRank() == 2) {
      bias = reshape(rewriter, loc, bias, {1, weightsShape[0], 1, 1});
    }
    FailureOr<Value> result =
        createConv(rewriter, inserted, loc, op.getInput(), filter, bias,
                   llvm::cast<RankedTensorType>(op.getType()), reasons);
    if (failed(result)) {
      report(op, reasons);
      return;
    }
    rewriter.replaceOp(op, *result);
  }

  void convertMatMul(IRRewriter &rewriter, InsertedOps &inserted, MatMulOp op) {
    Const::ContentAttr weights = getConstContent(op.getInput2());
    if (!weights || weights.getType().getRank() != 2 || op.getTransposeA()) {
      return;
    }
    Reasons reasons;
    RankedTensorType inputType = op.getInput1().getType();
    if (inputType.getRank() < 2 || !isPlainStatic(inputType) ||
        !isPlainStatic(op.getType()) ||
        weights.getType().getShape() !=
            getTensorType(op.getInput2()).getShape() ||
        getTensorType(op.getInput2()).getEncoding()) {
      reasons.add("the input is 1-D, or the activations or weights have "
                  "a dynamic shape or a layout encoding");
      report(op, reasons);
      return;
    }
    MLIRContext *context = &getContext();
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
      report(op, reasons);
      return;
    }
    rewriter.setInsertionPoint(op);
    Value filter = rewriter.create<Const::DeclareOp>(op.getInput2().getLoc(),
                                                     filterContent);
    FailureOr<Value> result = createConv(
        rewriter, inserted, op.getLoc(), op.getInput1(), filter, Value(),
        llvm::cast<RankedTensorType>(op.getType()), reasons);
    if (failed(result)) {
      report(op, reasons);
      return;
    }
    rewriter.replaceOp(op, *result);
  }

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (llvm::isa<FullyConnectedOp, MatMulOp>(op)) {
        ops.push_back(op);
      }
    });
    InsertedOps inserted;
    IRRewriter rewriter(&getContext(), &inserted);
    for (Operation *op : ops) {
      if (auto fc = llvm::dyn_cast<FullyConnectedOp>(op)) {
        convertFullyConnected(rewriter, inserted, fc);
      } else {
        convertMatMul(rewriter, inserted, llvm::cast<MatMulOp>(op));
      }
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
