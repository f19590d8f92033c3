//===- Arch.cpp - Target descriptions
//--------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/arch/Arch.h"

#include <cmath>

#include <google/protobuf/text_format.h>

#include "core/proto/TextProto.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

namespace vpuc::embedded {
extern const char vpux30xx_textproto[];
extern const char vpux37xx_textproto[];
} // namespace vpuc::embedded

namespace mlir::vpuc::arch {

namespace {

struct BuiltinArch {
  const char *name;
  const char *file;
  const char *text;
};

const BuiltinArch kBuiltinArchs[] = {
    {"VPUX30XX", "arch/vpux30xx.textproto",
     ::vpuc::embedded::vpux30xx_textproto},
    {"VPUX37XX", "arch/vpux37xx.textproto",
     ::vpuc::embedded::vpux37xx_textproto},
};

/// Collects the first failed check of a description, with the line of its
/// field.
class Checker {
public:
  Checker(const ArchDesc &arch,
          const google::protobuf::TextFormat::ParseInfoTree &tree,
          llvm::StringRef sourceName)
      : arch(arch), tree(tree), sourceName(sourceName) {}

  /// Records an error about the field at `path` unless `ok`.
  void check(bool ok, llvm::ArrayRef<llvm::StringRef> path,
             const llvm::Twine &requirement) {
    if (ok || !error.empty()) {
      return;
    }
    int line = proto::getFieldLine(arch, tree, path);
    error = (sourceName + (line ? ":" + llvm::Twine(line) : llvm::Twine()) +
             ": field '" + llvm::join(path, ".") + "' " + requirement +
             (line ? "" : " (it is missing)"))
                .str();
  }

