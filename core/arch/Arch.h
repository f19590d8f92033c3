//===- Arch.h - Target descriptions -----------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Loading and checking target descriptions (schema: ArchDesc.proto; data:
// arch/*.textproto). The built-in targets are embedded in the binary; a user
// may also pass a .textproto path of their own (e.g. a copy with a tiny CMX to
// force tiling or spilling).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_ARCH_ARCH_H_
#define VPUC_CORE_ARCH_ARCH_H_

#include <string>
#include <vector>

#include "core/arch/ArchDesc.pb.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::arch {

using ::vpuc::arch::ArchDesc;

/// Parses and verifies a target description; errors name `sourceName` and the
/// field's line.
llvm::Expected<ArchDesc> parseArchDesc(llvm::StringRef text,
                                       llvm::StringRef sourceName);

/// The names of the built-in targets, e.g. {"VPUX30XX", "VPUX37XX"}.
std::vector<std::string> getBuiltinArchNames();

/// Returns a built-in target by name (case-insensitive) or, when `nameOrPath`
/// names a file (contains '/' or ends in ".textproto"), that file. An unknown
/// name is an error that lists the known targets.
llvm::Expected<ArchDesc> loadArch(llvm::StringRef nameOrPath);

/// MACs per cycle of one DPU for an element type name ("i8", "f16", ...); 0
/// when unsupported.
int64_t getMacsPerCycle(const ArchDesc &arch, llvm::StringRef elementType);

/// Effective DDR bandwidth in bytes per cycle (bandwidth x derate / frequency).
double getDdrBytesPerCycle(const ArchDesc &arch);

} // namespace mlir::vpuc::arch

#endif // VPUC_CORE_ARCH_ARCH_H_
