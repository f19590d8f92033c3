//===- ArchResources.cpp - Target resources as an attribute ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The mapping from ArchDesc fields to `#VPUIP.resources` parameters.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/utils/ArchResources.h"

#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

namespace mlir::vpuc::VPUIP {

llvm::Expected<ResourcesAttr> getResourcesAttr(MLIRContext *context,
                                               const arch::ArchDesc &arch,
                                               llvm::StringRef archFile) {
  ShaveKind shaveKind;
  switch (arch.shave().kind()) {
  case ::vpuc::arch::UPA:
    shaveKind = ShaveKind::UPA;
    break;
  case ::vpuc::arch::ACT:
    shaveKind = ShaveKind::ACT;
    break;
  default:
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "target '%s': shave.kind must be UPA or ACT",
                                   arch.name().c_str());
  }
  context->getOrLoadDialect<VPUIPDialect>();
  return ResourcesAttr::get(
      context, arch.name(), arch.nce().clusters(),
      arch.cmx().usable_bytes_per_cluster(), arch.cmx().alignment_bytes(),
      arch.ddr().alignment_bytes(), arch.dma().ports(),
      arch.dma().max_transfer_bytes(), shaveKind, arch.shave().count(),
      arch.barriers().usable(), arch.barriers().max_producers(),
      arch.barriers().max_consumers(), arch.nce().dpus_per_cluster(), archFile,
      arch.nce().limits().max_variants_per_task());
}

void setResources(ModuleOp module, ResourcesAttr resources) {
  module->setAttr(VPUIPDialect::kResourcesAttrName, resources);
}

} // namespace mlir::vpuc::VPUIP
