//===- ConvertConv1DToConv2D.cpp - 1-D to 2-D window ops --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertConv1DToConv2DPass: every 1-D IE.Convolution,
// IE.GroupConvolution, IE.Deconvolution, IE.MaxPool and IE.AvgPool becomes
// its 2-D form with H = 1 between reshapes of its input, filter, bias and
// result.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_conv1d_to_conv2d/ConvertConv1DToConv2D.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

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

/// The window attributes of the 1-D ops and the value of their added y entry.
static constexpr std::pair<StringLiteral, int64_t> kWindowAttrs[] = {
    {"strides", 1},    {"dilations", 1}, {"kernel_size", 1},
    {"pads_begin", 0}, {"pads_end", 0},  {"output_padding", 0},
};

/// The attributes of the 2-D form of `op`: each window attribute (x) becomes
/// (y, x) with its unit y value, the others are kept.
static SmallVector<NamedAttribute> getAttrs2D(RewriterBase &rewriter,
                                              Operation *op) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrs()) {
    const auto *window = llvm::find_if(kWindowAttrs, [&](const auto &entry) {
      return entry.first == attr.getName().getValue();
    });
    auto values = llvm::dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (window == std::end(kWindowAttrs) || !values) {
      attrs.push_back(attr);
      continue;
    }
    SmallVector<int64_t, 2> widened = {window->second};
    llvm::append_range(widened, values.asArrayRef());
    attrs.push_back(rewriter.getNamedAttr(
        attr.getName(), rewriter.getDenseI64ArrayAttr(widened)));
  }
  return attrs;
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
  auto op2D = rewriter.create<OpT>(loc, operands, getAttrs2D(rewriter, op));
  Value result = op2D->getResult(0);
  RankedTensorType type = getTensorType(op->getResult(0));
  Value result1D =
      reshape(rewriter, loc, result, type.getShape(), {{0}, {1}, {2}, {2}});
  assert(result1D.getType() == type &&
         "expects the 2-D op to compute the 1-D op's result with H = 1");
  rewriter.replaceOp(op, result1D);
}

struct ConvertConv1DToConv2DPass
    : public impl::ConvertConv1DToConv2DPassBase<ConvertConv1DToConv2DPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (llvm::isa<ConvolutionOp, GroupConvolutionOp, DeconvolutionOp,
                    MaxPoolOp, AvgPoolOp>(op) &&
          isStatic1D(op)) {
        ops.push_back(op);
      }
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      llvm::TypeSwitch<Operation *>(op)
          .Case<ConvolutionOp, GroupConvolutionOp, DeconvolutionOp, MaxPoolOp,
                AvgPoolOp>([&](auto typed) { convertTo2D(rewriter, typed); });
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
