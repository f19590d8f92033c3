//===- InferenceData.cpp - Host kernels of the IE data movement ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of the reshapes, Transpose, Concat, Split and Slice. The reshapes only relabel
// the row-major data; the others are strided copies (core/shape's stridedCopy) with element
// strides computed once per op. The result shapes come from the same functions as type
// inference (DataOpUtils.h), applied to the actual input shapes.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "core/shape/StridedCopy.h"
#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

using detail::DimVector;

namespace {

/// Element strides to bit strides for stridedCopy.
shape::MemStrides toBitStrides(ArrayRef<int64_t> strides) {
  shape::MemStrides bits;
  for (int64_t stride : strides) {
    bits.push_back(stride * 32);
  }
  return bits;
}

/// Copies the `shape` elements read at `src` + dot(idx, srcStrides) to `dst` +
/// dot(idx, dstStrides) (element strides).
void copyFloats(const float *src, ArrayRef<int64_t> srcStrides, float *dst,
                ArrayRef<int64_t> dstStrides, ArrayRef<int64_t> shape) {
  if (HostTensor::getNumElements(shape) == 0) {
    return;
  }
  shape::stridedCopy(reinterpret_cast<const char *>(src), toBitStrides(srcStrides),
                     reinterpret_cast<char *>(dst), toBitStrides(dstStrides),
                     shape::MemShape(shape), shape::Bit(32));
}

/// An error emitter reporting on `op`.
auto opErrors(Operation *op) {
  return [op] { return op->emitOpError(); };
}

/// Appends the single input relabelled with the shape `compute(emitError, inputShape)`.
template <typename ShapeFn>
LogicalResult relabel(Operation *op, ArrayRef<HostTensor> inputs,
                      SmallVectorImpl<HostTensor> &outputs, ShapeFn compute) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  auto emitError = opErrors(op);
  FailureOr<DimVector> shape = compute(emitError, inputs.front().shape);
  if (failed(shape)) {
    return failure();
  }
  outputs.emplace_back(*shape, inputs.front().data);
  return success();
}

} // namespace

LogicalResult ReshapeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return relabel(*this, inputs, outputs, [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
    return detail::inferReshapeShape(emitError, in, getShape());
  });
}

LogicalResult SqueezeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return relabel(*this, inputs, outputs, [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
    return detail::inferSqueezeShape(emitError, in, getAxes());
  });
}

LogicalResult UnsqueezeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  return relabel(*this, inputs, outputs, [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
    return detail::inferUnsqueezeShape(emitError, in, getAxes());
  });
}

LogicalResult FlattenOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return relabel(*this, inputs, outputs, [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
    return detail::inferFlattenShape(emitError, in, getAxis());
  });
}

LogicalResult TransposeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<DimVector> shape =
      detail::inferTransposeShape(opErrors(*this), input.shape, getPerm());
  if (failed(shape)) {
    return failure();
  }
  DimVector inStrides = detail::getRowMajorStrides(input.shape);
  DimVector srcStrides;
  for (int64_t p : getPerm()) {
    srcStrides.push_back(inStrides[p]);
  }
  HostTensor output = HostTensor::filled(*shape);
  copyFloats(input.data.data(), srcStrides, output.data.data(),
             detail::getRowMajorStrides(*shape), *shape);
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult ConcatOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  SmallVector<ArrayRef<int64_t>, 4> shapes;
  for (const HostTensor &input : inputs) {
    shapes.push_back(input.shape);
  }
  int64_t axis = getAxis();
  FailureOr<DimVector> shape = detail::inferConcatShape(opErrors(*this), shapes, axis);
  if (failed(shape)) {
    return failure();
  }
  HostTensor output = HostTensor::filled(*shape);
  DimVector outStrides = detail::getRowMajorStrides(*shape);
  int64_t offset = 0;
  for (const HostTensor &input : inputs) {
    copyFloats(input.data.data(), detail::getRowMajorStrides(input.shape),
               output.data.data() + offset * outStrides[axis], outStrides, input.shape);
    offset += input.shape[axis];
  }
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult SplitOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  int64_t axis = getAxis();
  FailureOr<SmallVector<DimVector, 4>> shapes =
      detail::inferSplitShapes(opErrors(*this), input.shape, axis, getSplits());
  if (failed(shapes)) {
    return failure();
  }
  DimVector inStrides = detail::getRowMajorStrides(input.shape);
  int64_t offset = 0;
  for (const DimVector &shape : *shapes) {
    HostTensor output = HostTensor::filled(shape);
    copyFloats(input.data.data() + offset * inStrides[axis], inStrides, output.data.data(),
               detail::getRowMajorStrides(shape), shape);
    offset += shape[axis];
    outputs.push_back(std::move(output));
  }
  return success();
}

LogicalResult SliceOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<detail::SliceDims> dims = detail::inferSliceDims(
      opErrors(*this), input.shape, getStarts(), getEnds(), getAxes(), getSteps());
  if (failed(dims)) {
    return failure();
  }
  DimVector inStrides = detail::getRowMajorStrides(input.shape);
  DimVector srcStrides;
  int64_t srcOffset = 0;
  for (size_t d = 0; d < input.shape.size(); ++d) {
    srcOffset += dims->starts[d] * inStrides[d];
    srcStrides.push_back(dims->steps[d] * inStrides[d]);
  }
  HostTensor output = HostTensor::filled(dims->shape);
  if (output.getNumElements() > 0) {
    copyFloats(input.data.data() + srcOffset, srcStrides, output.data.data(),
               detail::getRowMajorStrides(dims->shape), dims->shape);
  }
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
