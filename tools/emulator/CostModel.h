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
//    after the last producer finished.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_EMULATOR_COSTMODEL_H_
#define VPUC_TOOLS_EMULATOR_COSTMODEL_H_

#include <cstdint>

#include "core/arch/Arch.h"

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
  /// Cycles from a barrier's last producer to its consumers.
  double getBarrierCycles() const { return barrierCycles; }
  /// The clock in MHz.
  double getFrequencyMhz() const { return frequencyMhz; }

private:
  double frequencyMhz;
  double dmaLatency, dmaBytesPerCycle, ddrBytesPerCycle, cmxBytesPerCycle;
  double shaveOverhead, shaveLanes;
  double barrierCycles;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_TOOLS_EMULATOR_COSTMODEL_H_
