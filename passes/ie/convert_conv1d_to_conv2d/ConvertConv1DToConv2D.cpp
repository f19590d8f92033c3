//===- ConvertConv1DToConv2D.cpp - 1-D to 2-D window ops --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertConv1DToConv2DPass: every 1-D IE.Convolution,
// IE.GroupConvolution, IE.Deconvolution, IE.MaxPool, IE.AvgPool and IE.LpPool
// becomes its 2-D form with H = 1 between reshapes of its input, filter, bias
// and result.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_conv1d_to_conv2d/ConvertConv1DToConv2D.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTCONV1DTOCONV2DPASS
#include "passes/ie/convert_conv1d_to_conv2d/Passes.h.inc" // IWYU pragma: keep

namespace {

static RankedTensorType getTensorType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// Reshapes `value` to the static `shape`, whose dims input dim `i` maps to are
/// `dimMapping[i]` (an IE.AffineReshape mapping): a reshaped constant for a
/// const.Declare without encoding, an IE.Reshape for another tensor without
/// encoding, an IE.AffineReshape (which carries the layout) otherwise.
static Value reshape(RewriterBase &rewriter, Location loc, Value value,
                     ArrayRef<int64_t> shape,
                     ArrayRef<SmallVector<int64_t, 2>> dimMapping) {
  RankedTensorType type = getTensorType(value);
  if (!type.getEncoding()) {
    if (auto constant = value.getDefiningOp<Const::DeclareOp>()) {
      return rewriter.create<Const::DeclareOp>(
          loc, constant.getContent().reshape(shape));
    }
    return rewriter.create<ReshapeOp>(loc, value,
                                      rewriter.getDenseI64ArrayAttr(shape));
  }
  SmallVector<Attribute, 4> mapping;
  for (ArrayRef<int64_t> dims : dimMapping) {
    mapping.push_back(rewriter.getDenseI64ArrayAttr(dims));
  }
  return rewriter.create<AffineReshapeOp>(loc, value,
                                          rewriter.getArrayAttr(mapping),
                                          rewriter.getDenseI64ArrayAttr(shape));
}

/// `value` of a rank-3 type `[A, B, C]` reshaped to `[A, B, 1, C]`.
static Value insertUnitH(RewriterBase &rewriter, Location loc, Value value) {
  ArrayRef<int64_t> shape = getTensorType(value).getShape();
  return reshape(rewriter, loc, value, {shape[0], shape[1], 1, shape[2]},
                 {{0}, {1}, {2, 3}});
}

/// `values` (x) with the y value `y` in front.
static DenseI64ArrayAttr widen(Builder &builder, DenseI64ArrayAttr values,
                               int64_t y) {
  SmallVector<int64_t, 2> widened = {y};
  llvm::append_range(widened, values.asArrayRef());
  return builder.getDenseI64ArrayAttr(widened);
}

/// Widens the window of a (group) convolution or deconvolution to (y, x):
/// unit stride and dilation, no padding along y.
template <typename Properties>
static void widenConvWindow(Builder &builder, Properties &properties) {
  properties.setStrides(widen(builder, properties.getStrides(), 1));
  properties.setDilations(widen(builder, properties.getDilations(), 1));
  properties.setPadsBegin(widen(builder, properties.getPadsBegin(), 0));
  properties.setPadsEnd(widen(builder, properties.getPadsEnd(), 0));
}

/// Widens the window of a pool to (y, x): a unit kernel and stride, no padding
/// along y.
template <typename Properties>
static void widenPoolWindow(Builder &builder, Properties &properties) {
  properties.setKernelSize(widen(builder, properties.getKernelSize(), 1));
  properties.setStrides(widen(builder, properties.getStrides(), 1));
  properties.setPadsBegin(widen(builder, properties.getPadsBegin(), 0));
  properties.setPadsEnd(widen(builder, properties.getPadsEnd(), 0));
}

static void widenWindow(Builder &builder,
                        ConvolutionOp::Properties &properties) {
  widenConvWindow(builder, properties);
}

static void widenWindow(Builder &builder,
                        GroupConvolutionOp::Properties &properties) {
  widenConvWindow(builder, properties);
}

static void widenWindow(Builder &builder,
                        DeconvolutionOp::Properties &properties) {
  widenConvWindow(builder, properties);
  properties.setOutputPadding(widen(builder, properties.getOutputPadding(), 0));
}

static void widenWindow(Builder &builder, MaxPoolOp::Properties &properties) {
  widenPoolWindow(builder, properties);
}

static void widenWindow(Builder &builder, AvgPoolOp::Properties &properties) {
  widenPoolWindow(builder, properties);
}

static void widenWindow(Builder &builder, LpPoolOp::Properties &properties) {
  widenPoolWindow(builder, properties);
}

/// The 2-D form of `op` on `operands`: its properties with the window widened
/// (widenWindow), its discardable attributes kept, its result type inferred.
template <typename OpT>
static OpT create2D(RewriterBase &rewriter, OpT op, ValueRange operands) {
  typename OpT::Properties properties = op.getProperties();
  widenWindow(rewriter, properties);
  OperationState state(op.getLoc(), OpT::getOperationName());
  state.addOperands(operands);
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  SmallVector<Type, 1> types;
  [[maybe_unused]] LogicalResult inferred = OpT::inferReturnTypes(
      op.getContext(), op.getLoc(), operands,
      state.attributes.getDictionary(op.getContext()),
      OpaqueProperties(&properties), /*regions=*/{}, types);
  assert(succeeded(inferred) && "expects the 2-D form of a valid 1-D op");
  state.addTypes(types);
  state.getOrAddProperties<typename OpT::Properties>() = properties;
  return llvm::cast<OpT>(rewriter.create(state));
}

/// True if `op` is a 1-D window op whose operands and result are static (the
/// reshapes need static shapes).
static bool isStatic1D(Operation *op) {
  if (getTensorType(op->getOperand(0)).getRank() != 3) {
    return false;
  }
  auto isStatic = [](Type type) {
    return llvm::cast<RankedTensorType>(type).hasStaticShape();
  };
  return llvm::all_of(op->getOperandTypes(), isStatic) &&
         llvm::all_of(op->getResultTypes(), isStatic);
}

/// Rewrites the 1-D `op` as its 2-D form (see the pass description).
template <typename OpT>
static void convertTo2D(RewriterBase &rewriter, OpT op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value, 3> operands;
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    // The input and the filter are [A, B, W]; a bias is [C] or [1, C, 1].
    const bool isBias = index == 2;
    if (isBias && getTensorType(operand).getRank() == 1) {
      operands.push_back(operand);
      continue;
    }
    operands.push_back(insertUnitH(rewriter, loc, operand));
  }
  Value result = create2D(rewriter, op, operands)->getResult(0);
  RankedTensorType type = getTensorType(op->getResult(0));
  Value result1D =
      reshape(rewriter, loc, result, type.getShape(), {{0}, {1}, {2}, {2}});
  assert(result1D.getType() == type &&
         "expects the 2-D op to compute the 1-D op's result with H = 1");
  rewriter.replaceOp(op, result1D);
}

/// A static 1-D window op -> its 2-D form between reshapes.
template <typename OpT> struct ConvertTo2D final : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    if (!isStatic1D(op)) {
      return rewriter.notifyMatchFailure(op, "not a static 1-D op");
    }
    convertTo2D(rewriter, op);
    return success();
  }
};

struct ConvertConv1DToConv2DPass
    : public impl::ConvertConv1DToConv2DPassBase<ConvertConv1DToConv2DPass> {
  using Base::Base;

  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateConvertConv1DToConv2DPatterns);
  }
};

} // namespace

void populateConvertConv1DToConv2DPatterns(RewritePatternSet &patterns) {
  patterns.add<ConvertTo2D<ConvolutionOp>, ConvertTo2D<GroupConvolutionOp>,
               ConvertTo2D<DeconvolutionOp>, ConvertTo2D<MaxPoolOp>,
               ConvertTo2D<AvgPoolOp>, ConvertTo2D<LpPoolOp>>(
      patterns.getContext());
}

} // namespace mlir::vpuc::IE
