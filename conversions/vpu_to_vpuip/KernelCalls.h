//===- KernelCalls.h - Kernel calls of the software layers ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// KernelCalls: the plan of the bufferisation for the software layers of a
// module, made before the IR changes. Each VPU.SW layer's kernel
// (VPU_SWKernelOpInterface) is mapped onto the software-kernel library's ABI
// (VPUIP::mapToAbiKernel); the result says which operand feeds each buffer
// argument, which result each output buffer becomes, the scalars, and which
// declaration of `module @VPU.SW` the call names. `declare` then writes the
// declarations (and, for activation SHAVEs, the runtime kernel and
// VPUIP.SW.Runtime) into the module.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_KERNELCALLS_H_
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_KERNELCALLS_H_

#include <cstdint>
#include <string>

#include "conversions/vpu_to_vpuip/kernels/KernelMapping.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPUIP {

/// The call a software layer becomes.
struct KernelCall {
  /// An entry of `inputs` for an absent optional operand: the call passes an
  /// empty buffer (`const.Declare memref<0xf16>`).
  static constexpr int64_t kEmptyBuffer = -1;

  /// The declaration the call names, `@VPU.SW::@<symbol>`.
  SymbolRefAttr kernel;
  /// For each input buffer of the call, in ABI order: the layer's operand
  /// number, kEmptyBuffer, or getConstantOperand(i) (KernelMapping.h) for a
  /// constant buffer holding `constants[i]`.
  llvm::SmallVector<int64_t, 4> inputs;
  /// The contents of the constant input buffers.
  llvm::SmallVector<DenseElementsAttr, 2> constants;
  /// For each output buffer of the call, in ABI order: the layer's result
  /// number (every result exactly once).
  llvm::SmallVector<int64_t, 1> outputs;
  /// The scalar arguments, in ABI order (i32 IntegerAttrs, f32 FloatAttrs).
  ArrayAttr scalars;
};

/// The kernel calls of the software layers of one module.
class KernelCalls {
public:
  /// Calls for a target with SHAVEs of `shaveKind` and, for ACT SHAVEs,
  /// `clusters` tiles of which `tile` runs the kernels.
  KernelCalls(ShaveKind shaveKind, int64_t clusters, int64_t tile)
      : shaveKind(shaveKind), clusters(clusters), tile(tile) {}

  /// True if `op` is a layer bufferised as a kernel call: a VPU op with a
  /// software kernel, except `VPU.SW.Reorder` (a copy).
  static bool isKernelLayer(Operation *op);

  /// Plans the call of the kernel layer `op`. On failure, returns why the
  /// layer cannot be called (the IR is unchanged; nothing is emitted).
  LogicalResult add(Operation *op, std::string &reason);

  /// Declares the kernels the planned calls name in `module @VPU.SW` of
  /// `module` (created first in `module` if absent; existing identical
  /// declarations are reused) and, for ACT SHAVEs, the runtime kernel and
  /// the VPUIP.SW.Runtime with one stack per tile unless the module has one.
  /// Fails (emitting an error) when an existing symbol conflicts.
  LogicalResult declare(ModuleOp module) const;

  /// The planned call of `op`, or null.
  const KernelCall *lookup(Operation *op) const;

  /// The kind of SHAVEs the calls run on.
  ShaveKind getShaveKind() const { return shaveKind; }
  /// The tile of the ACT calls.
  int64_t getTile() const { return tile; }

  /// The stack size in bytes of the ACT SHAVEs of each tile.
  static constexpr int64_t kStackSize = 16384;
  /// The symbol and entry point of the ACT runtime kernel.
  static constexpr llvm::StringLiteral kRuntimeSymbol = "runtime";
  static constexpr llvm::StringLiteral kRuntimeEntry = "nnActEntry";

private:
  /// A declaration to write: its signature and library kernel.
  struct Declaration {
    FunctionType type;
    std::string entry;
  };

  ShaveKind shaveKind;
  int64_t clusters;
  int64_t tile;
  llvm::DenseMap<Operation *, KernelCall> calls;
  /// The declarations by symbol, in the order the layers first need them.
  llvm::MapVector<StringAttr, Declaration> declarations;
};

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_KERNELCALLS_H_
