//===- TaskCost.h - Estimated cycles of a VPUIP task ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The cost model of the level-2 scheduling passes (the feasible memory
// scheduler and the list scheduling): a rough number of cycles per task,
// enough to compare tasks and to estimate how executors overlap, not a
// timing of the device.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_TASKCOST_H_
#define VPUC_PASSES_VPUIP_UTILS_TASKCOST_H_

#include <cstdint>

namespace mlir::vpuc::VPUIP {

class ResourcesAttr;
class TaskOpInterface;

/// The rates of the cost model. The defaults are rough figures for a target
/// whose description cannot be loaded; `get` reads the target's.
struct TaskCostModel {
  /// Fixed cycles of a DMA.
  uint64_t dmaLatencyCycles = 100;
  /// Bytes one DMA port moves per cycle.
  double dmaBytesPerCycle = 32;
  /// FP16 MACs one DPU computes per cycle.
  double macsPerDpuCycle = 256;
  /// Fixed cycles of an NCE cluster task.
  uint64_t nceOverheadCycles = 0;
  /// Fixed cycles of a SHAVE task.
  uint64_t shaveOverheadCycles = 1000;
  /// Output elements one SHAVE produces per cycle.
  double elementsPerShaveCycle = 8;

  /// The model of the module's target: the rates of the target description
  /// (`arch_file` of `resources` when set, else the built-in target named
  /// `arch`) at the target's frequency: DMA latency and port bandwidth, the
  /// FP16 MAC rate of a DPU and the NCE task overhead, the SHAVE task
  /// overhead and FP16 lanes. The defaults when the description cannot be
  /// loaded (a test's made-up target).
  static TaskCostModel get(ResourcesAttr resources);
};

/// The estimated cycles of `task` under `model`, at least 1:
/// - `VPUIP.NNDMA`: the DMA latency + input bytes / the port bandwidth;
/// - `VPUIP.NCEClusterTask`: the NCE overhead + output elements times MACs
///   per element (kernel area times input channels for CONV, kernel area
///   for DWCONV and pools, 1 otherwise) / (the DPU MAC rate times the
///   target's DPUs per cluster);
/// - SHAVE tasks: the SHAVE overhead + output elements / the SHAVE rate, times
///   the target's SHAVEs for a UPA task (which spans them all);
/// - anything else: 1.
uint64_t estimateTaskCost(TaskOpInterface task, ResourcesAttr resources,
                          const TaskCostModel &model);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_TASKCOST_H_
