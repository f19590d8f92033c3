//===- Report.cpp - The summary and profile of a run ----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// RunReport: the per-executor and per-DPU summary, the roofline, the
// profile by layer and the problems, as text.
//
//===----------------------------------------------------------------------===//

#include "emulator/Emulator.h"

#include <algorithm>
#include <map>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::emu {

//===----------------------------------------------------------------------===//
// Summary
//===----------------------------------------------------------------------===//

/// `part` as a percentage of `whole`, formatted as " 12.5%" (0 when `whole`
/// is 0).
static auto formatShare(double part, double whole) {
  return llvm::format("%7.1f%%", whole > 0 ? 100.0 * part / whole : 0.0);
}

double RunReport::toMicroseconds(double cycles) const {
  return frequencyMhz > 0 ? cycles / frequencyMhz : 0;
}

void RunReport::printSummary(llvm::raw_ostream &os) const {
  size_t numTasks = tasks.size();
  os << "ran " << numTasks << (numTasks == 1 ? " task" : " tasks") << " in "
     << llvm::format("%.3f", toMicroseconds(totalCycles)) << " us ("
     << llvm::format("%.0f", totalCycles) << " cycles at "
     << llvm::format("%.0f", frequencyMhz) << " MHz)";
  if (!completed) {
    os << ", INCOMPLETE";
  }
  os << "\n";
  os << llvm::left_justify("executor", 10) << llvm::right_justify("tasks", 7)
     << llvm::right_justify("busy_us", 12) << llvm::right_justify("end_us", 12)
     << llvm::right_justify("busy", 8) << "\n";
  for (const ExecutorSummary &executor : executors) {
    os << llvm::left_justify(executor.name, 10)
       << llvm::right_justify(std::to_string(executor.tasks), 7)
       << llvm::format("%12.3f", toMicroseconds(executor.busyCycles))
       << llvm::format("%12.3f", toMicroseconds(executor.endCycles))
       << formatShare(executor.busyCycles, totalCycles) << "\n";
  }
  if (!dpus.empty()) {
    os << llvm::left_justify("dpu", 12) << llvm::right_justify("variants", 9)
       << llvm::right_justify("busy_us", 12) << llvm::right_justify("busy", 8)
       << "\n";
    for (const DpuSummary &dpu : dpus) {
      os << llvm::left_justify(dpu.name, 12)
         << llvm::right_justify(std::to_string(dpu.variants), 9)
         << llvm::format("%12.3f", toMicroseconds(dpu.busyCycles))
         << formatShare(dpu.busyCycles, totalCycles) << "\n";
    }
  }
  os << "roofline: " << llvm::format("%.3f", getRooflineRatio())
     << " (lower bound "
     << llvm::format("%.3f", toMicroseconds(roofline.getLowerBoundCycles()))
     << " us / latency " << llvm::format("%.3f", toMicroseconds(totalCycles))
     << " us)\n";
  os << "  nce: " << roofline.nceMacs << " MACs at "
     << llvm::format("%.0f", roofline.peakMacsPerCycle) << " MACs/cycle = "
     << llvm::format("%.3f", toMicroseconds(roofline.getComputeCycles()))
     << " us\n";
  os << "  ddr: " << roofline.getCompulsoryDdrBytes() << " bytes (inputs "
     << roofline.inputBytes << ", outputs " << roofline.outputBytes
     << ", constants read " << roofline.constantBytesRead << ") at "
     << llvm::format("%.3f", roofline.ddrBytesPerCycle) << " bytes/cycle = "
     << llvm::format("%.3f", toMicroseconds(roofline.getDdrCycles()))
     << " us\n";
  os << "cmx peak:";
  for (size_t c = 0; c < cmxPeakBytes.size(); ++c) {
    os << (c ? ", " : " ") << "CMX_NN[" << c << "] " << cmxPeakBytes[c]
       << " bytes";
  }
  if (cmxPeakBytes.empty()) {
    os << " no CMX";
  }
  os << "\n";
  os << "barriers: " << virtualBarriers << " virtual on "
     << physicalBarriersUsed << " physical\n";
  os << "ddr scratch dmas (spills and round trips): " << scratch.toDdr
     << " CMX->DDR (" << scratch.toDdrBytes << " bytes), " << scratch.fromDdr
     << " DDR->CMX (" << scratch.fromDdrBytes << " bytes)\n";
}

