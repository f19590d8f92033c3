//===- CostModel.h - The one cost model of compiler and emulator -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The cycle formulas of the modelled hardware, fed only by a target
// description (core/arch), shared by every consumer: the multi-cluster
// strategy, the NCE lowering's choice of MPE mode, the level-2 schedulers
// (passes/vpuip/utils/TaskCost) and the emulator's timing. No other cycle
// formula exists in the tree. All figures are cycles of the target's clock;
// docs/cost_model.md states the equations.
//
//  - DMA: dma.latency_cycles + max(bytes / port bandwidth, DDR bytes / DDR
//    bandwidth, CMX bytes / CMX bandwidth), the DDR bandwidth being the
//    effective one (bandwidth x derate) and the CMX bandwidth one cluster's.
//    This is the DMA alone; when transfers overlap they share DDR and CMX
//    bandwidth (shareBandwidth, which the emulator applies to every task: a
//    task is a fixed part, then a body whose bytes go through DDR and CMX).
//  - SHAVE kernel: shave.task_overhead_cycles + max(compute, DDR bytes / DDR
//    bandwidth, CMX bytes / CMX bandwidth), where compute is the kernel's
//    cycles per vector of shave.fp16_lanes outputs divided among the SHAVEs
//    it uses, and the bytes are those it reads and writes in each memory.
//  - DPU variant: a W x H x C output box in MPE mode (w, h, c) (nce.mpe_modes)
//    runs ceil(W / w) * ceil(H / h) * ceil(C / c) steps of w * h * c outputs,
//    each output costing its MACs (KY * KX * IC for CONV, KY * KX for DWCONV
//    and pools, 1 for eltwise) at the DPU's MAC rate of the input element type
//    (nce.mac_rates).
//  - NCE cluster task: nce.task_overhead_cycles + max(the busiest DPU's
//    variants, the bytes it reads and writes / CMX bandwidth).
//  - Barrier: barriers.latency_cycles from the last producer to a consumer.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_COST_COSTMODEL_H_
#define VPUC_CORE_COST_COSTMODEL_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/arch/Arch.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::cost {

/// An MPE mode of the target (nce.mpe_modes): the grid a DPU maps a variant's
/// output box onto.
struct MpeMode {
  /// "VECTOR" or "MATRIX", the name a blob's variant gives.
  std::string name;
  int64_t width = 1;
  int64_t height = 1;
  int64_t channels = 1;
};

/// An output box of a DPU variant: [begin, end] inclusive in (x, y, z) = (W,
/// H, C) coordinates.
struct Workload {
  std::array<int64_t, 3> begin = {0, 0, 0};
  std::array<int64_t, 3> end = {0, 0, 0};
  int64_t getWidth() const { return end[0] - begin[0] + 1; }
  int64_t getHeight() const { return end[1] - begin[1] + 1; }
  int64_t getChannels() const { return end[2] - begin[2] + 1; }
};

/// Work in progress for shareBandwidth: it advances at most `cap` units per
/// cycle (its rate alone), and each unit moves the given bytes through each
/// shared resource it uses (e.g. DDR, the CMX of a cluster).
struct Flow {
  double cap = 0;
  /// (resource index, bytes per unit).
  llvm::SmallVector<std::pair<uint32_t, double>, 3> uses;
};

/// Max-min fair sharing of resources of `capacities` bytes per cycle among
/// `flows`: every flow runs at the same fraction of its cap, raised until a
/// resource one of them uses is saturated (progressive filling); the flows on
/// it stay at that fraction and the others go on rising. So the flows on a
/// saturated resource share it in proportion to what they would use alone.
/// Returns each flow's rate (units per cycle), at most its cap; the bytes per
/// cycle on a resource sum to at most its capacity.
std::vector<double> shareBandwidth(llvm::ArrayRef<Flow> flows,
                                   llvm::ArrayRef<double> capacities);

/// See the file comment.
class CostModel {
public:
  explicit CostModel(const arch::ArchDesc &arch);
  /// The model of a built-in target's name or a description file's path
  /// (arch::loadArch).
  static llvm::Expected<CostModel> load(llvm::StringRef nameOrPath);

  double getFrequencyMhz() const { return frequencyMhz; }

  //===--------------------------------------------------------------------===//
  // Bandwidths (bytes per cycle)
  //===--------------------------------------------------------------------===//

  /// The effective DDR bandwidth (ddr.bandwidth_gbps x ddr.derate), shared by
  /// everything that moves DDR bytes.
  double getDdrBytesPerCycle() const { return ddrBytesPerCycle; }
  /// The CMX bandwidth of one cluster (cmx.bandwidth_gbps), shared by its
  /// DMAs and DPUs.
  double getCmxBytesPerCycle() const { return cmxBytesPerCycle; }
  /// One DMA port's bandwidth (dma.bandwidth_gbps).
  double getDmaPortBytesPerCycle() const { return dmaBytesPerCycle; }

  //===--------------------------------------------------------------------===//
  // DMA
  //===--------------------------------------------------------------------===//

