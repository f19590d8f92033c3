//===- InferenceData.cpp - Host kernels of the IE data movement ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of the reshapes, Transpose, Concat, Split, Slice, Pad, Tile,
// Gather and ShapeOf. The reshapes only relabel the row-major data; the others
// are strided copies (core/shape's stridedCopy) with element strides computed
// once per op. The result shapes come from the same functions as type inference
// (DataOpUtils.h), applied to the actual input shapes.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>

#include "core/shape/StridedCopy.h"
#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

using detail::DimVector;

namespace {

/// An error emitter reporting on `op`.
auto opErrors(Operation *op) {
  return [op] { return op->emitOpError(); };
}

/// Appends the single input relabelled with the shape `compute(emitError,
/// inputShape)`.
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
  return relabel(*this, inputs, outputs,
                 [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
                   return detail::inferReshapeShape(emitError, in, getShape());
                 });
}

LogicalResult SqueezeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return relabel(*this, inputs, outputs,
                 [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
                   return detail::inferSqueezeShape(emitError, in, getAxes());
                 });
}

LogicalResult UnsqueezeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  return relabel(*this, inputs, outputs,
                 [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
                   return detail::inferUnsqueezeShape(emitError, in, getAxes());
                 });
}

LogicalResult FlattenOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return relabel(*this, inputs, outputs,
                 [&](detail::ErrorFn emitError, ArrayRef<int64_t> in) {
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
  detail::copyFloats(input.data.data(), srcStrides, output.data.data(),
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
  FailureOr<DimVector> shape =
      detail::inferConcatShape(opErrors(*this), shapes, axis);
  if (failed(shape)) {
    return failure();
  }
  HostTensor output = HostTensor::filled(*shape);
  DimVector outStrides = detail::getRowMajorStrides(*shape);
  int64_t offset = 0;
  for (const HostTensor &input : inputs) {
    detail::copyFloats(input.data.data(),
                       detail::getRowMajorStrides(input.shape),
                       output.data.data() + offset * outStrides[axis],
                       outStrides, input.shape);
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
    detail::copyFloats(input.data.data() + offset * inStrides[axis], inStrides,
                       output.data.data(), detail::getRowMajorStrides(shape),
                       shape);
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
  FailureOr<detail::SliceDims> dims =
      detail::inferSliceDims(opErrors(*this), input.shape, getStarts(),
                             getEnds(), getAxes(), getSteps());
  if (failed(dims)) {
    return failure();
  }
  outputs.push_back(detail::sliceHostTensor(input, *dims));
  return success();
}

LogicalResult PadOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<DimVector> shape =
      detail::inferPadShape(opErrors(*this), input.shape, getPadsBegin(),
                            getPadsEnd(), static_cast<int>(getMode()));
  if (failed(shape)) {
    return failure();
  }
  const DimVector outStrides = detail::getRowMajorStrides(*shape);
  const DimVector inStrides = detail::getRowMajorStrides(input.shape);
  if (getMode() == PadMode::CONSTANT) {
    HostTensor output = HostTensor::filled(
        *shape, static_cast<float>(getPadValue().convertToDouble()));
    int64_t offset = 0;
    for (size_t d = 0; d < shape->size(); ++d) {
      offset += getPadsBegin()[d] * outStrides[d];
    }
    detail::copyFloats(input.data.data(), inStrides,
                       output.data.data() + offset, outStrides, input.shape);
    detail::roundToResultType(output, getResult());
    outputs.push_back(std::move(output));
    return success();
  }
  // Edge / reflect: per dim, the element offset in the input of each output
  // position.
  const bool reflect = getMode() == PadMode::REFLECT;
  SmallVector<DimVector, 6> sourceOffsets(shape->size());
  for (size_t d = 0; d < shape->size(); ++d) {
    const int64_t size = input.shape[d];
    for (int64_t o = 0; o < (*shape)[d]; ++o) {
      int64_t i = o - getPadsBegin()[d];
      if (reflect) {
        i = i < 0 ? -i : (i >= size ? 2 * (size - 1) - i : i);
      } else {
        i = std::clamp<int64_t>(i, 0, size - 1);
      }
      sourceOffsets[d].push_back(i * inStrides[d]);
    }
  }
  HostTensor output = HostTensor::filled(*shape);
  const int64_t count = output.getNumElements();
  const int64_t rank = shape->size();
  DimVector index(rank, 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t source = 0;
    for (int64_t d = 0; d < rank; ++d) {
      source += sourceOffsets[d][index[d]];
    }
    output.data[flat] = input.data[source];
    for (int64_t d = rank - 1; d >= 0 && ++index[d] == (*shape)[d]; --d) {
      index[d] = 0;
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult TileOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<DimVector> shape =
      detail::inferTileShape(opErrors(*this), input.shape, getRepeats());
  if (failed(shape)) {
    return failure();
  }
  // One copy over [r0, d0, r1, d1, ...]: the repeat dims read the input with
  // stride 0.
  const DimVector inStrides = detail::getRowMajorStrides(input.shape);
  const DimVector outStrides = detail::getRowMajorStrides(*shape);
  DimVector copyShape, srcStrides, dstStrides;
  for (size_t d = 0; d < input.shape.size(); ++d) {
    copyShape.append({getRepeats()[d], input.shape[d]});
    srcStrides.append({0, inStrides[d]});
    dstStrides.append({input.shape[d] * outStrides[d], outStrides[d]});
  }
  HostTensor output = HostTensor::filled(*shape);
  detail::copyFloats(input.data.data(), srcStrides, output.data.data(),
                     dstStrides, copyShape);
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult GatherOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const HostTensor &indices = inputs[1];
  int64_t axis = getAxis();
  FailureOr<DimVector> shape = detail::inferGatherShape(
      opErrors(*this), input.shape, indices.shape, axis);
  if (failed(shape)) {
    return failure();
  }
  const int64_t dim = input.shape[axis];
  const int64_t outer =
      HostTensor::getNumElements(ArrayRef(input.shape).take_front(axis));
  const int64_t inner =
      HostTensor::getNumElements(ArrayRef(input.shape).drop_front(axis + 1));
  const int64_t count = indices.getNumElements();
  DimVector resolved;
  for (float value : indices.data) {
    int64_t index = static_cast<int64_t>(std::trunc(value));
    if (index < -dim || index >= dim) {
      return emitOpError() << "index " << index << " is out of range for dim "
                           << axis << " of size " << dim;
    }
    resolved.push_back(index < 0 ? index + dim : index);
  }
  HostTensor output = HostTensor::filled(*shape);
  float *out = output.data.data();
  for (int64_t o = 0; o < outer; ++o) {
    const float *block = input.data.data() + o * dim * inner;
    for (int64_t i = 0; i < count; ++i) {
      const float *src = block + resolved[i] * inner;
      std::copy(src, src + inner, out);
      out += inner;
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult ShapeOfOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  std::vector<float> dims(input.shape.begin(), input.shape.end());
  outputs.emplace_back(ArrayRef<int64_t>{static_cast<int64_t>(dims.size())},
                       std::move(dims));
  return success();
}

} // namespace mlir::vpuc::IE
