//===- VPUIPAttributes.h - VPUIP enums, attributes, helpers -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The VPUIP enums (MemoryKind, ExecutorKind, ShaveKind), the attributes
// `#VPUIP.mem` and `#VPUIP.resources`, and helpers over memory spaces, buffer
// types and the target resources of a module.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPATTRIBUTES_H_
#define VPUC_DIALECTS_VPUIP_IR_VPUIPATTRIBUTES_H_

#include <cstdint>
#include <optional>

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include "dialects/vpuip/ir/VPUIPEnums.h.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/vpuip/ir/VPUIPAttributes.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPUIP {

/// True if `type` is a VPUIP buffer: a statically shaped memref of rank <= 8
/// whose element type has a storage size, whose layout is the identity, an
/// AffineMapAttr permutation or a StridedLayoutAttr with offset 0 and static
/// non-negative strides, and whose memory space is absent or a
/// MemorySpaceAttr.
bool isBufferType(Type type);

/// The memory of a memref type: its MemorySpaceAttr, or `#VPUIP.mem<DDR>` when
/// it has no memory space. Fails for other types and other memory spaces.
FailureOr<MemorySpaceAttr> getMemorySpace(Type type);

/// `type` with the memory space `space` (a null `space` removes it).
MemRefType withMemorySpace(MemRefType type, MemorySpaceAttr space);

/// True if `a` and `b` name the same memory (DDR spelt either way).
bool isSameMemory(Type a, Type b);

/// The target resources of the module enclosing `op` (or `op` itself if it is
/// a module): the nearest ancestor module with a `VPUIP.resources` attribute.
/// Null if there is none.
ResourcesAttr getResources(Operation *op);

/// The allocation alignment in bytes of memory `kind` on the target.
int64_t getAlignment(ResourcesAttr resources, MemoryKind kind);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPATTRIBUTES_H_
