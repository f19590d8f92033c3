//===- VPUAttributes.h - VPU enums, attributes, tensor helpers --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The VPU enum MemoryKind, the attributes `#VPU.mem` and `#VPU.tensor`, and
// the helpers that read and change the memory of a VPU tensor type (its order
// goes through core/shape's getOrder / withOrder).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUATTRIBUTES_H_
#define VPUC_DIALECTS_VPU_IR_VPUATTRIBUTES_H_

#include <cstdint>
#include <optional>

#include "core/shape/DimsOrder.h"
#include "core/shape/LayoutEncoding.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/TensorEncoding.h"

#include "dialects/vpu/ir/VPUEnums.h.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/vpu/ir/VPUAttributes.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPU {

/// The memory of a tensor type: the `mem_space` of a `#VPU.tensor` encoding,
/// DDR for no encoding or an order map. Fails for other types and other
/// encodings.
FailureOr<MemorySpaceAttr> getMemorySpace(Type type);

/// `type` in the memory `space`, with its order kept: the bare order encoding
/// (or none) in DDR, a `#VPU.tensor` encoding elsewhere. `type` must have a
/// valid order (shape::getOrder).
RankedTensorType withMemorySpace(RankedTensorType type, MemorySpaceAttr space);

/// The VPU tensor type of `shape` and `elementType` with `order` in memory
/// `space` (DDR when null).
RankedTensorType getTensorType(ArrayRef<int64_t> shape, Type elementType,
                               shape::DimsOrder order,
                               MemorySpaceAttr space = {});

/// The type the same data has at the IE level: a ranked tensor keeps its shape,
/// element type and order and loses its memory (an order-only encoding); other
/// types are returned as they are.
Type stripMemorySpace(Type type);

/// True if `type` is a VPU tensor (see verifyTensorType).
bool isTensorType(Type type);

/// Checks that `type` is a VPU tensor: a ranked tensor with a static shape of
/// rank <= 8 and no encoding, an order map of its rank or a `#VPU.tensor`
/// (valid by construction). `what` names the value in the message ("operand
/// #0").
LogicalResult verifyTensorType(Type type,
                               function_ref<InFlightDiagnostic()> emitError,
                               StringRef what);

/// Checks that every operand and result of `op` is a VPU tensor
/// (verifyTensorType) and that all of them are in one memory; `opKind` names
/// the kind of op in the message ("the tensors of <opKind> are in one
/// memory").
LogicalResult verifyTensorsInOneMemory(Operation *op, StringRef opKind);

} // namespace mlir::vpuc::VPU

#endif // VPUC_DIALECTS_VPU_IR_VPUATTRIBUTES_H_
