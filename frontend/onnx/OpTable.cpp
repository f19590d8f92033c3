//===- OpTable.cpp - The ONNX op handler table -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Joins the handler tables of the op families (a new family adds its table
// here) and prints them, with the ops imported through their function bodies
// (FunctionOps.cpp), as the supported-op listing.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <string>

#include "frontend/onnx/ImportContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::onnx_frontend {

/// Every handler by op type; an op type may have several entries for disjoint
/// opset ranges.
static const llvm::StringMap<llvm::SmallVector<const OpHandlerInfo *, 1>> &
getTable() {
  static const auto *table = [] {
    auto *map =
        new llvm::StringMap<llvm::SmallVector<const OpHandlerInfo *, 1>>();
    for (llvm::ArrayRef<OpHandlerInfo> family :
         {getEltwiseHandlers(),       getActivationHandlers(),
          getGeneralHandlers(),       getNNHandlers(),
          getDataHandlers(),          getResizeHandlers(),
          getQuantizationHandlers(),  getIndexingHandlers(),
          getRecurrentHandlers(),     getLocalNormalizationHandlers(),
          getEinsumHandlers(),        getExpansionHandlers(),
          getSignalHandlers(),        getIntegerHandlers(),
          getSelectionHandlers(),     getVanillaRNNHandlers(),
          getMathHandlers(),          getScatterHandlers(),
          getLinearAlgebraHandlers(), getRoiPoolingHandlers()}) {
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

void printSupportedOps(llvm::raw_ostream &os) {
  struct Row {
    std::string opType;
    int64_t minOpset;
    int64_t maxOpset;
    std::string ieOps;
  };
  std::vector<Row> rows;
  for (const auto &entry : getTable()) {
    for (const OpHandlerInfo *info : entry.second) {
      rows.push_back(
          {info->opType, info->minOpset, info->maxOpset, info->ieOps});
    }
  }
  for (FunctionOpRow &row :
       getFunctionOpRows(kMinSupportedOpset, kMaxSupportedOpset)) {
    std::string ieOps = "ONNX function body (";
    llvm::raw_string_ostream ieStream(ieOps);
    llvm::interleave(row.ieOps, ieStream, ", ");
    ieStream << ")";
    rows.push_back({row.opType, row.minOpset, row.maxOpset, ieOps});
  }
  std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
    int order = llvm::StringRef(a.opType).compare(b.opType);
    return order != 0 ? order < 0 : a.minOpset < b.minOpset;
  });
  os << "| ONNX op | Opsets | IE ops |\n";
  os << "|---|---|---|\n";
  for (const Row &row : rows) {
    os << "| " << row.opType << " | " << row.minOpset;
    if (row.maxOpset != row.minOpset) {
      os << "-" << row.maxOpset;
    }
    os << " | " << row.ieOps << " |\n";
  }
}

} // namespace mlir::vpuc::onnx_frontend
