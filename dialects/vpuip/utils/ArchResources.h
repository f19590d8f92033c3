//===- ArchResources.h - Target resources as a VPUIP attribute --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds the `#VPUIP.resources` attribute of a target description, so that
// the compiler's init pass (and tests) record a target on a module the same
// way.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_UTILS_ARCHRESOURCES_H_
#define VPUC_DIALECTS_VPUIP_UTILS_ARCHRESOURCES_H_

#include "core/arch/Arch.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"

namespace mlir {
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace mlir::vpuc::VPUIP {

/// The resources of `arch`: its clusters, usable CMX and alignment, DDR
/// alignment, DMA ports and largest transfer, SHAVE kind and count, usable
/// barriers and per-barrier limits, and `archFile`, the file `arch` was
/// loaded from when it is not a built-in target (empty otherwise). Fails
/// (with a message naming the field) when the description has no SHAVE kind;
/// the other fields were checked by `arch::parseArchDesc`.
llvm::Expected<ResourcesAttr> getResourcesAttr(MLIRContext *context,
                                               const arch::ArchDesc &arch,
                                               llvm::StringRef archFile = "");

/// Sets the `VPUIP.resources` attribute of `module` to `resources`.
void setResources(ModuleOp module, ResourcesAttr resources);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_DIALECTS_VPUIP_UTILS_ARCHRESOURCES_H_
