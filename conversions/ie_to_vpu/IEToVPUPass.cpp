//===- IEToVPUPass.cpp - IE to VPU lowering pass ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// ConvertIEToVPUPass: checks that every IE layer can be lowered (reporting all
// that cannot), then runs the patterns of Patterns.h as a partial dialect
// conversion in which the IE layers are illegal.
//
//===----------------------------------------------------------------------===//

#include "conversions/ie_to_vpu/IEToVPU.h"

#include "conversions/ie_to_vpu/Patterns.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DEF_CONVERTIETOVPUPASS
#include "conversions/ie_to_vpu/Passes.h.inc" // IWYU pragma: keep

namespace {

/// True for the IE ops that describe the network rather than compute (they
/// stay).
bool isNetworkDescription(Operation *op) {
  return llvm::isa<IE::CNNNetworkOp, IE::DataInfoOp>(op);
}

struct ConvertIEToVPUPass : impl::ConvertIEToVPUPassBase<ConvertIEToVPUPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    IEToVPUTypeConverter typeConverter;
    RewritePatternSet patterns(context);
    populateIEToVPUConversionPatterns(typeConverter, patterns);
    if (useNCE) {
      populateIEToNCEConversionPatterns(typeConverter, patterns);
    }
    llvm::DenseSet<OperationName> lowered;
    for (const std::unique_ptr<RewritePattern> &pattern :
         patterns.getNativePatterns()) {
      if (std::optional<OperationName> root = pattern->getRootKind()) {
        lowered.insert(*root);
      }
    }

    // The legality check: every IE layer has a lowering and only VPU tensors.
    llvm::DenseSet<Operation *> kept;
    bool failedCheck = false;
    getOperation().walk([&](Operation *op) {
      if (!llvm::isa<IE::IEDialect>(op->getDialect()) ||
          isNetworkDescription(op)) {
        return;
      }
      if (failed(checkLowerable(op, lowered, /*report=*/!allowIELayers))) {
        if (allowIELayers) {
          kept.insert(op);
        } else {
          failedCheck = true;
        }
      }
    });
    if (failedCheck) {
      return signalPassFailure();
    }

    ConversionTarget target(*context);
    target
        .addLegalDialect<VPUDialect, Const::ConstDialect, func::FuncDialect>();
    target.addDynamicallyLegalDialect<IE::IEDialect>([&](Operation *op) {
      return isNetworkDescription(op) || kept.contains(op);
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns)))) {
      signalPassFailure();
    }
  }

  /// Checks that the IE layer `op` can be lowered: a pattern handles it and its
  /// operands and results are VPU tensors. With `report`, emits the reason
  /// otherwise.
  static LogicalResult
  checkLowerable(Operation *op, const llvm::DenseSet<OperationName> &lowered,
                 bool report) {
    if (!lowered.contains(op->getName())) {
      if (report) {
        op->emitOpError() << "cannot be lowered to the VPU dialect: no "
                             "software kernel or view "
                             "implements it";
      }
      return failure();
    }
    if (!report) {
      return success(llvm::all_of(op->getOperandTypes(), isTensorType) &&
                     llvm::all_of(op->getResultTypes(), isTensorType));
    }
    auto emitError = [&]() -> InFlightDiagnostic {
      return op->emitOpError() << "cannot be lowered to the VPU dialect: ";
    };
    for (auto [index, type] : llvm::enumerate(op->getOperandTypes())) {
      if (failed(verifyTensorType(type, emitError,
                                  ("operand #" + llvm::Twine(index)).str()))) {
        return failure();
      }
    }
    for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
      if (failed(verifyTensorType(type, emitError,
                                  ("result #" + llvm::Twine(index)).str()))) {
        return failure();
      }
    }
    return success();
  }
};

} // namespace

} // namespace mlir::vpuc::VPU
