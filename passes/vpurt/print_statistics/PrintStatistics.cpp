//===- PrintStatistics.cpp - Statistics of VPURT functions ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements PrintStatisticsPass: counts tasks per executor, barriers and
// the memory reached per section, and reports them as a remark, on standard
// output or in a file.
//
//===----------------------------------------------------------------------===//

#include "passes/vpurt/print_statistics/PrintStatistics.h"

#include <algorithm>
#include <map>
#include <set>

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpurt/ir/BarrierQueries.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPURT {

#define GEN_PASS_DEF_PRINTSTATISTICSPASS
#include "passes/vpurt/print_statistics/Passes.h.inc" // IWYU pragma: keep

namespace {

/// A section and its index: "DDR", "CMX_NN[1]".
using SectionKey = std::pair<BufferSection, int64_t>;

static std::string sectionName(const SectionKey &key) {
  std::string name = stringifyBufferSection(key.first).str();
  if (key.second >= 0) {
    name += "[" + std::to_string(key.second) + "]";
  }
  return name;
}

/// The size of a section when it is known.
static std::optional<int64_t> sectionSize(func::FuncOp func,
                                          const SectionKey &key) {
  switch (key.first) {
  case BufferSection::NetworkInput:
  case BufferSection::NetworkOutput: {
    int64_t numOutputs = func.getNumResults();
    int64_t numInputs = func.getNumArguments() - numOutputs;
    int64_t argNo = key.first == BufferSection::NetworkInput
                        ? key.second
                        : numInputs + key.second;
    if (numInputs < 0 || argNo >= func.getNumArguments()) {
      return std::nullopt;
    }
    FailureOr<VPUIP::BufferType> arg =
        VPUIP::BufferType::get(func.getArgumentTypes()[argNo]);
    if (failed(arg)) {
      return std::nullopt;
    }
    return arg->getTotalAllocSize().count();
  }
  case BufferSection::CMX_NN: {
    VPUIP::ResourcesAttr resources = VPUIP::getResources(func);
    if (!resources) {
      return std::nullopt;
    }
    return resources.getCmxSize();
  }
  case BufferSection::DDR:
  case BufferSection::Constant: {
    auto module = func->getParentOfType<ModuleOp>();
    auto sizes = module ? module->getAttrOfType<DictionaryAttr>(
                              VPURTDialect::kSectionSizesAttrName)
                        : DictionaryAttr();
    if (!sizes) {
      return std::nullopt;
    }
    if (auto size =
            sizes.getAs<IntegerAttr>(stringifyBufferSection(key.first))) {
      return size.getInt();
    }
    return std::nullopt;
  }
  }
  return std::nullopt;
}

/// Writes the report of `func` to `os`.
static void report(func::FuncOp func, llvm::raw_ostream &os) {
  os << "VPURT statistics of @" << func.getSymName() << ":\n";

  // Tasks per executor.
  SmallVector<TaskList> lists = getTaskLists(func);
  size_t numTasks = 0;
  for (const TaskList &list : lists) {
    numTasks += list.tasks.size();
  }
  os << "  tasks: " << numTasks << "\n";
  for (const TaskList &list : lists) {
    os << "    " << VPUIP::stringifyExecutorKind(list.executor.kind) << "["
       << list.executor.instance << "]: " << list.tasks.size() << "\n";
  }

  // Barriers.
  size_t numVirtual = 0, numConfigured = 0;
  std::set<uint64_t> ids;
  int64_t maxProducers = 0, maxConsumers = 0;
  auto count = [&](Value barrier) {
    BarrierCounts counts = getBarrierCounts(barrier);
    maxProducers = std::max(maxProducers, counts.producers);
    maxConsumers = std::max(maxConsumers, counts.consumers);
  };
  func.walk([&](Operation *op) {
    if (auto barrier = llvm::dyn_cast<DeclareVirtualBarrierOp>(op)) {
      ++numVirtual;
      count(barrier.getBarrier());
    } else if (auto barrier = llvm::dyn_cast<ConfigureBarrierOp>(op)) {
      ++numConfigured;
      ids.insert(barrier.getId());
      count(barrier.getBarrier());
    }
  });
  os << "  barriers: " << numVirtual << " virtual, " << numConfigured
     << " configured on " << ids.size() << " hardware id(s), at most "
     << maxProducers << " producer(s) and " << maxConsumers
     << " consumer(s) per barrier\n";

  // Memory per section.
  std::map<SectionKey, int64_t> reached;
  func.walk([&](DeclareBufferOp buffer) {
    SectionKey key{buffer.getSection(),
                   buffer.getSectionIndex()
                       ? static_cast<int64_t>(*buffer.getSectionIndex())
                       : -1};
    int64_t end =
        static_cast<int64_t>(buffer.getByteOffset()) +
        VPUIP::BufferType(buffer.getType()).getTotalAllocSize().count();
    reached[key] = std::max(reached[key], end);
  });
  os << "  memory (bytes reached / section size):";
  if (reached.empty()) {
    os << " no declared buffers";
  }
  os << "\n";
  for (const auto &[key, bytes] : reached) {
    os << "    " << sectionName(key) << ": " << bytes << " / ";
    if (std::optional<int64_t> size = sectionSize(func, key)) {
      os << *size;
    } else {
      os << "unknown";
    }
    os << "\n";
  }
}

struct PrintStatisticsPass
    : public impl::PrintStatisticsPassBase<PrintStatisticsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string text;
    llvm::raw_string_ostream os(text);
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal()) {
        continue;
      }
      if (output.empty()) {
        std::string one;
        llvm::raw_string_ostream funcOs(one);
        report(func, funcOs);
        func.emitRemark() << StringRef(one).rtrim();
        continue;
      }
      report(func, os);
    }
    markAllAnalysesPreserved();
    if (output.empty()) {
      return;
    }
    if (output == "-") {
      llvm::outs() << text;
      llvm::outs().flush();
      return;
    }
    std::error_code error;
    llvm::raw_fd_ostream file(output, error, llvm::sys::fs::OF_Text);
    if (error) {
      module.emitError() << "cannot open '" << output
                         << "' for the VPURT statistics: " << error.message();
      return signalPassFailure();
    }
    file << text;
  }
};

} // namespace
} // namespace mlir::vpuc::VPURT
