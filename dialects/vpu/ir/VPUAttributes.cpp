//===- VPUAttributes.cpp - VPU attributes, tensor helpers -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verification of `#VPU.tensor` (`#VPU.mem` is generated whole from
// dialects/common/MemorySpace.td), the encoding interfaces of `#VPU.tensor`,
// and the memory helpers of VPU tensor types.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/VPUAttributes.h"

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/common/MemorySpace.h"
#include "dialects/common/ParameterFormats.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "dialects/vpu/ir/VPUEnums.cpp.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/vpu/ir/VPUAttributes.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPU {

void VPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/vpu/ir/VPUAttributes.cpp.inc" // IWYU pragma: keep
      >();
}

//===----------------------------------------------------------------------===//
// TensorEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
TensorEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           AffineMapAttr order, MemoryKind memKind,
                           std::optional<int64_t> memIndex) {
  if (order) {
    if (failed(shape::DimsOrder::fromAffineMap(order.getValue()))) {
      return emitError() << "order " << order
                         << " is not a permutation of at most 8 dims";
    }
    if (order.getValue().isIdentity()) {
      return emitError() << "the default order is written by omitting `order`";
    }
  }
  if (memKind == MemoryKind::DDR) {
    return emitError()
           << "a DDR tensor has no #VPU.tensor encoding: its encoding is its "
              "order map (or none)";
  }
  return verifyMemorySpace(emitError, memKind, memIndex);
}

LogicalResult TensorEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (AffineMapAttr order = getOrder()) {
    if (order.getValue().getNumDims() != shape.size()) {
      return emitError() << "the order " << order
                         << " of a #VPU.tensor encoding has "
                         << order.getValue().getNumDims()
                         << " dims, but the tensor has rank " << shape.size();
    }
  } else if (shape.size() > shape::DimsOrder::kMaxRank) {
    return emitError()
           << "a tensor with a #VPU.tensor encoding has rank at most "
           << shape::DimsOrder::kMaxRank << ", got " << shape.size();
  }
  return success();
}

MemorySpaceAttr TensorEncodingAttr::getMemorySpace() const {
  return MemorySpaceAttr::get(getContext(), getMemKind(), getMemIndex());
}

AffineMap TensorEncodingAttr::getOrderMap() const {
  return getOrder() ? getOrder().getValue() : AffineMap();
}

Attribute TensorEncodingAttr::withOrderMap(AffineMap orderMap) const {
  AffineMapAttr order;
  if (orderMap && !orderMap.isIdentity()) {
    order = AffineMapAttr::get(orderMap);
  }
  return get(getContext(), order, getMemKind(), getMemIndex());
}

//===----------------------------------------------------------------------===//
// Tensor type helpers
//===----------------------------------------------------------------------===//

FailureOr<MemorySpaceAttr> getMemorySpace(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    return failure();
  }
  Attribute encoding = tensor.getEncoding();
  if (!encoding || llvm::isa<AffineMapAttr>(encoding)) {
    return MemorySpaceAttr::getDDR(type.getContext());
  }
  if (auto vpu = llvm::dyn_cast<TensorEncodingAttr>(encoding)) {
    return vpu.getMemorySpace();
  }
  return failure();
}

RankedTensorType withMemorySpace(RankedTensorType type, MemorySpaceAttr space) {
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  assert(succeeded(order) && "withMemorySpace: the tensor has no valid order");
  return getTensorType(type.getShape(), type.getElementType(), *order, space);
}

RankedTensorType getTensorType(ArrayRef<int64_t> shape, Type elementType,
                               shape::DimsOrder order, MemorySpaceAttr space) {
  MLIRContext *context = elementType.getContext();
  AffineMapAttr orderAttr;
  if (!order.isIdentity()) {
    orderAttr = AffineMapAttr::get(order.toAffineMap(context));
  }
  if (!space || space.isDDR()) {
    return RankedTensorType::get(shape, elementType, orderAttr);
  }
  return RankedTensorType::get(shape, elementType,
                               TensorEncodingAttr::get(context, orderAttr,
                                                       space.getKind(),
                                                       space.getIndex()));
}

Type stripMemorySpace(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    return type;
  }
  if (auto vpu =
          llvm::dyn_cast_or_null<TensorEncodingAttr>(tensor.getEncoding())) {
    return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                                 vpu.getOrder());
  }
  return type;
}

bool isTensorType(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() &&
         tensor.getRank() <= static_cast<int64_t>(shape::DimsOrder::kMaxRank) &&
         succeeded(getMemorySpace(type)) && succeeded(shape::getOrder(type));
}

LogicalResult verifyTensorType(Type type,
                               function_ref<InFlightDiagnostic()> emitError,
                               StringRef what) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    return emitError() << what << " has type " << type
                       << ", expected a ranked tensor";
  }
  if (!tensor.hasStaticShape()) {
    return emitError() << what << " has type " << type
                       << ": VPU tensors have static shapes";
  }
  if (tensor.getRank() > static_cast<int64_t>(shape::DimsOrder::kMaxRank)) {
    return emitError() << what << " has type " << type
                       << ": VPU tensors have rank at most "
                       << shape::DimsOrder::kMaxRank;
  }
  if (failed(getMemorySpace(type)) || failed(shape::getOrder(type))) {
    return emitError()
           << what << " has type " << type
           << ", whose encoding is neither an order map of its rank nor a "
              "#VPU.tensor";
  }
  return success();
}

/// Prints a memory for diagnostics: `DDR`, `CMX_NN[1]`.
static std::string describe(MemorySpaceAttr memory) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << stringifyMemoryKind(memory.getKind());
  if (memory.getIndex()) {
    os << "[" << *memory.getIndex() << "]";
  }
  return text;
}

LogicalResult verifyTensorsInOneMemory(Operation *op, StringRef opKind) {
  auto emitError = [op] { return op->emitOpError(); };
  MemorySpaceAttr memory;
  std::string owner;
  auto check = [&](Type type, StringRef what, size_t index) -> LogicalResult {
    std::string name = (what + " #" + Twine(index)).str();
    if (failed(verifyTensorType(type, emitError, name))) {
      return failure();
    }
    MemorySpaceAttr current = *getMemorySpace(type);
    if (!memory) {
      memory = current;
      owner = name;
    } else if (current != memory) {
      return op->emitOpError()
             << name << " is in " << describe(current) << " but " << owner
             << " is in " << describe(memory) << ": the tensors of " << opKind
             << " are in one memory";
    }
    return success();
  };
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes())) {
    if (failed(check(type, "operand", index))) {
      return failure();
    }
  }
  for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
    if (failed(check(type, "result", index))) {
      return failure();
    }
  }
  return success();
}

} // namespace mlir::vpuc::VPU
