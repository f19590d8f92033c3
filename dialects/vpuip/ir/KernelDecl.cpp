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

/// The library kernel the declaration `symbol` (from `call`) names.
static const abi::KernelDecl *lookUpKernel(Operation *call,
                                           SymbolRefAttr symbol,
                                           SymbolTableCollection &tables) {
  auto decl = llvm::dyn_cast_or_null<func::FuncOp>(
      tables.lookupNearestSymbolFrom(call, symbol));
  auto entry =
      decl ? decl->getAttrOfType<StringAttr>(VPUIPDialect::kKernelEntryAttrName)
           : StringAttr();
  return entry ? abi::findKernel(entry.getValue().str()) : nullptr;
}

const abi::KernelDecl *getAbiKernel(SwKernelOp kernel,
                                    SymbolTableCollection &tables) {
  return lookUpKernel(kernel, kernel.getKernelAttr(), tables);
}

const abi::KernelDecl *getAbiKernel(UpaSwOp kernel,
                                    SymbolTableCollection &tables) {
  return lookUpKernel(kernel, kernel.getKernelAttr(), tables);
}

bool isElementwiseKernel(SwKernelOp kernel, SymbolTableCollection &tables) {
  const abi::KernelDecl *decl = getAbiKernel(kernel, tables);
  return decl != nullptr && decl->elementwise;
}

} // namespace mlir::vpuc::VPUIP
