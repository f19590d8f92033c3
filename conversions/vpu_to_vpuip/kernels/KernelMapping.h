//===- KernelMapping.h - VPU kernel calls onto the library ABI --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The table that maps a VPU software-kernel call (VPU::SWKernelInfo: an
// ABI-independent kernel name, tensors and named i64 / f32 parameters) onto
// a kernel of the software-layer library (kernels/abi/SwKernels.h): the
// library kernel, which of the call's tensors are its operands in ABI order,
// and its int32 / float scalars in ABI order with every unit, default and
// enum value translated. Bufferisation emits `VPUIP.SW.Kernel` (VPUX37XX)
// and `VPUIP.UPA.SW` (VPUX30XX) calls from it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_KERNELS_KERNELMAPPING_H_
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_KERNELS_KERNELMAPPING_H_

#include <cstdint>
#include <optional>
#include <string>

#include "kernels/abi/SwKernelAbi.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::VPU {
struct SWKernelInfo;
} // namespace mlir::vpuc::VPU

namespace mlir::vpuc::VPUIP {

/// `AbiKernelCall::inputs` entry of an optional tensor argument the call does
/// not have (e.g. the bias of a convolution without one): the caller passes a
/// zero-element descriptor (rank 1, dims [0]) of element type f16, whose data
/// address the kernel never reads (SwKernels.h, "Optional operands").
inline constexpr int64_t kAbsentOperand = -1;

/// `AbiKernelCall::inputs` entry of the compile-time constant
/// `AbiKernelCall::constants[index]` (e.g. the per-channel scales of a
/// quantisation, which the VPU op holds in its element type): the caller
/// passes a constant buffer with that content.
constexpr int64_t getConstantOperand(int64_t index) { return -2 - index; }
/// The index into `AbiKernelCall::constants` of an `inputs` entry, or -1 for
/// a VPU input or kAbsentOperand.
constexpr int64_t getConstantIndex(int64_t entry) {
  return entry <= -2 ? -2 - entry : -1;
}

/// A call of a kernel of the software-kernel library (kernels/abi/SwKernels.h).
struct AbiKernelCall {
  /// The library kernel's name (`<X>Kernel::name`), which is also its entry
  /// name.
  std::string kernel;
  /// The kernel's input tensors in ABI order: each an index into
  /// SWKernelInfo::inputs, kAbsentOperand or getConstantOperand(i).
  llvm::SmallVector<int64_t, 4> inputs;
  /// The contents of the constant inputs (dense, static shape).
  llvm::SmallVector<DenseElementsAttr, 2> constants;
  /// The kernel's output tensors in ABI order: indices into
  /// SWKernelInfo::outputs.
  llvm::SmallVector<int64_t, 1> outputs;
  /// The scalars in ABI order, exactly the kernel's signature: IntegerAttr of
  /// i32 or FloatAttr of f32.
  llvm::SmallVector<Attribute, 16> scalars;
};

/// Maps a VPU software-kernel call onto the library. Fails, reporting through
/// `emitError`, when no library kernel implements `info.name` (the message
/// names the VPU kernel and says the library has no kernel for it), when a
/// parameter is outside what the library kernel accepts (e.g. an axis mask
/// beyond the ABI's rank, an i64 that does not fit i32, an unsupported enum
/// value, rank > 8), naming the parameter, and when the tensors are outside
/// what the library kernel takes (an integer tensor of a float-only kernel
/// such as `activation`, a bias that is not 1-D, a 1-D per-channel PRelu
/// slope of an input of rank > 2, a 1-D matmul operand: the caller may
/// reshape and retry). Every call is checked against the library kernel's
/// signature before it is returned; a mismatch is an internal error of the
/// table, reported the same way.
FailureOr<AbiKernelCall>
mapToAbiKernel(const VPU::SWKernelInfo &info,
               llvm::function_ref<InFlightDiagnostic()> emitError);

/// The signature of library kernel `name` (std::nullopt if unknown).
std::optional<llvm::ArrayRef<abi::ArgKind>>
getAbiSignature(llvm::StringRef name);

/// The VPU kernel names the table maps, sorted (for documentation and tests).
llvm::SmallVector<llvm::StringRef> getMappedVpuKernels();

/// The library kernel the table maps VPU kernel `vpuKernel` onto, or an empty
/// string if it maps none.
llvm::StringRef getAbiKernelFor(llvm::StringRef vpuKernel);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_KERNELS_KERNELMAPPING_H_
