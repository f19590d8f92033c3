//===- Trace.cpp - The Chrome/Perfetto trace of a run ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Writes the trace of a run as Chrome trace-event JSON: a track per
// executor with its tasks, one per DPU with its variants, and one with the
// barrier releases.
//
//===----------------------------------------------------------------------===//

#include "emulator/EmulatorImpl.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::emu {

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
