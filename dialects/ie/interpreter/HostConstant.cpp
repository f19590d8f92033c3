//===- HostConstant.cpp - Constants as host tensors -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/HostConstant.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "core/shape/StridedCopy.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"

namespace mlir::vpuc::IE {

namespace {

constexpr int64_t kFloatBits = 32;

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
  SmallVector<float> memoryOrdered = content.getValues<float>();
  HostTensor result(type.getShape(), std::vector<float>());
  if (order->isIdentity()) {
    result.data.assign(memoryOrdered.begin(), memoryOrdered.end());
    return result;
  }
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
