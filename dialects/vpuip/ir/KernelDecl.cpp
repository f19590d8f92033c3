//===- KernelDecl.cpp - The library kernel of a kernel call -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/KernelDecl.h"

#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "kernels/abi/SwKernels.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::vpuc::VPUIP {

const abi::KernelDecl *getAbiKernel(SwKernelOp kernel,
                                    SymbolTableCollection &tables) {
  auto decl = llvm::dyn_cast_or_null<func::FuncOp>(
      tables.lookupNearestSymbolFrom(kernel, kernel.getKernelAttr()));
  auto entry =
      decl ? decl->getAttrOfType<StringAttr>(VPUIPDialect::kKernelEntryAttrName)
           : StringAttr();
  return entry ? abi::findKernel(entry.getValue().str()) : nullptr;
}

bool isElementwiseKernel(SwKernelOp kernel, SymbolTableCollection &tables) {
  const abi::KernelDecl *decl = getAbiKernel(kernel, tables);
  return decl != nullptr && decl->elementwise;
}

} // namespace mlir::vpuc::VPUIP