  llvm::Error finish() {
    return error.empty()
               ? llvm::Error::success()
               : llvm::createStringError(llvm::inconvertibleErrorCode(), error);
  }

private:
  const ArchDesc &arch;
  const google::protobuf::TextFormat::ParseInfoTree &tree;
  std::string sourceName;
  std::string error;
};

/// The accepted ranges of the rates: 1 kHz to 1 THz, 1 MB/s to 1 PB/s.
constexpr double kMinFrequencyMhz = 1e-3, kMaxFrequencyMhz = 1e6;
constexpr double kMinBandwidthGbps = 1e-3, kMaxBandwidthGbps = 1e6;
constexpr const char *kFrequencyRange = "must be a number in [0.001, 1e6]";
constexpr const char *kBandwidthRange = "must be a number in [0.001, 1e6]";

llvm::Error
verifyArchDesc(const ArchDesc &arch,
               const google::protobuf::TextFormat::ParseInfoTree &tree,
               llvm::StringRef sourceName) {
  Checker c(arch, tree, sourceName);
  c.check(!arch.name().empty(), {"name"}, "must be set");
  // Rates are finite and within bounds, so that every rate derived from them
  // (bytes per cycle, cycles of a transfer) is a finite positive number: NaN
  // and inf pass a plain `> 0` or fail it silently.
  auto inRange = [](double value, double low, double high) {
    return std::isfinite(value) && value >= low && value <= high;
  };
  c.check(inRange(arch.frequency_mhz(), kMinFrequencyMhz, kMaxFrequencyMhz),
          {"frequency_mhz"}, kFrequencyRange);

  const auto &nce = arch.nce();
  c.check(nce.clusters() > 0, {"nce", "clusters"}, "must be positive");
  c.check(nce.dpus_per_cluster() > 0, {"nce", "dpus_per_cluster"},
          "must be positive");
  c.check(nce.mac_rates_size() > 0, {"nce", "mac_rates"},
          "must list at least one element type");
  for (const auto &rate : nce.mac_rates()) {
    c.check(rate.macs_per_cycle() > 0, {"nce", "mac_rates"},
            "must have positive macs_per_cycle for '" + rate.element_type() +
                "'");
  }
  c.check(nce.mpe_modes_size() > 0, {"nce", "mpe_modes"},
          "must list at least one mode");
  for (int i = 0; i < nce.mpe_modes_size(); ++i) {
    const auto &mode = nce.mpe_modes(i);
    c.check(mode.name() == "VECTOR" || mode.name() == "MATRIX",
            {"nce", "mpe_modes"},
            "has a mode named '" + mode.name() +
                "'; a DPU variant can name VECTOR or MATRIX");
    c.check(mode.channels() > 0 && mode.width() > 0 && mode.height() > 0,
            {"nce", "mpe_modes"},
            "must have positive channels, width and height in mode '" +
                mode.name() + "'");
    for (int j = 0; j < i; ++j) {
      c.check(nce.mpe_modes(j).name() != mode.name(), {"nce", "mpe_modes"},
              "lists mode '" + mode.name() + "' twice");
    }
  }
  const auto &limits = nce.limits();
  c.check(limits.max_kernel_size() > 0, {"nce", "limits", "max_kernel_size"},
          "must be positive");
  c.check(limits.max_stride() > 0, {"nce", "limits", "max_stride"},
          "must be positive");
  c.check(limits.max_pad() >= 0, {"nce", "limits", "max_pad"},
          "must not be negative");
  c.check(limits.channel_alignment() > 0 &&
              llvm::isPowerOf2_64(limits.channel_alignment()),
          {"nce", "limits", "channel_alignment"}, "must be a power of two");
  c.check(limits.compressed_input_channels() == 0 ||
              (limits.compressed_input_channels() > 0 &&
               llvm::isPowerOf2_64(limits.compressed_input_channels()) &&
               limits.compressed_input_channels() < limits.channel_alignment()),
          {"nce", "limits", "compressed_input_channels"},
          "must be 0 or a power of two below channel_alignment");
  c.check(limits.max_variants_per_task() > 0,
          {"nce", "limits", "max_variants_per_task"}, "must be positive");
  for (const std::string &type : limits.element_types()) {
    c.check(getMacsPerCycle(arch, type) > 0, {"nce", "limits", "element_types"},
            "lists '" + type + "', which has no entry in nce.mac_rates");
  }

  const auto &cmx = arch.cmx();
  c.check(cmx.bytes_per_cluster() > 0, {"cmx", "bytes_per_cluster"},
          "must be positive");
  c.check(cmx.usable_bytes_per_cluster() > 0 &&
              cmx.usable_bytes_per_cluster() <= cmx.bytes_per_cluster(),
          {"cmx", "usable_bytes_per_cluster"},
          "must be positive and at most cmx.bytes_per_cluster");
  c.check(cmx.alignment_bytes() > 0 &&
              llvm::isPowerOf2_64(cmx.alignment_bytes()),
          {"cmx", "alignment_bytes"}, "must be a power of two");
  c.check(inRange(cmx.bandwidth_gbps(), kMinBandwidthGbps, kMaxBandwidthGbps),
          {"cmx", "bandwidth_gbps"}, kBandwidthRange);

  const auto &ddr = arch.ddr();
  c.check(inRange(ddr.bandwidth_gbps(), kMinBandwidthGbps, kMaxBandwidthGbps),
          {"ddr", "bandwidth_gbps"}, kBandwidthRange);
  c.check(std::isfinite(ddr.derate()) && ddr.derate() > 0 && ddr.derate() <= 1,
          {"ddr", "derate"}, "must be in (0, 1]");
  c.check(ddr.alignment_bytes() > 0 &&
              llvm::isPowerOf2_64(ddr.alignment_bytes()),
          {"ddr", "alignment_bytes"}, "must be a power of two");

  const auto &shave = arch.shave();
  c.check(shave.kind() != ::vpuc::arch::SHAVE_KIND_UNSPECIFIED,
          {"shave", "kind"}, "must be UPA or ACT");
  c.check(shave.count() > 0, {"shave", "count"}, "must be positive");
  c.check(shave.fp16_lanes() > 0, {"shave", "fp16_lanes"}, "must be positive");
  c.check(shave.kind() != ::vpuc::arch::ACT || shave.per_cluster(),
          {"shave", "per_cluster"}, "must be true for ACT SHAVEs");

  const auto &dma = arch.dma();
  c.check(dma.ports() > 0, {"dma", "ports"}, "must be positive");
  c.check(inRange(dma.bandwidth_gbps(), kMinBandwidthGbps, kMaxBandwidthGbps),
          {"dma", "bandwidth_gbps"}, kBandwidthRange);
  c.check(dma.max_transfer_bytes() > 0, {"dma", "max_transfer_bytes"},
          "must be positive");

  const auto &barriers = arch.barriers();
  c.check(barriers.physical() > 0, {"barriers", "physical"},
          "must be positive");
  c.check(barriers.usable() > 0 && barriers.usable() <= barriers.physical(),
          {"barriers", "usable"},
          "must be positive and at most barriers.physical");
  c.check(barriers.max_producers() > 0, {"barriers", "max_producers"},
          "must be positive");
  c.check(barriers.max_consumers() > 0, {"barriers", "max_consumers"},
          "must be positive");
  return c.finish();
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

} // namespace

llvm::Expected<ArchDesc> parseArchDesc(llvm::StringRef text,
                                       llvm::StringRef sourceName) {
  ArchDesc arch;
  google::protobuf::TextFormat::ParseInfoTree tree;
  if (llvm::Error error =
          proto::parseTextProto(text, sourceName, arch, &tree)) {
    return std::move(error);
  }
  if (llvm::Error error = verifyArchDesc(arch, tree, sourceName)) {
    return std::move(error);
  }
  return arch;
}

std::vector<std::string> getBuiltinArchNames() {
  std::vector<std::string> names;
  for (const BuiltinArch &arch : kBuiltinArchs) {
    names.push_back(arch.name);
  }
  return names;
}

llvm::Expected<ArchDesc> loadArch(llvm::StringRef nameOrPath) {
  if (nameOrPath.contains('/') || nameOrPath.ends_with(".textproto")) {
    ArchDesc arch;
    google::protobuf::TextFormat::ParseInfoTree tree;
    if (llvm::Error error = proto::readTextProtoFile(nameOrPath, arch, &tree)) {
      return std::move(error);
    }
    if (llvm::Error error = verifyArchDesc(arch, tree, nameOrPath)) {
      return std::move(error);
    }
    return arch;
  }
  for (const BuiltinArch &arch : kBuiltinArchs) {
    if (nameOrPath.equals_insensitive(arch.name)) {
      return parseArchDesc(arch.text, arch.file);
    }
  }
  return makeError("unknown target '" + nameOrPath + "'; known targets: " +
                   llvm::join(getBuiltinArchNames(), ", ") +
                   " (or a path to a .textproto target description)");
}

int64_t getMacsPerCycle(const ArchDesc &arch, llvm::StringRef elementType) {
  for (const auto &rate : arch.nce().mac_rates()) {
    if (rate.element_type() == elementType) {
      return rate.macs_per_cycle();
    }
  }
  return 0;
}

double getDdrBytesPerCycle(const ArchDesc &arch) {
  return arch.ddr().bandwidth_gbps() * 1e3 * arch.ddr().derate() /
         arch.frequency_mhz();
}

} // namespace mlir::vpuc::arch
