//===- IEMirror.cpp - VPU ops that mirror IE layers -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verification, result type inference, host inference and cost of the ops
// that mirror an IE layer, through a detached equivalent IE op (IEMirror.h).
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/IEMirror.h"

#include <string>

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/ie/ir/IEInterfaces.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/Support/Threading.h"

namespace mlir::vpuc::VPU::detail {

namespace {

/// Captures the diagnostics the current thread emits while it is registered
/// (other threads' diagnostics pass through), so that those of a detached IE op
/// can be re-emitted on the VPU op it stands for.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MLIRContext *context)
      : context(context), thread(llvm::get_threadid()) {
    handler =
        context->getDiagEngine().registerHandler([this](Diagnostic &diag) {
          if (llvm::get_threadid() != thread) {
            return failure();
          }
          captured.push_back(std::move(diag));
          return success();
        });
  }

  DiagnosticCapture(const DiagnosticCapture &) = delete;
  DiagnosticCapture &operator=(const DiagnosticCapture &) = delete;

  ~DiagnosticCapture() { stop(); }

  /// Stops capturing and re-emits what was captured on `op`: "'<ieName>' op "
  /// prefixes become `op`'s own, and notes showing the detached op are dropped.
  void replayOn(Operation *op, StringRef ieName) {
    stop();
    const std::string prefix = ("'" + ieName + "' op ").str();
    for (Diagnostic &diag : captured) {
      std::string message = diag.str();
      if (StringRef(message).starts_with(prefix)) {
        message.erase(0, prefix.size());
      }
      std::optional<InFlightDiagnostic> emitted;
      switch (diag.getSeverity()) {
      case DiagnosticSeverity::Error:
        emitted.emplace(op->emitOpError() << message);
        break;
      case DiagnosticSeverity::Warning:
        emitted.emplace(op->emitWarning() << message);
        break;
      case DiagnosticSeverity::Remark:
      case DiagnosticSeverity::Note:
        emitted.emplace(op->emitRemark() << message);
        break;
      }
      for (Diagnostic &note : diag.getNotes()) {
        std::string text = note.str();
        if (StringRef(text).starts_with("see current operation")) {
          continue;
        }
        emitted->attachNote(note.getLocation()) << text;
      }
    }
    captured.clear();
  }

  /// Stops capturing and drops what was captured.
  void discard() {
    stop();
    captured.clear();
  }

private:
  void stop() {
    if (registered) {
      context->getDiagEngine().eraseHandler(handler);
      registered = false;
    }
  }

  MLIRContext *context;
  uint64_t thread;
  DiagnosticEngine::HandlerID handler;
  bool registered = true;
  SmallVector<Diagnostic, 2> captured;
};

/// Builds the detached IE op `ieName` with operands of `operandTypes` and
/// results of `resultTypes` (both without memory; the operands are arguments of
/// a private block) and the inherent attributes `attributes`, calls `fn` on it,
/// and destroys it.
LogicalResult withEquivalentIEOp(StringRef ieName, MLIRContext *context,
                                 Location loc, TypeRange operandTypes,
                                 DictionaryAttr attributes,
                                 TypeRange resultTypes,
                                 function_ref<LogicalResult(Operation *)> fn) {
  std::optional<RegisteredOperationName> name =
      RegisteredOperationName::lookup(ieName, context);
  if (!name) {
    return emitError(loc) << "the IE op '" << ieName
                          << "' that this VPU op mirrors is not registered";
  }
  Block block;
  OperationState state(loc, *name);
  for (Type type : operandTypes) {
    state.operands.push_back(block.addArgument(stripMemorySpace(type), loc));
  }
  for (Type type : resultTypes) {
    state.types.push_back(stripMemorySpace(type));
  }
  Operation *op = Operation::create(state);
  LogicalResult result = success();
  if (op->getPropertiesStorageSize() != 0 && attributes &&
      !attributes.empty()) {
    result = op->setPropertiesFromAttribute(attributes,
                                            [&] { return emitError(loc); });
  }
  if (succeeded(result)) {
    result = fn(op);
  }
  op->destroy();
  return result;
}

/// The inherent attributes of `op` as a dictionary.
DictionaryAttr getInherentAttrs(Operation *op) {
  return llvm::dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute());
}

} // namespace

