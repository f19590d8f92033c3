//===- ConvertShapeTo4D.cpp - vpuc-ie-convert-shape-to-4d -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertShapeTo4DPass: checks that every listed op of a function
// has 4-D shapes (computeEltwiseShapes4D) and reports every one that has
// none; otherwise rewrites the ops between reshapes (ConvertOpTo4D, applied
// once to each op).
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_shape_to_4d/ConvertShapeTo4D.h"

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/convert_shape_to_4d/EltwiseShapes4D.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTSHAPETO4DPASS
#include "passes/ie/convert_shape_to_4d/Passes.h.inc" // IWYU pragma: keep

namespace {

/// Returns the 4-D shapes of `op`, std::nullopt when it is 4-D already, or
/// fails, saying why on `emitCannot()` (an op error "cannot be converted to
/// 4-D: " in the pass, an inactive diagnostic in the pattern).
static FailureOr<std::optional<EltwiseShapes4D>>
planOp(Operation *op, function_ref<InFlightDiagnostic()> emitCannot) {
  if (op->getNumResults() != 1) {
    return emitCannot() << "expects one result, got " << op->getNumResults();
  }
  // The types of the result and then of the operands.
  SmallVector<Type> types(op->getResultTypes());
  llvm::append_range(types, op->getOperandTypes());
  SmallVector<RankedTensorType> tensors;
  for (Type type : types) {
    auto tensor = llvm::dyn_cast<RankedTensorType>(type);
    if (!tensor) {
      return emitCannot() << "expects ranked tensors, got " << type;
    }
    tensors.push_back(tensor);
  }
  if (llvm::all_of(tensors, [](RankedTensorType tensor) {
        return tensor.getRank() == 4;
      })) {
    return std::optional<EltwiseShapes4D>();
  }
  for (RankedTensorType tensor : tensors) {
    if (tensor.getEncoding()) {
      return emitCannot() << "expects tensors without layout encoding, got "
                          << tensor;
    }
  }
  SmallVector<SmallVector<int64_t, 4>> operandShapes;
  for (RankedTensorType tensor : llvm::drop_begin(tensors)) {
    operandShapes.emplace_back(tensor.getShape());
  }
  std::string reason;
  FailureOr<EltwiseShapes4D> shapes = computeEltwiseShapes4D(
      llvm::cast<RankedTensorType>(op->getResult(0).getType()).getShape(),
      operandShapes, reason);
  if (failed(shapes)) {
    return emitCannot() << reason;
  }
  return std::optional<EltwiseShapes4D>(std::move(*shapes));
}

/// Returns `value` with the shape `shape`: itself when it has that shape, a
/// const.Declare with a #const.Reshape when it is a constant, otherwise an
/// IE.Reshape of it.
static Value reshapeTo(RewriterBase &rewriter, Location loc, Value value,
                       ArrayRef<int64_t> shape) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape) {
    return value;
  }
  if (auto constant = value.getDefiningOp<Const::DeclareOp>()) {
    return rewriter.create<Const::DeclareOp>(
        constant.getLoc(), constant.getContent().reshape(shape));
  }
  return rewriter.create<ReshapeOp>(loc, value,
                                    rewriter.getDenseI64ArrayAttr(shape));
}

/// Rewrites `op` on its 4-D shapes `shapes`, between reshapes.
static void rewriteOp(RewriterBase &rewriter, Operation *op,
                      const EltwiseShapes4D &shapes) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  IRMapping mapping;
  llvm::SmallSetVector<Operation *, 2> constants;
  for (auto [operand, shape] :
       llvm::zip_equal(op->getOperands(), shapes.operands)) {
    // An operand used twice has the same shape both times.
    if (mapping.contains(operand)) {
      continue;
    }
    mapping.map(operand, reshapeTo(rewriter, loc, operand, shape));
    if (auto constant = operand.getDefiningOp<Const::DeclareOp>()) {
      constants.insert(constant);
    }
  }
  Operation *newOp = op->clone(mapping);
  auto resultType = llvm::cast<RankedTensorType>(op->getResult(0).getType());
  newOp->getResult(0).setType(resultType.clone(shapes.result));
  rewriter.insert(newOp);
  rewriter.replaceOp(
      op, reshapeTo(rewriter, loc, newOp->getResult(0), resultType.getShape()));
  // Constants that were reshaped and have no other user.
  for (Operation *constant : constants) {
    if (constant->use_empty()) {
      rewriter.eraseOp(constant);
    }
  }
}

