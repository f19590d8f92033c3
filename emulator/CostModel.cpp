//===- CostModel.cpp - Task durations for the emulator's timing -----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "emulator/CostModel.h"

#include <algorithm>
#include <cmath>

namespace mlir::vpuc::emu {

/// Bytes per cycle of `gbps` (10^9 bytes per second) at `mhz`.
static double bytesPerCycle(double gbps, double mhz) {
  return gbps * 1e3 / mhz;
}

CostModel::CostModel(const arch::ArchDesc &arch)
    : frequencyMhz(arch.frequency_mhz()),
      dmaLatency(arch.dma().latency_cycles()),
      dmaBytesPerCycle(
          bytesPerCycle(arch.dma().bandwidth_gbps(), arch.frequency_mhz())),
      ddrBytesPerCycle(arch::getDdrBytesPerCycle(arch)),
      cmxBytesPerCycle(
          bytesPerCycle(arch.cmx().bandwidth_gbps(), arch.frequency_mhz())),
      shaveOverhead(arch.shave().task_overhead_cycles()),
      shaveLanes(std::max<int64_t>(1, arch.shave().fp16_lanes())),
      barrierCycles(arch.barriers().latency_cycles()),
      nceOverhead(arch.nce().task_overhead_cycles()) {
  for (const auto &rate : arch.nce().mac_rates()) {
    dpuMacsPerCycle[rate.element_type()] =
        static_cast<double>(arch::getMacsPerCycle(arch, rate.element_type()));
  }
}

double CostModel::getDpuMacsPerCycle(llvm::StringRef elementType) const {
  return dpuMacsPerCycle.lookup(elementType);
}

double CostModel::getDmaCycles(uint64_t bytes, bool ddr) const {
  double rate =
      std::min(dmaBytesPerCycle, ddr ? ddrBytesPerCycle : cmxBytesPerCycle);
  if (rate <= 0) {
    return dmaLatency;
  }
  return dmaLatency + static_cast<double>(bytes) / rate;
}

double CostModel::getShaveCycles(int64_t elements, double cyclesPerVector,
                                 uint32_t shaves) const {
  double vectors = std::ceil(static_cast<double>(elements) / shaveLanes);
  return shaveOverhead + vectors * cyclesPerVector / std::max(1u, shaves);
}

} // namespace mlir::vpuc::emu

namespace mlir::vpuc::emu {

/// `value` rounded up to a multiple of `block`.
static int64_t roundUp(int64_t value, int64_t block) {
  return (value + block - 1) / block * block;
}

double CostModel::getDpuVariantCycles(int64_t width, int64_t height,
                                      int64_t channels, int64_t macsPerOutput,
                                      bool matrix, double macsPerCycle) const {
  int64_t gridW = matrix ? 4 : 16;
  int64_t gridH = matrix ? 4 : 1;
  double slots = static_cast<double>(roundUp(width, gridW)) *
                 static_cast<double>(roundUp(height, gridH)) *
                 static_cast<double>(roundUp(channels, kDpuChannelBlock));
  return slots * static_cast<double>(macsPerOutput) /
         std::max(1.0, macsPerCycle);
}

} // namespace mlir::vpuc::emu
