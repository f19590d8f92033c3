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

/// Fixed cycles of a DMA.
inline constexpr uint64_t kDmaLatencyCycles = 100;
/// Bytes a DMA moves per cycle.
inline constexpr uint64_t kDmaBytesPerCycle = 32;
/// MACs one DPU computes per cycle.
inline constexpr uint64_t kMacsPerDpuCycle = 256;
/// Fixed cycles of a SHAVE task.
inline constexpr uint64_t kShaveOverheadCycles = 1000;
/// Output elements one SHAVE produces per cycle.
inline constexpr uint64_t kElementsPerShaveCycle = 8;

/// The estimated cycles of `task`, at least 1:
/// - `VPUIP.NNDMA`: kDmaLatencyCycles + input bytes / kDmaBytesPerCycle;
/// - `VPUIP.NCEClusterTask`: output elements times MACs per element
///   (kernel area times input channels for CONV, kernel area for DWCONV and
///   pools, 1 otherwise) / (kMacsPerDpuCycle times the target's DPUs);
/// - SHAVE tasks (ACT or UPA): kShaveOverheadCycles + output elements /
///   (kElementsPerShaveCycle times the target's SHAVEs);
/// - anything else: 1.
uint64_t estimateTaskCost(TaskOpInterface task, ResourcesAttr resources);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_TASKCOST_H_