/// An op of the listed kinds (the pass's `ops`) that is not 4-D -> the op on
/// its 4-D shapes, between reshapes.
struct ConvertOpTo4D final : RewritePattern {
  ConvertOpTo4D(MLIRContext *context, const llvm::DenseSet<OperationName> &ops)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context), ops(ops) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!ops.contains(op->getName())) {
      return rewriter.notifyMatchFailure(op, "not a listed op");
    }
    // A tensor without elements has no 4-D layout to move to (a constant of
    // one cannot be reshaped); the op is left as it is.
    auto isEmpty = [](Type type) {
      auto tensor = llvm::dyn_cast<RankedTensorType>(type);
      return tensor && tensor.hasStaticShape() && tensor.getNumElements() == 0;
    };
    if (llvm::any_of(op->getOperandTypes(), isEmpty) ||
        llvm::any_of(op->getResultTypes(), isEmpty)) {
      return rewriter.notifyMatchFailure(op, "an empty tensor");
    }
    FailureOr<std::optional<EltwiseShapes4D>> shapes =
        planOp(op, [] { return InFlightDiagnostic(); });
    if (failed(shapes)) {
      return rewriter.notifyMatchFailure(op, "cannot be converted to 4-D");
    }
    if (!*shapes) {
      return rewriter.notifyMatchFailure(op, "4-D already");
    }
    rewriteOp(rewriter, op, **shapes);
    return success();
  }

  llvm::DenseSet<OperationName> ops;
};

struct ConvertShapeTo4DPass
    : public impl::ConvertShapeTo4DPassBase<ConvertShapeTo4DPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    Location loc = UnknownLoc::get(context);
    if (opNames.empty()) {
      return emitError(loc)
             << getArgument() << ": option 'ops' lists no op to convert";
    }
    for (const std::string &name : opNames) {
      std::optional<RegisteredOperationName> info =
          RegisteredOperationName::lookup(name, context);
      if (!info) {
        return emitError(loc) << getArgument() << ": unknown op '" << name
                              << "' in option 'ops'";
      }
      if (!info->hasInterface<LayerOpInterface>()) {
        return emitError(loc) << getArgument() << ": op '" << name
                              << "' in option 'ops' is not an IE layer";
      }
      ops.insert(*info);
    }
    return success();
  }

  void runOnOperation() override {
    // Every listed op must convert before any does.
    bool ok = true;
    getOperation().walk([&](Operation *op) {
      auto emitCannot = [op] {
        return op->emitOpError() << "cannot be converted to 4-D: ";
      };
      if (ops.contains(op->getName()) && failed(planOp(op, emitCannot))) {
        ok = false;
      }
    });
    if (!ok) {
      return signalPassFailure();
    }
    applyPatternsOnce(getOperation(), [&](RewritePatternSet &patterns) {
      populateConvertShapeTo4DPatterns(patterns, ops);
    });
  }

  /// The ops to convert, from `opNames`.
  llvm::DenseSet<OperationName> ops;
};

} // namespace

void populateConvertShapeTo4DPatterns(
    RewritePatternSet &patterns, const llvm::DenseSet<OperationName> &ops) {
  patterns.add<ConvertOpTo4D>(patterns.getContext(), ops);
}

} // namespace mlir::vpuc::IE
