//===- KernelDecl.h - The library kernel of a kernel call -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The kernel library's declaration (kernels/abi) of the kernel a
// VPUIP.SW.Kernel calls: its declaration's `VPUIP.kernel_entry` name looked
// up in the library.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_KERNELDECL_H_
#define VPUC_DIALECTS_VPUIP_IR_KERNELDECL_H_

namespace mlir {
class Operation;
class SymbolTableCollection;
} // namespace mlir

namespace mlir::vpuc::abi {
struct KernelDecl;
} // namespace mlir::vpuc::abi

namespace mlir::vpuc::VPUIP {

class SwKernelOp;
class UpaSwOp;

/// The library kernel `kernel` calls, or null (no declaration with an entry
/// name, or a name the library does not have).
const abi::KernelDecl *getAbiKernel(SwKernelOp kernel,
                                    SymbolTableCollection &tables);
/// The same for a UPA task.
const abi::KernelDecl *getAbiKernel(UpaSwOp kernel,
                                    SymbolTableCollection &tables);

/// True if `kernel` calls an element-wise library kernel
/// (`abi::KernelDecl::elementwise`): each output element is computed from
/// the inputs at its own index, in any layout.
bool isElementwiseKernel(SwKernelOp kernel, SymbolTableCollection &tables);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_DIALECTS_VPUIP_IR_KERNELDECL_H_
