//===- LayerOutputs.cpp - The layers of an IE function ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/LayerOutputs.h"

#include "dialects/const/ir/ConstOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::IE {

void collectLocationNames(Location loc, SmallVectorImpl<StringRef> &names) {
  if (auto name = llvm::dyn_cast<NameLoc>(loc)) {
    names.push_back(name.getName().getValue());
    collectLocationNames(name.getChildLoc(), names);
  } else if (auto fused = llvm::dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations()) {
      collectLocationNames(inner, names);
    }
  } else if (auto callSite = llvm::dyn_cast<CallSiteLoc>(loc)) {
    collectLocationNames(callSite.getCallee(), names);
  }
}

std::string getLayerName(Operation *op, size_t position,
                         llvm::StringSet<> *absorbed) {
  SmallVector<StringRef, 2> names;
  collectLocationNames(op->getLoc(), names);
  if (names.empty()) {
    return (op->getName().getStringRef() + "#" + llvm::Twine(position)).str();
  }
  if (absorbed) {
    for (StringRef name : ArrayRef(names).drop_back()) {
      if (name != names.back()) {
        absorbed->insert(name);
      }
    }
  }
  return names.back().str();
}

bool isLayerFreeOp(Operation &op) {
  return llvm::isa<Const::DeclareOp, func::ReturnOp>(op);
}

SmallVector<LayerOutput> collectLayerOutputs(Block &body) {
  llvm::DenseMap<Operation *, std::string> opLayers;
  llvm::StringSet<> absorbed;
  size_t index = 0;
  for (Operation &op : body) {
    if (!isLayerFreeOp(op)) {
      opLayers[&op] = getLayerName(&op, index, &absorbed);
    }
    ++index;
  }
  SmallVector<LayerOutput> outputs;
  llvm::StringMap<unsigned> numOutputs;
  for (Operation &op : body) {
    auto it = opLayers.find(&op);
    if (it == opLayers.end() || absorbed.contains(it->second)) {
      continue;
    }
    const std::string &layer = it->second;
    for (Value result : op.getResults()) {
      const bool internal =
          !result.use_empty() &&
          llvm::all_of(result.getUsers(), [&](Operation *user) {
            auto userLayer = opLayers.find(user);
            return userLayer != opLayers.end() && userLayer->second == layer;
          });
      if (internal) {
        continue;
      }
      unsigned number = numOutputs[layer]++;
      outputs.push_back(
          {result, number == 0 ? layer : layer + ":" + std::to_string(number)});
    }
  }
  return outputs;
}

} // namespace mlir::vpuc::IE
