//===- OpTable.cpp - The ONNX op handler table -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Joins the handler tables of the op families. A new family adds its table here.
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ImportContext.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::vpuc::onnx_frontend {

/// Every handler by op type; an op type may have several entries for disjoint opset ranges.
static const llvm::StringMap<llvm::SmallVector<const OpHandlerInfo *, 1>> &getTable() {
  static const auto *table = [] {
    auto *map = new llvm::StringMap<llvm::SmallVector<const OpHandlerInfo *, 1>>();
    for (llvm::ArrayRef<OpHandlerInfo> family :
         {getEltwiseHandlers(), getActivationHandlers(), getGeneralHandlers(),
          getRecurrentHandlers(), getLocalNormalizationHandlers(), getEinsumHandlers()}) {
      for (const OpHandlerInfo &info : family) {
        (*map)[info.opType].push_back(&info);
      }
    }
    return map;
  }();
  return *table;
}

const OpHandlerInfo *lookupOpHandler(llvm::StringRef opType, int64_t opset) {
  auto it = getTable().find(opType);
  if (it == getTable().end()) {
    return nullptr;
  }
  for (const OpHandlerInfo *info : it->second) {
    if (opset >= info->minOpset && opset <= info->maxOpset) {
      return info;
    }
  }
  return nullptr;
}

} // namespace mlir::vpuc::onnx_frontend