LogicalResult verifyMirroredLayer(Operation *op, StringRef ieName) {
  if (failed(verifyTensorsInOneMemory(op, "a VPU layer"))) {
    return failure();
  }

  auto verifyAsIE = [&](TypeRange resultTypes) {
    return withEquivalentIEOp(
        ieName, op->getContext(), op->getLoc(), op->getOperandTypes(),
        getInherentAttrs(op), resultTypes, [](Operation *ieOp) {
          return verify(ieOp, /*verifyRecursively=*/false);
        });
  };
  DiagnosticCapture capture(op->getContext());
  if (succeeded(verifyAsIE(op->getResultTypes()))) {
    capture.replayOn(op, ieName);
    return success();
  }
  // When the IE op accepts its own result types, only the result types were
  // wrong: the result type check of the VPU op reports that with the VPU types
  // (memory included).
  SmallVector<Type, 2> inferred;
  if (succeeded(inferMirroredReturnTypes(ieName, op->getContext(), op->getLoc(),
                                         op->getOperands(),
                                         getInherentAttrs(op), inferred)) &&
      inferred.size() == op->getNumResults() &&
      succeeded(verifyAsIE(inferred))) {
    capture.discard();
    return success();
  }
  capture.replayOn(op, ieName);
  return failure();
}

DictionaryAttr mergeInherentAttrs(MLIRContext *context,
                                  DictionaryAttr attributes,
                                  Attribute properties) {
  auto fromProperties = llvm::dyn_cast_or_null<DictionaryAttr>(properties);
  if (!fromProperties || fromProperties.empty()) {
    return attributes;
  }
  NamedAttrList merged;
  if (attributes) {
    merged.append(attributes.getValue());
  }
  for (NamedAttribute attr : fromProperties) {
    merged.set(attr.getName(), attr.getValue());
  }
  return merged.getDictionary(context);
}

LogicalResult
inferMirroredReturnTypes(StringRef ieName, MLIRContext *context,
                         std::optional<Location> location, ValueRange operands,
                         DictionaryAttr attributes,
                         SmallVectorImpl<Type> &inferredReturnTypes) {
  MemorySpaceAttr memory = MemorySpaceAttr::getDDR(context);
  if (!operands.empty()) {
    FailureOr<MemorySpaceAttr> operandMemory =
        getMemorySpace(operands.front().getType());
    if (failed(operandMemory)) {
      return emitOptionalError(location, "operand #0 of type ",
                               operands.front().getType(),
                               " is not a VPU tensor");
    }
    memory = *operandMemory;
  }
  Location loc = location.value_or(UnknownLoc::get(context));
  return withEquivalentIEOp(
      ieName, context, loc, operands.getTypes(), attributes, {},
      [&](Operation *ieOp) {
        auto inference = llvm::dyn_cast<InferTypeOpInterface>(ieOp);
        if (!inference) {
          return emitOptionalError(location, "the IE op '", ieName,
                                   "' does not infer its result types");
        }
        SmallVector<Type, 2> ieTypes;
        if (failed(inference.inferReturnTypes(
                context, location, ieOp->getOperands(),
                ieOp->getRawDictionaryAttrs(), ieOp->getPropertiesStorage(),
                ieOp->getRegions(), ieTypes))) {
          return failure();
        }
        for (Type type : ieTypes) {
          auto tensor = llvm::dyn_cast<RankedTensorType>(type);
          if (!tensor || failed(shape::getOrder(tensor))) {
            return emitOptionalError(location, "the IE op '", ieName,
                                     "' inferred the type ", type,
                                     ", which is not a tensor with an order");
          }
          inferredReturnTypes.push_back(withMemorySpace(tensor, memory));
        }
        return success();
      });
}

LogicalResult inferMirroredOnCPU(Operation *op, StringRef ieName,
                                 ArrayRef<IE::HostTensor> inputs,
                                 SmallVectorImpl<IE::HostTensor> &outputs) {
  DiagnosticCapture capture(op->getContext());
  LogicalResult result = withEquivalentIEOp(
      ieName, op->getContext(), op->getLoc(), op->getOperandTypes(),
      getInherentAttrs(op), op->getResultTypes(),
      [&](Operation *ieOp) -> LogicalResult {
        auto inference = llvm::dyn_cast<IE::InferenceOpInterface>(ieOp);
        if (!inference) {
          return ieOp->emitOpError() << "has no host inference";
        }
        return inference.inferOnCPU(inputs, outputs);
      });
  capture.replayOn(op, ieName);
  return result;
}

std::optional<int64_t> getMirroredCost(Operation *op, StringRef ieName,
                                       bool macs) {
  std::optional<int64_t> cost;
  DiagnosticCapture capture(op->getContext());
  (void)withEquivalentIEOp(
      ieName, op->getContext(), op->getLoc(), op->getOperandTypes(),
      getInherentAttrs(op), op->getResultTypes(),
      [&](Operation *ieOp) -> LogicalResult {
        auto costOp = llvm::dyn_cast<IE::CostOpInterface>(ieOp);
        if (costOp) {
          cost = macs ? costOp.getNumMACs() : costOp.getNumFLOPs();
        }
        return success();
      });
  capture.replayOn(op, ieName);
  return cost;
}

} // namespace mlir::vpuc::VPU::detail
