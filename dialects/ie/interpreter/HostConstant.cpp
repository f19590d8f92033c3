//===- HostConstant.cpp - Constants as host tensors -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/HostConstant.h"

#include <algorithm>
#include <cstring>

#include "core/numeric/Float16.h"
#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "core/shape/StridedCopy.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"

namespace mlir::vpuc::IE {

namespace {

constexpr int64_t kFloatBits = 32;

/// The elements of `content` in memory order as floats. Dense f32 and f16
/// storage is copied or converted in bulk (the same values as element by
/// element, a float converting exactly); other encodings go through
/// Content::getValues.
std::vector<float> readFloats(const Const::Content &content) {
  Type elementType = content.getElementType();
  int64_t count = content.getNumElements();
  ArrayRef<char> raw = content.getRawStorage();
  if (elementType.isF32()) {
    std::vector<float> values(count);
    if (content.isSplat()) {
      float value;
      std::memcpy(&value, raw.data(), sizeof(value));
      std::fill(values.begin(), values.end(), value);
    } else if (count > 0) {
      std::memcpy(values.data(), raw.data(), count * sizeof(float));
    }
    return values;
  }
  if (elementType.isF16() && !content.isSplat()) {
    std::vector<uint16_t> bits(count);
    if (count > 0) {
      std::memcpy(bits.data(), raw.data(), count * sizeof(uint16_t));
    }
    std::vector<float> values(count);
    numeric::f16BitsToFloat(bits, values);
    return values;
  }
  SmallVector<float> values = content.getValues<float>();
  return std::vector<float>(values.begin(), values.end());
}

/// Row-major strides in bits of float32 elements over `sizes`, innermost last.
SmallVector<int64_t, 6> getRowMajorStrides(ArrayRef<int64_t> sizes) {
  SmallVector<int64_t, 6> strides(sizes.size(), 0);
  int64_t stride = kFloatBits;
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= sizes[i];
  }
  return strides;
}

} // namespace

FailureOr<HostTensor> readHostConstant(Const::DeclareOp op) {
  auto type = llvm::cast<RankedTensorType>(op.getType());
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  if (failed(order)) {
    return op.emitError() << "constant type " << type
                          << " has a layout encoding that is not a dims order";
  }
  Const::Content content = op.getContent().fold();
  std::vector<float> memoryOrdered = readFloats(content);
  if (order->isIdentity()) {
    return HostTensor(type.getShape(), std::move(memoryOrdered));
  }
  HostTensor result(type.getShape(), std::vector<float>());
  result.data.resize(memoryOrdered.size());
  shape::MemShape memShape =
      order->toMemoryOrder(shape::Shape(type.getShape()));
  shape::MemStrides srcStrides(getRowMajorStrides(memShape.raw()));
  shape::MemStrides dstStrides =
      order->toMemoryOrder(shape::Strides(getRowMajorStrides(type.getShape())));
  shape::stridedCopy(reinterpret_cast<const char *>(memoryOrdered.data()),
                     srcStrides, reinterpret_cast<char *>(result.data.data()),
                     dstStrides, memShape, shape::Bit(kFloatBits));
  return result;
}

} // namespace mlir::vpuc::IE
