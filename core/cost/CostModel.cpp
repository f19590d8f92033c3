//===- CostModel.cpp - The one cost model of compiler and emulator --------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/cost/CostModel.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::cost {

/// Bytes per cycle of `gbps` (10^9 bytes per second) at `mhz`.
static double bytesPerCycle(double gbps, double mhz) {
  return mhz > 0 ? gbps * 1e3 / mhz : 0.0;
}

/// `value` divided by `block`, rounded up.
static int64_t ceilDiv(int64_t value, int64_t block) {
  return (value + block - 1) / block;
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
      dmaBroadcasts(arch.dma().broadcast()),
      clusters(std::max<int64_t>(1, arch.nce().clusters())),
      dpusPerCluster(std::max<int64_t>(1, arch.nce().dpus_per_cluster())),
      channelAlignment(
          std::max<int64_t>(1, arch.nce().limits().channel_alignment())),
      nceOverhead(arch.nce().task_overhead_cycles()) {
  for (const auto &rate : arch.nce().mac_rates()) {
    dpuMacsPerCycle[rate.element_type()] =
        static_cast<double>(arch::getMacsPerCycle(arch, rate.element_type()));
  }
  for (const auto &mode : arch.nce().mpe_modes()) {
    mpeModes.push_back({mode.name(), std::max<int64_t>(1, mode.width()),
                        std::max<int64_t>(1, mode.height()),
                        std::max<int64_t>(1, mode.channels())});
  }
  if (mpeModes.empty()) {
    // A description always lists one (arch::parseArchDesc checks it); a
    // hand-built one in a test may not.
    mpeModes.push_back({"VECTOR", 16, 1, 16});
  }
}

llvm::Expected<CostModel> CostModel::load(llvm::StringRef nameOrPath) {
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch(nameOrPath);
  if (!desc) {
    return desc.takeError();
  }
  return CostModel(*desc);
}

//===----------------------------------------------------------------------===//
// DMA and SHAVE
//===----------------------------------------------------------------------===//

double CostModel::getDmaCycles(uint64_t bytes, uint64_t ddrBytes,
                               uint64_t cmxBytes) const {
  double transfer = dmaBytesPerCycle > 0
                        ? static_cast<double>(bytes) / dmaBytesPerCycle
                        : 0.0;
  return dmaLatency + getBodyCycles(transfer, ddrBytes, cmxBytes);
}

double CostModel::getShaveComputeCycles(int64_t work, double cyclesPerVector,
                                        uint32_t shaves) const {
  double vectors = std::ceil(static_cast<double>(work) / shaveLanes);
  return vectors * cyclesPerVector / std::max(1u, shaves);
}

double CostModel::getShaveCycles(int64_t work, double cyclesPerVector,
                                 uint32_t shaves, uint64_t ddrBytes,
                                 uint64_t cmxBytes) const {
  return shaveOverhead +
         getBodyCycles(getShaveComputeCycles(work, cyclesPerVector, shaves),
                       ddrBytes, cmxBytes);
}

double CostModel::getBodyCycles(double computeCycles, uint64_t ddrBytes,
                                uint64_t cmxBytes) const {
  double cycles = computeCycles;
  if (ddrBytesPerCycle > 0) {
    cycles = std::max(cycles, static_cast<double>(ddrBytes) / ddrBytesPerCycle);
  }
  if (cmxBytesPerCycle > 0) {
    cycles = std::max(cycles, static_cast<double>(cmxBytes) / cmxBytesPerCycle);
  }
  return cycles;
}

//===----------------------------------------------------------------------===//
// NCE
//===----------------------------------------------------------------------===//

double CostModel::getDpuMacsPerCycle(llvm::StringRef elementType) const {
  return dpuMacsPerCycle.lookup(elementType);
}

double CostModel::getPeakMacsPerCycle(llvm::StringRef elementType) const {
  return getDpuMacsPerCycle(elementType) * static_cast<double>(clusters) *
         static_cast<double>(dpusPerCluster);
}

const MpeMode *CostModel::findMpeMode(llvm::StringRef name) const {
  for (const MpeMode &mode : mpeModes) {
    if (mode.name == name) {
      return &mode;
    }
  }
  return nullptr;
}

double CostModel::getDpuVariantCycles(int64_t width, int64_t height,
                                      int64_t channels, int64_t macsPerOutput,
                                      const MpeMode &mode,
                                      double macsPerCycle) const {
  double steps = static_cast<double>(ceilDiv(width, mode.width)) *
                 static_cast<double>(ceilDiv(height, mode.height)) *
                 static_cast<double>(ceilDiv(channels, mode.channels));
  double slots =
      steps * static_cast<double>(mode.width * mode.height * mode.channels);
  return slots * static_cast<double>(macsPerOutput) /
         std::max(1.0, macsPerCycle);
}

const MpeMode &CostModel::selectMpeMode(int64_t width, int64_t height,
                                        int64_t channels) const {
  const MpeMode *best = &mpeModes.front();
  double bestCycles = std::numeric_limits<double>::infinity();
  for (const MpeMode &mode : mpeModes) {
    // The cycles at one MAC per output and cycle compare the modes.
    double cycles = getDpuVariantCycles(width, height, channels, 1, mode, 1.0);
    if (cycles < bestCycles) {
      best = &mode;
      bestCycles = cycles;
    }
  }
  return *best;
}

llvm::SmallVector<Workload, 8> CostModel::splitOverDpus(int64_t width,
                                                        int64_t height,
                                                        int64_t channels,
                                                        int64_t dpus) const {
  const int64_t blocks = std::max<int64_t>(1, channels / channelAlignment);
  const bool overHeight = height >= dpus || height >= blocks;
  const int64_t extent = overHeight ? height : blocks;
  const int64_t parts = std::max<int64_t>(1, std::min(dpus, extent));
  llvm::SmallVector<Workload, 8> boxes;
  int64_t begin = 0;
  for (int64_t part = 0; part < parts; ++part) {
    const int64_t size = extent / parts + (part < extent % parts ? 1 : 0);
    const int64_t end = begin + size - 1;
    Workload box;
    if (overHeight) {
      box.begin = {0, begin, 0};
      box.end = {width - 1, end, channels - 1};
    } else {
      box.begin = {0, 0, begin * channelAlignment};
      box.end = {width - 1, height - 1,
                 part + 1 == parts ? channels - 1
                                   : (end + 1) * channelAlignment - 1};
    }
    boxes.push_back(box);
    begin = end + 1;
  }
  return boxes;
}

double CostModel::getNceTaskCycles(int64_t width, int64_t height,
                                   int64_t channels, int64_t macsPerOutput,
                                   int64_t dpus, double macsPerCycle,
                                   uint64_t cmxBytes) const {
  double busiest = 0;
  for (const Workload &box : splitOverDpus(width, height, channels, dpus)) {
    const MpeMode &mode =
        selectMpeMode(box.getWidth(), box.getHeight(), box.getChannels());
    busiest =
        std::max(busiest, getDpuVariantCycles(box.getWidth(), box.getHeight(),
                                              box.getChannels(), macsPerOutput,
                                              mode, macsPerCycle));
  }
  return nceOverhead + getBodyCycles(busiest, 0, cmxBytes);
}

//===----------------------------------------------------------------------===//
// Shared bandwidth
//===----------------------------------------------------------------------===//

std::vector<double> shareBandwidth(llvm::ArrayRef<Flow> flows,
                                   llvm::ArrayRef<double> capacities) {
  std::vector<double> rates(flows.size(), 0.0);
  std::vector<double> remaining(capacities.begin(), capacities.end());
  std::vector<bool> fixed(flows.size(), false);
  size_t open = 0;
  for (size_t f = 0; f < flows.size(); ++f) {
    if (flows[f].cap <= 0) {
      fixed[f] = true;
    } else {
      ++open;
    }
  }
  while (open > 0) {
    // The fraction of their caps the open flows can all be raised to: 1, or
    // what the tightest resource allows.
    std::vector<double> demand(remaining.size(), 0.0);
    for (size_t f = 0; f < flows.size(); ++f) {
      if (!fixed[f]) {
        for (auto [r, bytes] : flows[f].uses) {
          demand[r] += flows[f].cap * bytes;
        }
      }
    }
    double fraction = 1.0;
    int64_t tightest = -1;
    for (size_t r = 0; r < remaining.size(); ++r) {
      if (demand[r] > 0) {
        double allowed = std::max(0.0, remaining[r]) / demand[r];
        if (allowed < fraction) {
          fraction = allowed;
          tightest = static_cast<int64_t>(r);
        }
      }
    }
    // Fix the flows of the tightest resource (all of them when none binds).
    for (size_t f = 0; f < flows.size(); ++f) {
      if (fixed[f]) {
        continue;
      }
      if (tightest >= 0 && llvm::none_of(flows[f].uses, [&](const auto &use) {
            return use.first == static_cast<uint32_t>(tightest) &&
                   use.second > 0;
          })) {
        continue;
      }
      rates[f] = flows[f].cap * fraction;
      for (auto [r, bytes] : flows[f].uses) {
        remaining[r] -= rates[f] * bytes;
      }
      fixed[f] = true;
      --open;
    }
  }
  return rates;
}

} // namespace mlir::vpuc::cost