//===----------------------------------------------------------------------===//
// Profile
//===----------------------------------------------------------------------===//

/// "DMA" of "DMA1", "ACT" of "ACT1.0".
static llvm::StringRef getExecutorKind(llvm::StringRef name) {
  return name.take_while([](char c) { return !llvm::isDigit(c); });
}

void RunReport::printProfile(llvm::raw_ostream &os, size_t count) const {
  // Per kind, in the order of the executors: busy cycles and tasks by layer.
  struct Layer {
    double busy = 0;
    uint32_t tasks = 0;
  };
  struct Kind {
    std::string name;
    double busy = 0;
    uint32_t tasks = 0;
    std::map<std::string, Layer> layers;
  };
  std::vector<Kind> kinds;
  auto kindOf = [&](llvm::StringRef executor) -> Kind & {
    llvm::StringRef name = getExecutorKind(executor);
    for (Kind &kind : kinds) {
      if (kind.name == name) {
        return kind;
      }
    }
    kinds.push_back({name.str(), 0, 0, {}});
    return kinds.back();
  };
  for (const ExecutorSummary &executor : executors) {
    kindOf(executor.name);
  }
  for (const TaskRecord &task : tasks) {
    const std::string &executor = executors[task.executor].name;
    Kind &kind = kindOf(executor);
    double busy = task.endCycles - task.startCycles;
    std::string layer =
        !task.location.empty()
            ? task.location
            : executor + " task " + std::to_string(task.position);
    Layer &entry = kind.layers[layer];
    entry.busy += busy;
    entry.tasks += 1;
    kind.busy += busy;
    kind.tasks += 1;
  }
  os << "profile: the " << count
     << " layers with the largest busy time per executor kind\n";
  for (const Kind &kind : kinds) {
    os << kind.name << ": " << kind.tasks
       << (kind.tasks == 1 ? " task" : " tasks") << ", busy "
       << llvm::format("%.3f", toMicroseconds(kind.busy)) << " us\n";
    std::vector<std::pair<std::string, Layer>> sorted(kind.layers.begin(),
                                                      kind.layers.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto &a, const auto &b) {
                       return a.second.busy > b.second.busy;
                     });
    if (sorted.empty()) {
      continue;
    }
    os << "  " << llvm::right_justify("busy_us", 12)
       << llvm::right_justify("share", 8) << llvm::right_justify("tasks", 7)
       << "  layer\n";
    for (size_t i = 0; i < std::min(count, sorted.size()); ++i) {
      const Layer &layer = sorted[i].second;
      os << "  " << llvm::format("%12.3f", toMicroseconds(layer.busy))
         << formatShare(layer.busy, kind.busy)
         << llvm::right_justify(std::to_string(layer.tasks), 7) << "  "
         << sorted[i].first << "\n";
    }
  }
}

//===----------------------------------------------------------------------===//
// Roofline and problems
//===----------------------------------------------------------------------===//

double Roofline::getComputeCycles() const {
  return peakMacsPerCycle > 0 ? static_cast<double>(nceMacs) / peakMacsPerCycle
                              : 0.0;
}

double Roofline::getDdrCycles() const {
  return ddrBytesPerCycle > 0
             ? static_cast<double>(getCompulsoryDdrBytes()) / ddrBytesPerCycle
             : 0.0;
}

double Roofline::getLowerBoundCycles() const {
  return std::max(getComputeCycles(), getDdrCycles());
}

double RunReport::getRooflineRatio() const {
  return totalCycles > 0 ? roofline.getLowerBoundCycles() / totalCycles : 0.0;
}

void RunReport::printProblems(llvm::raw_ostream &os) const {
  for (const Problem &problem : problems) {
    os << "error: [" << getProblemKindName(problem.kind) << "] "
       << problem.message << "\n";
  }
  if (droppedProblems > 0) {
    os << "error: ... and " << droppedProblems << " more problems\n";
  }
}

} // namespace mlir::vpuc::emu
