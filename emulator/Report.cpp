//===- Report.cpp - The summary, profile and trace of a run ---------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// RunReport: the per-executor and per-DPU summary, the roofline, the
// profile by layer and the problems, as text; and the trace of a run as
// Chrome trace-event JSON: a track per executor with its tasks, one per DPU
// with its variants, and one with the barrier releases.
//
//===----------------------------------------------------------------------===//

#include "emulator/Emulator.h"

#include <algorithm>
#include <map>

#include "emulator/EmulatorImpl.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
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
  if (roofline.hasNetworkMacs) {
    os << "  network:";
    for (const auto &[type, macs] : roofline.networkMacs) {
      os << " " << macs << " " << type;
    }
    if (roofline.networkMacs.empty()) {
      os << " 0";
    }
    os << " MACs at the peak rates = "
       << llvm::format("%.3f", toMicroseconds(roofline.networkCycles))
       << " us\n";
  }
  os << "  nce: " << roofline.nceMacs << " MACs";
  if (roofline.nceInt8Macs > 0) {
    os << " (" << roofline.nceInt8Macs << " of them INT8, at the INT8 rate)";
  }
  os << " at " << llvm::format("%.0f", roofline.peakMacsPerCycle)
     << " MACs/cycle = "
     << llvm::format("%.3f", toMicroseconds(roofline.nceCycles)) << " us";
  if (!roofline.hasNetworkMacs) {
    os << " (the blob does not state the network's MACs: the bound uses "
          "these)";
  } else if (double efficiency = roofline.getExecutedMacsEfficiency()) {
    os << "; network/executed convolution MACs "
       << llvm::format("%.3f", efficiency);
  }
  os << "\n";
  os << "  ddr: " << roofline.getCompulsoryDdrBytes() << " bytes (inputs "
     << roofline.inputBytes << ", outputs " << roofline.outputBytes
     << ", constants read " << roofline.constantBytesRead;
  if (roofline.networkWeightBytes) {
    os << ", network weights " << *roofline.networkWeightBytes
       << ": the lesser counts";
  }
  os << ") at " << llvm::format("%.3f", roofline.ddrBytesPerCycle)
     << " bytes/cycle = "
     << llvm::format("%.3f", toMicroseconds(roofline.getDdrCycles()))
     << " us\n";
  os << "ddr traffic: " << ddrBytes << " bytes moved, "
     << llvm::format("%.3f", totalCycles > 0
                                 ? static_cast<double>(ddrBytes) / totalCycles
                                 : 0.0)
     << " bytes/cycle on average (effective bandwidth "
     << llvm::format("%.3f", roofline.ddrBytesPerCycle) << ")\n";
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
  return hasNetworkMacs ? networkCycles : nceCycles;
}

