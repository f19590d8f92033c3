//===- NetworkBoundary.cpp - IE network entry point helpers -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Looks up the IE.CNNNetwork of a module and rewrites the signature of its
// entry point with conversion ops at the boundary.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/NetworkBoundary.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::vpuc::IE {

FailureOr<std::optional<NetworkEntry>> lookupNetwork(ModuleOp module) {
  CNNNetworkOp network;
  for (CNNNetworkOp op : module.getOps<CNNNetworkOp>()) {
    if (network) {
      InFlightDiagnostic diag =
          op.emitOpError()
          << "is a second network of the module; expects at most one";
      diag.attachNote(network.getLoc()) << "the first IE.CNNNetwork";
      return failure();
    }
    network = op;
  }
  if (!network) {
    return std::optional<NetworkEntry>();
  }
  auto func = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      network, network.getEntryPointAttr());
  if (!func) {
    return network.emitOpError() << "entry point @" << network.getEntryPoint()
                                 << " does not name a func.func";
  }
  if (func.isExternal()) {
    return network.emitOpError()
           << "entry point @" << network.getEntryPoint() << " has no body";
  }
  if (std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(func, module)) {
    for (const SymbolTable::SymbolUse &use : *uses) {
      if (!llvm::isa<CNNNetworkOp>(use.getUser())) {
        InFlightDiagnostic diag =
            use.getUser()->emitOpError()
            << "refers to the network entry point @" << network.getEntryPoint()
            << ", whose signature the adaptation of the network's "
               "inputs and outputs changes";
        diag.attachNote(network.getLoc()) << "the IE.CNNNetwork";
        return failure();
      }
    }
  }
  return std::optional<NetworkEntry>(NetworkEntry{network, func});
}

void setArgumentTypes(RewriterBase &rewriter, func::FuncOp func,
                      ArrayRef<std::optional<Type>> newTypes,
                      BoundaryConversionBuilder convert) {
  assert(!func.isExternal() && "expects a function with a body");
  assert(newTypes.size() == func.getNumArguments() &&
         "expects one entry per argument");
  Block &entry = func.front();
  OpBuilder::InsertionGuard guard(rewriter);
  // Each conversion goes after the previous one: before the first op of the
  // original body.
  rewriter.setInsertionPointToStart(&entry);
  SmallVector<Type> inputTypes(func.getArgumentTypes());
  for (auto [index, newType] : llvm::enumerate(newTypes)) {
    if (!newType || *newType == inputTypes[index]) {
      continue;
    }
    BlockArgument arg = entry.getArgument(index);
    Type oldType = arg.getType();
    SmallVector<OpOperand *> uses =
        llvm::map_to_vector(arg.getUses(), [](OpOperand &use) { return &use; });
    rewriter.modifyOpInPlace(func, [&] { arg.setType(*newType); });
    Value converted = convert(rewriter, arg.getLoc(), arg, oldType);
    for (OpOperand *use : uses) {
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(converted); });
    }
    inputTypes[index] = *newType;
  }
  rewriter.modifyOpInPlace(func, [&] {
    func.setFunctionType(FunctionType::get(func.getContext(), inputTypes,
                                           func.getResultTypes()));
  });
}

void setResultTypes(RewriterBase &rewriter, func::FuncOp func,
                    ArrayRef<std::optional<Type>> newTypes,
                    BoundaryConversionBuilder convert) {
  assert(newTypes.size() == func.getNumResults() &&
         "expects one entry per result");
  OpBuilder::InsertionGuard guard(rewriter);
  SmallVector<Type> resultTypes(func.getResultTypes());
  for (Block &block : func.getBody()) {
    auto ret = llvm::dyn_cast<func::ReturnOp>(block.getTerminator());
    if (!ret) {
      continue;
    }
    rewriter.setInsertionPoint(ret);
    for (auto [index, newType] : llvm::enumerate(newTypes)) {
      if (!newType || *newType == resultTypes[index]) {
        continue;
      }
      Value converted =
          convert(rewriter, ret.getLoc(), ret.getOperand(index), *newType);
      rewriter.modifyOpInPlace(ret, [&] { ret->setOperand(index, converted); });
    }
  }
  for (auto [index, newType] : llvm::enumerate(newTypes)) {
    if (newType) {
      resultTypes[index] = *newType;
    }
  }
  rewriter.modifyOpInPlace(func, [&] {
    func.setFunctionType(FunctionType::get(
        func.getContext(), func.getArgumentTypes(), resultTypes));
  });
}

/// Collects the user types of `infos` for `types`; fails after all errors are
/// reported.
static LogicalResult
collectUserTypes(ArrayRef<DataInfoOp> infos, TypeRange types, StringRef what,
                 UserTypeGetter getUserType,
                 SmallVectorImpl<std::optional<Type>> &userTypes) {
  bool ok = true;
  for (auto [info, type] : llvm::zip_equal(infos, types)) {
    FailureOr<std::optional<Type>> userType = getUserType(info, type, what);
    ok &= succeeded(userType);
    userTypes.push_back(succeeded(userType) ? *userType : std::nullopt);
  }
  return success(ok);
}

LogicalResult applyUserTypes(ModuleOp module, UserTypeGetter getUserType,
                             BoundaryConversionBuilder convert) {
  FailureOr<std::optional<NetworkEntry>> entry = lookupNetwork(module);
  if (failed(entry)) {
    return failure();
  }
  if (!*entry) {
    return success();
  }
  CNNNetworkOp network = (*entry)->network;
  func::FuncOp func = (*entry)->entryPoint;
  // The network verifier guarantees one IE.DataInfo per argument and result.
  SmallVector<std::optional<Type>> inputTypes, outputTypes;
  LogicalResult inputs =
      collectUserTypes(network.getInputsDataInfo(), func.getArgumentTypes(),
                       "input", getUserType, inputTypes);
  LogicalResult outputs =
      collectUserTypes(network.getOutputsDataInfo(), func.getResultTypes(),
                       "output", getUserType, outputTypes);
  if (failed(inputs) || failed(outputs)) {
    return failure();
  }
  IRRewriter rewriter(module.getContext());
  setArgumentTypes(rewriter, func, inputTypes, convert);
  setResultTypes(rewriter, func, outputTypes, convert);
  return success();
}

} // namespace mlir::vpuc::IE
