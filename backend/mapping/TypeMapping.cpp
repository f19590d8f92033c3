//===- TypeMapping.cpp - Buffer types <-> blob tensor types ---------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/TypeMapping.h"

#include "backend/blob/TensorLayout.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

/// An error whose message is `message`, then `value` as MLIR prints it in
/// quotes, then `suffix`.
template <typename T>
static llvm::Error makeError(llvm::StringRef message, T value,
                             llvm::StringRef suffix = "") {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << message << "'" << value << "'" << suffix;
  return llvm::createStringError(llvm::inconvertibleErrorCode(), os.str());
}

/// The blob type of an integer of `width` bits.
static std::optional<schema::DType> getIntegerDType(unsigned width,
                                                    bool isSigned) {
  switch (width) {
  case 4:
    return isSigned ? schema::DType::I4 : schema::DType::U4;
  case 8:
    return isSigned ? schema::DType::I8 : schema::DType::U8;
  case 16:
    return isSigned ? schema::DType::I16 : schema::DType::U16;
  case 32:
    return isSigned ? schema::DType::I32 : schema::DType::U32;
  case 64:
    return isSigned ? schema::DType::I64 : schema::DType::U64;
  default:
    return std::nullopt;
  }
}

llvm::Expected<schema::DType> getDType(Type elementType) {
  if (elementType.isF32()) {
    return schema::DType::F32;
  }
  if (elementType.isF16()) {
    return schema::DType::F16;
  }
  if (elementType.isBF16()) {
    return schema::DType::BF16;
  }
  if (elementType.isF64()) {
    return schema::DType::F64;
  }
  if (auto integer = llvm::dyn_cast<IntegerType>(elementType)) {
    // Buffers of i1 take a byte per element (shape::getElemTypeSize), which
    // is what BOOL is.
    if (integer.getWidth() == 1) {
      return schema::DType::BOOL;
    }
    if (std::optional<schema::DType> dtype =
            getIntegerDType(integer.getWidth(), !integer.isUnsigned())) {
      return *dtype;
    }
  }
  return makeError("element type ", elementType,
                   " has no blob type (f64, f32, f16, bf16, i1 and integers of "
                   "4, 8, 16, 32 or 64 bits do)");
}

llvm::Expected<TensorTypeDesc> getTensorTypeDesc(Type bufferType) {
  FailureOr<VPUIP::BufferType> buffer = VPUIP::BufferType::get(bufferType);
  if (failed(buffer)) {
    return makeError("type ", bufferType, " is not a buffer type");
  }
  llvm::Expected<schema::DType> dtype = getDType(buffer->getElementType());
  if (!dtype) {
    return dtype.takeError();
  }
  TensorTypeDesc desc;
  desc.dtype = *dtype;
  shape::Shape dims = buffer->getShape();
  desc.dims.assign(dims.begin(), dims.end());
  desc.order = buffer->getOrder();
  shape::Strides strides = buffer->getStrides();
  desc.strides.assign(strides.begin(), strides.end());
  return desc;
}

llvm::Expected<Type> getElementType(MLIRContext *context,
                                    const schema::TensorType &type) {
  if (type.quant()) {
    return llvm::createStringError(
        "quantisation parameters have no buffer form (memrefs cannot hold "
        "quantized element types)");
  }
  return getElementType(context, type.dtype());
}

llvm::Expected<Type> getElementType(MLIRContext *context, schema::DType dtype) {
  Builder builder(context);
  Type storage;
  auto integer = [&](unsigned width, bool signedInteger) -> Type {
    return signedInteger ? builder.getIntegerType(width)
                         : builder.getIntegerType(width, /*isSigned=*/false);
  };
  switch (dtype) {
  case schema::DType::F32:
    storage = builder.getF32Type();
    break;
  case schema::DType::F16:
    storage = builder.getF16Type();
    break;
  case schema::DType::BF16:
    storage = builder.getBF16Type();
    break;
  case schema::DType::F64:
    storage = builder.getF64Type();
    break;
  case schema::DType::BOOL:
    storage = builder.getI1Type();
    break;
  case schema::DType::I4:
  case schema::DType::U4:
    storage = integer(4, dtype == schema::DType::I4);
    break;
  case schema::DType::I8:
  case schema::DType::U8:
    storage = integer(8, dtype == schema::DType::I8);
    break;
  case schema::DType::I16:
  case schema::DType::U16:
    storage = integer(16, dtype == schema::DType::I16);
    break;
  case schema::DType::I32:
  case schema::DType::U32:
    storage = integer(32, dtype == schema::DType::I32);
    break;
  case schema::DType::I64:
  case schema::DType::U64:
    storage = integer(64, dtype == schema::DType::I64);
    break;
  default:
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "element type " + getDTypeName(dtype) +
                                       " has no IR type");
  }
  return storage;
}

llvm::Expected<MemRefType> getBufferType(llvm::ArrayRef<int64_t> dims,
                                         llvm::ArrayRef<int64_t> strides,
                                         shape::DimsOrder order,
                                         Type elementType,
                                         VPUIP::MemorySpaceAttr space) {
  FailureOr<shape::Bit> elemBits = shape::getElemTypeSize(elementType);
  if (failed(elemBits)) {
    return makeError("element type ", elementType, " has no storage size");
  }
  shape::Shape shape(dims);
  shape::Strides compact = getCompactStrides(shape, order, elemBits->count());
  MemRefType type;
  if (llvm::ArrayRef<int64_t>(compact.raw()) == strides) {
    type = shape::withOrder(
        MemRefType::get(dims, elementType, MemRefLayoutAttrInterface(), space),
        order);
  } else {
    llvm::SmallVector<int64_t> elementStrides;
    for (int64_t stride : strides) {
      if (stride == 0) {
        return llvm::createStringError(
            "zero strides (broadcasting) have no buffer type");
      }
      if (stride % elemBits->count() != 0) {
        return llvm::createStringError(
            "stride of " + llvm::Twine(stride) +
            " bits is not a whole number of elements");
      }
      elementStrides.push_back(stride / elemBits->count());
    }
    auto layout =
        StridedLayoutAttr::get(elementType.getContext(), 0, elementStrides);
    type = MemRefType::get(dims, elementType, layout, space);
  }
  if (!VPUIP::isBufferType(type)) {
    return makeError("type ", type, " is not a buffer type");
  }
  return type;
}

llvm::Expected<MemRefType> getBufferType(MLIRContext *context,
                                         const schema::TensorType &type,
                                         VPUIP::MemorySpaceAttr space,
                                         llvm::StringRef what) {
  llvm::Expected<TensorLayout> layout = getTensorLayout(type, what);
  if (!layout) {
    return layout.takeError();
  }
  llvm::Expected<Type> elementType = getElementType(context, type);
  if (!elementType) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   what + ": " +
                                       llvm::toString(elementType.takeError()));
  }
  llvm::Expected<MemRefType> buffer =
      getBufferType(layout->dims.raw(), layout->strides.raw(), layout->order,
                    *elementType, space);
  if (!buffer) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   what + ": " +
                                       llvm::toString(buffer.takeError()));
  }
  return *buffer;
}

} // namespace mlir::vpuc::blob