double Roofline::getExecutedMacsEfficiency() const {
  uint64_t network = 0;
  for (const auto &entry : networkMacs) {
    network += entry.second;
  }
  return network > 0 && nceConvMacs > 0
             ? static_cast<double>(network) / static_cast<double>(nceConvMacs)
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

void RunReport::printWarnings(llvm::raw_ostream &os) const {
  for (const Problem &warning : warnings) {
    os << "warning: [" << getProblemKindName(warning.kind) << "] "
       << warning.message << "\n";
  }
  if (droppedNumerics > 0 && !warnings.empty()) {
    os << "warning: ... and " << droppedNumerics << " more numerics issues\n";
  }
}

std::string NumericsIssue::getMessage() const {
  std::string message = task + ": " + describeFinding(finding);
  if (finding.kind == NumericsIssueKind::Underflow) {
    // The finding's counts are the layer's already.
    if (tasks > 1) {
      message +=
          " (the " + std::to_string(tasks) + " tasks of layer '" + layer + "')";
    }
    if (!laterLayers.empty()) {
      // The first few by name.
      constexpr size_t kNamed = 3;
      message += "; " + std::to_string(laterLayers.size()) + " later layer" +
                 (laterLayers.size() == 1 ? "" : "s") + " likewise: ";
      for (size_t i = 0; i < laterLayers.size() && i < kNamed; ++i) {
        message += (i ? ", '" : "'") + laterLayers[i] + "'";
      }
      if (laterLayers.size() > kNamed) {
        message +=
            " and " + std::to_string(laterLayers.size() - kNamed) + " more";
      }
    }
    return message;
  }
  if (tasks > 1) {
    message += "; " + std::to_string(tasks - 1) + " more task" +
               (tasks == 2 ? "" : "s") + " of layer '" + layer +
               "' likewise (" + std::to_string(totalCount) +
               " elements in all)";
  }
  return message;
}

//===----------------------------------------------------------------------===//
// Trace
//===----------------------------------------------------------------------===//

llvm::Error Emulator::Impl::writeTrace(llvm::StringRef path) const {
  std::error_code errorCode;
  llvm::raw_fd_ostream os(path, errorCode);
  if (errorCode) {
    return makeError(path + ": " + errorCode.message());
  }
  auto us = [&](double cycles) { return report.toMicroseconds(cycles); };
  llvm::json::OStream json(os);
  // The metadata event that names track `tid`.
  auto nameTrack = [&](uint32_t tid, const std::string &name) {
    json.object([&] {
      json.attribute("name", "thread_name");
      json.attribute("ph", "M");
      json.attribute("pid", 0);
      json.attribute("tid", tid);
      json.attributeObject("args", [&] { json.attribute("name", name); });
    });
  };
  // A complete event of track `tid` from `start` to `end` (cycles), with
  // `args` writing its arguments.
  auto span = [&](const std::string &name, llvm::StringRef category,
                  uint32_t tid, double start, double end,
                  llvm::function_ref<void()> args) {
    json.object([&] {
      json.attribute("name", name);
      json.attribute("cat", category);
      json.attribute("ph", "X");
      json.attribute("pid", 0);
      json.attribute("tid", tid);
      json.attribute("ts", us(start));
      json.attribute("dur", us(end - start));
      json.attributeObject("args", args);
    });
  };
  // A task's layer, or its kind when it has no location.
  auto getName = [](const Task &task) {
    return task.getLocation().empty()
               ? std::string(blob::getTaskKindName(task.kind))
               : task.getLocation().str();
  };
  json.object([&] {
    json.attribute("displayTimeUnit", "ns");
    json.attributeArray("traceEvents", [&] {
      std::string process = blob.header()->arch()->str();
      if (blob.header()->name() && blob.header()->name()->size() > 0) {
        process += " '" + blob.header()->name()->str() + "'";
      }
      json.object([&] {
        json.attribute("name", "process_name");
        json.attribute("ph", "M");
        json.attribute("pid", 0);
        json.attributeObject("args", [&] { json.attribute("name", process); });
      });
      uint32_t barrierTrack = executors.size();
      uint32_t dpuTrackBase = barrierTrack + 1;
      for (uint32_t d = 0; d < report.dpus.size(); ++d) {
        nameTrack(dpuTrackBase + d, report.dpus[d].name);
      }
      for (const VariantRecord &record : report.variants) {
        const Task &task =
            tasks[executors[record.executor].tasks[record.position]];
        span(getName(task) + " #" + std::to_string(record.variant), "DPU",
             dpuTrackBase + task.variantDpus[record.variant],
             record.startCycles, record.endCycles, [&] {
               json.attribute("task", record.position);
               json.attribute("variant", record.variant);
               json.attribute("macs", static_cast<int64_t>(record.macs));
             });
      }
      for (uint32_t e = 0; e < barrierTrack; ++e) {
        nameTrack(e, executors[e].name);
      }
      nameTrack(barrierTrack, "barriers");
      for (const TaskRecord &record : report.tasks) {
        uint32_t taskId = executors[record.executor].tasks[record.position];
        const Task &task = tasks[taskId];
        span(
            getName(task), blob::getTaskKindName(task.kind), record.executor,
            record.startCycles, record.endCycles, [&] {
              json.attribute("task", record.position);
              if (task.kernel) {
                json.attribute("kernel", task.kernel->name);
                json.attribute("elements", static_cast<int64_t>(record.amount));
              } else if (task.nce) {
                json.attribute("operation",
                               blob::getNceTaskTypeName(
                                   task.nce->invariant()->task_type()));
                json.attribute("variants", task.nce->variants()->size());
                json.attribute("elements", static_cast<int64_t>(record.amount));
              } else {
                json.attribute("bytes", static_cast<int64_t>(record.amount));
              }
              json.attributeArray("wait", [&] {
                for (uint32_t v : barriers->getWaits(taskId)) {
                  json.value(v);
                }
              });
              json.attributeArray("update", [&] {
                for (uint32_t v : barriers->getUpdates(taskId)) {
                  json.value(v);
                }
              });
            });
      }
      for (const BarrierRecord &record : report.barriers) {
        json.object([&] {
          json.attribute("name", "barrier " + std::to_string(record.barrier) +
                                     " released");
          json.attribute("cat", "barrier");
          json.attribute("ph", "i");
          json.attribute("s", "t");
          json.attribute("pid", 0);
          json.attribute("tid", barrierTrack);
          json.attribute("ts", us(record.cycles));
          json.attributeObject("args", [&] {
            json.attribute("physical", barriers->getPhysical(record.barrier));
          });
        });
      }
    });
  });
  os << "\n";
  os.close();
  if (os.has_error()) {
    return makeError(path + ": " + os.error().message());
  }
  return llvm::Error::success();
}

} // namespace mlir::vpuc::emu