  double getDmaLatencyCycles() const { return dmaLatency; }
  /// True if one DMA writes the bytes of one DDR read into the CMX of
  /// several clusters (dma.broadcast).
  bool getDmaBroadcasts() const { return dmaBroadcasts; }
  /// Cycles of a DMA of `bytes` alone that moves `ddrBytes` through DDR and
  /// at most `cmxBytes` through the CMX of one cluster (`bytes` per end in a
  /// memory: a copy within DDR moves 2 x `bytes` through it): the latency +
  /// getBodyCycles of `bytes` at the port's bandwidth and those bytes.
  double getDmaCycles(uint64_t bytes, uint64_t ddrBytes,
                      uint64_t cmxBytes) const;
  /// A DMA between DDR and CMX (`ddr`), or between the CMX of two clusters.
  double getDmaCycles(uint64_t bytes, bool ddr) const {
    return getDmaCycles(bytes, ddr ? bytes : 0, bytes);
  }

  //===--------------------------------------------------------------------===//
  // SHAVE
  //===--------------------------------------------------------------------===//

  double getShaveOverheadCycles() const { return shaveOverhead; }
  /// Output elements of one SHAVE vector (shave.fp16_lanes).
  double getShaveLanes() const { return shaveLanes; }
  /// Cycles of the computation of `work` output elements at
  /// `cyclesPerVector` on `shaves` SHAVEs, without the task overhead.
  double getShaveComputeCycles(int64_t work, double cyclesPerVector,
                               uint32_t shaves) const;
  /// Cycles of a kernel alone: the overhead + getBodyCycles of its
  /// computation, its `ddrBytes` and its `cmxBytes`.
  double getShaveCycles(int64_t work, double cyclesPerVector, uint32_t shaves,
                        uint64_t ddrBytes, uint64_t cmxBytes) const;

  /// Cycles of the body of a task alone (after its fixed overhead): the
  /// largest of `computeCycles`, `ddrBytes` at the effective DDR bandwidth
  /// and `cmxBytes` (of one cluster) at the CMX bandwidth.
  double getBodyCycles(double computeCycles, uint64_t ddrBytes,
                       uint64_t cmxBytes) const;

  //===--------------------------------------------------------------------===//
  // NCE
  //===--------------------------------------------------------------------===//

  /// True if the target gives DPUs an f16 MAC rate (NCE tasks can run).
  bool hasDpus() const { return getDpuMacsPerCycle("f16") > 0; }
  /// One DPU's MACs per cycle on `elementType` ("f16", "u8", "i8", ...): its
  /// nce.mac_rates entry, 0 when the target has none.
  double getDpuMacsPerCycle(llvm::StringRef elementType) const;
  /// MACs per cycle of every DPU of the target on `elementType`.
  double getPeakMacsPerCycle(llvm::StringRef elementType) const;
  int64_t getClusters() const { return clusters; }
  int64_t getDpusPerCluster() const { return dpusPerCluster; }
  /// The NCE channel alignment (nce.limits.channel_alignment).
  int64_t getChannelAlignment() const { return channelAlignment; }
  double getNceOverheadCycles() const { return nceOverhead; }
  /// The target's MPE modes, in the order of its description.
  llvm::ArrayRef<MpeMode> getMpeModes() const { return mpeModes; }
  /// The mode named `name`, null when the target has none.
  const MpeMode *findMpeMode(llvm::StringRef name) const;
  /// Cycles of one DPU variant computing a `width` x `height` x `channels`
  /// output box at `macsPerOutput` MACs per element in `mode`, at
  /// `macsPerCycle` (getDpuMacsPerCycle of the input element type).
  double getDpuVariantCycles(int64_t width, int64_t height, int64_t channels,
                             int64_t macsPerOutput, const MpeMode &mode,
                             double macsPerCycle) const;
  /// The mode with the fewest cycles for a `width` x `height` x `channels`
  /// box (the first of the description on a tie).
  const MpeMode &selectMpeMode(int64_t width, int64_t height,
                               int64_t channels) const;
  /// The boxes an NCE task's `width` x `height` x `channels` output is split
  /// into for `dpus` DPUs: over the height when it has at least as many rows
  /// as DPUs or channel blocks, else over the channel blocks of
  /// getChannelAlignment(); nearly equal parts, the larger first. Box i runs
  /// on DPU i.
  llvm::SmallVector<Workload, 8> splitOverDpus(int64_t width, int64_t height,
                                               int64_t channels,
                                               int64_t dpus) const;
  /// Cycles of an NCE cluster task alone: the overhead + getBodyCycles of
  /// the busiest DPU (the output split by splitOverDpus over `dpus` DPUs,
  /// each box in its selectMpeMode) and the `cmxBytes` the task reads and
  /// writes.
  double getNceTaskCycles(int64_t width, int64_t height, int64_t channels,
                          int64_t macsPerOutput, int64_t dpus,
                          double macsPerCycle, uint64_t cmxBytes) const;

  //===--------------------------------------------------------------------===//
  // Barriers
  //===--------------------------------------------------------------------===//

  /// Cycles from a barrier's last producer to its consumers.
  double getBarrierCycles() const { return barrierCycles; }

private:
  double frequencyMhz;
  double dmaLatency, dmaBytesPerCycle, ddrBytesPerCycle, cmxBytesPerCycle;
  double shaveOverhead, shaveLanes;
  double barrierCycles;
  bool dmaBroadcasts;
  llvm::StringMap<double> dpuMacsPerCycle;
  int64_t clusters, dpusPerCluster, channelAlignment;
  double nceOverhead;
  llvm::SmallVector<MpeMode, 2> mpeModes;
};

} // namespace mlir::vpuc::cost

#endif // VPUC_CORE_COST_COSTMODEL_H_
