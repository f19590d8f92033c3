//===- CostModel.h - Task durations for the emulator's timing ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The emulator's timing model, from the target description (arch/*.textproto),
// in cycles of the target's clock:
//
//  - a DMA costs dma.latency_cycles plus its bytes at the port's bandwidth,
//    capped by the effective DDR bandwidth (bandwidth x derate) when either
//    end is in DDR and by the CMX bandwidth otherwise (ports do not contend
//    with each other in this model);
//  - a SHAVE kernel costs shave.task_overhead_cycles plus, per vector of
//    shave.fp16_lanes output elements, the kernel's cycles per vector
//    (KernelInfo::cyclesPerVector), divided among the SHAVEs a UPA layer uses;
//  - a barrier release reaches the waiting tasks barriers.latency_cycles
//    after the last producer finished;
//  - an NCE cluster task costs nce.task_overhead_cycles plus, for each DPU
//    of the cluster, the sum of the cycles of the variants it runs (the DPUs
//    work in parallel); a variant computing a W x H x C output box costs
//
//        ceil(W / gw) * gw * ceil(H / gh) * gh * ceil(C / 16) * 16
//          * MACs per output element / (MACs per cycle of one DPU)
//
//    cycles, the MACs per cycle being the arch's nce.mac_rates entry of the
//    task's input element type (f16; u8 / i8 for INT8 tasks, e.g. twice the
//    f16 rate on VPUX37XX and 4x on VPUX30XX), where (gw, gh) is the MPE mode's
//    spatial grid (VECTOR 16 x 1, MATRIX 4 x 4) and 16 the MAC array's channel
//    block. That is the MACs divided by (MACs per cycle x efficiency), with
//    efficiency = (channel utilisation) x (spatial utilisation) = C / (ceil(C /
//    16) * 16) x W * H / (ceil(W / gw) * gw * ceil(H / gh) * gh). MACs per
//    output element: KY * KX * IC (CONV), KY * KX (DWCONV, pools), 1 (eltwise).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_COSTMODEL_H_
#define VPUC_EMULATOR_COSTMODEL_H_

#include <cstdint>

#include "core/arch/Arch.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::emu {

/// See the file comment.
class CostModel {
public:
  explicit CostModel(const arch::ArchDesc &arch);

  /// Cycles of a DMA of `bytes`; `ddr` when either end is in DDR.
  double getDmaCycles(uint64_t bytes, bool ddr) const;
  /// Cycles of a kernel producing `elements` output elements on `shaves`
  /// SHAVEs at `cyclesPerVector`.
  double getShaveCycles(int64_t elements, double cyclesPerVector,
                        uint32_t shaves) const;
  /// True if the target gives DPUs an f16 MAC rate (NCE tasks can run).
  bool hasDpus() const { return getDpuMacsPerCycle("f16") > 0; }
  /// One DPU's MACs per cycle on `elementType` ("f16", "u8", "i8", ...): its
  /// nce.mac_rates entry, 0 when the target has none.
  double getDpuMacsPerCycle(llvm::StringRef elementType) const;
  /// Cycles of one DPU variant computing a `width` x `height` x `channels`
  /// output box at `macsPerOutput` MACs per element, in MPE mode `matrix`
  /// (4 x 4) or vector (16 x 1), at `macsPerCycle` (getDpuMacsPerCycle of
  /// the task's input element type).
  double getDpuVariantCycles(int64_t width, int64_t height, int64_t channels,
                             int64_t macsPerOutput, bool matrix,
                             double macsPerCycle) const;
  /// The fixed cost of an NCE cluster task.
  double getNceOverheadCycles() const { return nceOverhead; }
  /// The MAC array's channel block.
  static constexpr int64_t kDpuChannelBlock = 16;

  /// Cycles from a barrier's last producer to its consumers.
  double getBarrierCycles() const { return barrierCycles; }
  /// The clock in MHz.
  double getFrequencyMhz() const { return frequencyMhz; }

private:
  double frequencyMhz;
  double dmaLatency, dmaBytesPerCycle, ddrBytesPerCycle, cmxBytesPerCycle;
  double shaveOverhead, shaveLanes;
  double barrierCycles;
  /// nce.mac_rates: MACs per cycle of one DPU by element type.
  llvm::StringMap<double> dpuMacsPerCycle;
  double nceOverhead;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_COSTMODEL_H_
