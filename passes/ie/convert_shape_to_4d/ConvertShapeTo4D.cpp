//===- ConvertShapeTo4D.cpp - vpuc-ie-convert-shape-to-4d -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertShapeTo4DPass: plans the 4-D shapes of every listed op of
// a function (computeEltwiseShapes4D), reports every op that cannot be
// converted, and otherwise rewrites the ops between reshapes.
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
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTSHAPETO4DPASS
#include "passes/ie/convert_shape_to_4d/Passes.h.inc" // IWYU pragma: keep

namespace {

/// An op to convert and its 4-D shapes.
struct PlannedOp {
  Operation *op;
  EltwiseShapes4D shapes;
};

/// Returns the 4-D shapes of `op`, std::nullopt when it is 4-D already, or
/// fails with an error on `op`.
static FailureOr<std::optional<EltwiseShapes4D>> planOp(Operation *op) {
  auto emitCannot = [&]() {
    return op->emitOpError() << "cannot be converted to 4-D: ";
  };
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

/// Rewrites `planned.op` on its 4-D shapes, between reshapes.
static void rewriteOp(RewriterBase &rewriter, const PlannedOp &planned) {
  Operation *op = planned.op;
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  IRMapping mapping;
  llvm::SmallSetVector<Operation *, 2> constants;
  for (auto [operand, shape] :
       llvm::zip_equal(op->getOperands(), planned.shapes.operands)) {
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
  newOp->getResult(0).setType(resultType.clone(planned.shapes.result));
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
    SmallVector<PlannedOp> planned;
    bool ok = true;
    getOperation().walk([&](Operation *op) {
      if (!ops.contains(op->getName())) {
        return;
      }
      FailureOr<std::optional<EltwiseShapes4D>> shapes = planOp(op);
      if (failed(shapes)) {
        ok = false;
      } else if (*shapes) {
        planned.push_back({op, std::move(**shapes)});
      }
    });
    if (!ok) {
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    for (const PlannedOp &plan : planned) {
      rewriteOp(rewriter, plan);
    }
  }

  /// The ops to convert, from `opNames`.
  llvm::DenseSet<OperationName> ops;
};

} // namespace
} // namespace mlir::vpuc::IE
