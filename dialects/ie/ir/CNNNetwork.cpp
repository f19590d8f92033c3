//===- CNNNetwork.cpp - IE.CNNNetwork and IE.DataInfo -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verifiers of the network description: DataInfo attributes, the contents of
// the CNNNetwork regions and their agreement with the entry point's signature.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/IEOpUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::vpuc::IE {

//===----------------------------------------------------------------------===//
// DataInfoOp
//===----------------------------------------------------------------------===//

LogicalResult DataInfoOp::verify() {
  if (getName().empty()) {
    return emitOpError() << "expects a non-empty name";
  }
  Type precision = getPrecision();
  if (!precision.isIntOrFloat()) {
    return emitOpError() << "expects an integer or float precision, got "
                         << precision;
  }
  if (std::optional<AffineMap> layout = getLayout()) {
    int64_t rank = getTensorType().getRank();
    if (!layout->isPermutation() ||
        layout->getNumDims() != static_cast<unsigned>(rank)) {
      return emitOpError() << "expects the layout to be a permutation of the "
                           << rank << " dims of " << getUserType() << ", got "
                           << getLayoutAttr();
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// CNNNetworkOp
//===----------------------------------------------------------------------===//

/// Collects the DataInfo ops of a region.
static SmallVector<DataInfoOp, 4> collectDataInfo(Region &region) {
  SmallVector<DataInfoOp, 4> infos;
  for (Operation &op : region.front()) {
    if (auto info = llvm::dyn_cast<DataInfoOp>(op)) {
      infos.push_back(info);
    }
  }
  return infos;
}

SmallVector<DataInfoOp, 4> CNNNetworkOp::getInputsDataInfo() {
  return collectDataInfo(getInputsInfo());
}

SmallVector<DataInfoOp, 4> CNNNetworkOp::getOutputsDataInfo() {
  return collectDataInfo(getOutputsInfo());
}

/// Checks that a region holds only DataInfo ops with unique names.
static LogicalResult verifyInfoRegion(CNNNetworkOp op, Region &region,
                                      StringRef what) {
  llvm::StringSet<> names;
  for (Operation &nested : region.front()) {
    auto info = llvm::dyn_cast<DataInfoOp>(nested);
    if (!info) {
      return op.emitOpError() << "expects only IE.DataInfo ops in " << what
                              << ", got " << nested.getName();
    }
    if (!names.insert(info.getName()).second) {
      return op.emitOpError() << "has two " << what << " entries named '"
                              << info.getName() << "'";
    }
  }
  return success();
}

LogicalResult CNNNetworkOp::verifyRegions() {
  if (failed(verifyInfoRegion(*this, getInputsInfo(), "inputsInfo")) ||
      failed(verifyInfoRegion(*this, getOutputsInfo(), "outputsInfo"))) {
    return failure();
  }
  if (getOutputsInfo().front().empty()) {
    return emitOpError() << "expects at least one output in outputsInfo";
  }
  return success();
}

/// Checks the DataInfo entries against the entry point's argument or result
/// types.
static LogicalResult verifyAgainstSignature(CNNNetworkOp op,
                                            ArrayRef<DataInfoOp> infos,
                                            TypeRange types, StringRef what) {
  if (infos.size() != types.size()) {
    return op.emitOpError() << "entry point @" << op.getEntryPoint() << " has "
                            << types.size() << " " << what << "s but " << what
                            << "sInfo describes " << infos.size();
  }
  for (auto [index, constInfo, type] : llvm::enumerate(infos, types)) {
    DataInfoOp info = constInfo;
    auto shaped = llvm::dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasRank()) {
      return op.emitOpError()
             << "expects " << what << " #" << index << " of the entry point "
             << "to be a ranked tensor, got " << type;
    }
    ArrayRef<int64_t> expected = info.getTensorType().getShape();
    if (shaped.getShape() != expected) {
      return op.emitOpError()
             << what << " #" << index << " '" << info.getName()
             << "' has shape " << detail::formatShape(expected)
             << " but the entry point's " << what << " #" << index
             << " has shape " << detail::formatShape(shaped.getShape());
    }
  }
  return success();
}

LogicalResult
CNNNetworkOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto func = symbolTable.lookupNearestSymbolFrom<func::FuncOp>(
      *this, getEntryPointAttr());
  if (!func) {
    return emitOpError() << "entry point @" << getEntryPoint()
                         << " does not name a func.func";
  }
  FunctionType type = func.getFunctionType();
  SmallVector<DataInfoOp, 4> inputs = getInputsDataInfo();
  SmallVector<DataInfoOp, 4> outputs = getOutputsDataInfo();
  // At the runtime levels the network outputs are also buffers passed as
  // trailing arguments (the function returns them): the inputs are the leading
  // arguments.
  TypeRange inputTypes = type.getInputs();
  if (inputTypes.size() == inputs.size() + outputs.size() &&
      type.getNumResults() == outputs.size() &&
      llvm::all_of(type.getInputs(),
                   [](Type t) { return llvm::isa<BaseMemRefType>(t); })) {
    inputTypes = inputTypes.take_front(inputs.size());
  }
  if (failed(verifyAgainstSignature(*this, inputs, inputTypes, "input")) ||
      failed(verifyAgainstSignature(*this, outputs, type.getResults(),
                                    "output"))) {
    return failure();
  }
  return success();
}

} // namespace mlir::vpuc::IE
