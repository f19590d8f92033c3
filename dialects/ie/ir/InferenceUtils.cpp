//===- InferenceUtils.cpp - Drivers of the IE host inference kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input validation, broadcast shapes and result rounding for inferOnCPU.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/InferenceUtils.h"

#include "core/shape/StridedCopy.h"
#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::vpuc::IE::detail {

void copyFloats(const float *src, ArrayRef<int64_t> srcStrides, float *dst,
                ArrayRef<int64_t> dstStrides, ArrayRef<int64_t> shape) {
  if (HostTensor::getNumElements(shape) == 0) {
    return;
  }
  shape::MemStrides srcBits, dstBits;
  for (auto [src, dst] : llvm::zip(srcStrides, dstStrides)) {
    srcBits.push_back(src * 32);
    dstBits.push_back(dst * 32);
  }
  shape::stridedCopy(reinterpret_cast<const char *>(src), srcBits,
                     reinterpret_cast<char *>(dst), dstBits,
                     shape::MemShape(shape), shape::Bit(32));
}

HostTensor sliceHostTensor(const HostTensor &input, const SliceDims &dims) {
  DimVector inStrides = getRowMajorStrides(input.shape);
  DimVector srcStrides;
  int64_t srcOffset = 0;
  for (size_t d = 0; d < input.shape.size(); ++d) {
    srcOffset += dims.starts[d] * inStrides[d];
    srcStrides.push_back(dims.steps[d] * inStrides[d]);
  }
  HostTensor output = HostTensor::filled(dims.shape);
  copyFloats(input.data.data() + srcOffset, srcStrides, output.data.data(),
             getRowMajorStrides(dims.shape), dims.shape);
  return output;
}

LogicalResult checkInferenceInputs(Operation *op, ArrayRef<HostTensor> inputs) {
  if (inputs.size() != op->getNumOperands()) {
    return op->emitOpError() << "inference expects " << op->getNumOperands()
                             << " input tensors, got " << inputs.size();
  }
  for (auto [index, input, operand] :
       llvm::enumerate(inputs, op->getOperands())) {
    if (!input.isConsistent()) {
      return op->emitOpError()
             << "inference input #" << index << " holds " << input.data.size()
             << " values for shape " << formatShape(input.shape);
    }
    auto type = llvm::cast<ShapedType>(operand.getType());
    bool matches = type.getRank() == static_cast<int64_t>(input.shape.size());
    for (size_t d = 0; matches && d < input.shape.size(); ++d) {
      matches = type.isDynamicDim(d) || type.getDimSize(d) == input.shape[d];
    }
    if (!matches) {
      return op->emitOpError() << "inference input #" << index << " has shape "
                               << formatShape(input.shape) << " but operand #"
                               << index << " has type " << type;
    }
  }
  return success();
}

void roundToResultType(HostTensor &tensor, Value result) {
  Type elementType = llvm::cast<ShapedType>(result.getType()).getElementType();
  roundInPlace(tensor.data, getHostElementType(elementType));
}

FailureOr<SmallVector<int64_t, 6>>
broadcastInputShapes(Operation *op, ArrayRef<ArrayRef<int64_t>> shapes,
                     AutoBroadcastType mode) {
  std::optional<SmallVector<int64_t, 6>> shape;
  if (mode == AutoBroadcastType::NUMPY) {
    shape = broadcastShapes(shapes);
  } else if (llvm::all_equal(shapes)) {
    shape = SmallVector<int64_t, 6>(shapes.front());
  }
  if (!shape) {
    std::string list;
    for (auto [index, s] : llvm::enumerate(shapes)) {
      list += (index == 0 ? "" : ", ") + formatShape(s);
    }
    return op->emitOpError()
           << "inference inputs of shapes " << list << " are not compatible";
  }
  return *shape;
}

} // namespace mlir::vpuc::IE::detail

namespace mlir::vpuc::IE {

HostElementType getHostElementType(Type elementType) {
  HostElementType result;
  if (elementType.isF16()) {
    result.kind = HostElementKind::F16;
    result.bits = 16;
  } else if (elementType.isBF16()) {
    result.kind = HostElementKind::BF16;
    result.bits = 16;
  } else if (elementType.isF64()) {
    result.kind = HostElementKind::F64;
    result.bits = 64;
  } else if (auto intType = llvm::dyn_cast<IntegerType>(elementType)) {
    result.kind = HostElementKind::Integer;
    result.bits = intType.getWidth();
    result.isSigned = !intType.isUnsigned();
  }
  return result;
}

} // namespace mlir::vpuc::IE
