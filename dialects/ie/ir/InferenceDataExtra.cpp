//===- InferenceDataExtra.cpp - Host kernels of the extra IE data ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of StridedSlice, Broadcast, Range, Reorder, AffineReshape,
// PerAxisTile, GatherElements, TopK, CumSum, DepthToSpace and
// SpaceToDepth. Copies are strided copies (core/shape's stridedCopy) with
// element strides computed once per op; the indexing ops are plain loops over
// precomputed strides. The result shapes come from the same functions as type
// inference (ExtraOpUtils.h), applied to the actual input shapes.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/shape/StridedCopy.h"
#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

using detail::DimVector;

namespace {

/// An error emitter reporting on `op`.
auto opErrors(Operation *op) {
  return [op] { return op->emitOpError(); };
}

/// Resolves an index value (float, truncated) of a dim of `size`: negative
/// values count from the end. Returns -1 when out of range.
int64_t resolveIndex(float value, int64_t size) {
  int64_t index = static_cast<int64_t>(std::trunc(value));
  if (index < -size || index >= size) {
    return -1;
  }
  return index < 0 ? index + size : index;
}

/// Copies `input` transposed: result dim i is dim perm[i] of `view`, a
/// row-major view of the input's data.
HostTensor transposeView(const HostTensor &input, ArrayRef<int64_t> view,
                         ArrayRef<int64_t> perm,
                         ArrayRef<int64_t> resultShape) {
  DimVector viewStrides = detail::getRowMajorStrides(view);
  DimVector shape, srcStrides;
  for (int64_t p : perm) {
    shape.push_back(view[p]);
    srcStrides.push_back(viewStrides[p]);
  }
  HostTensor output = HostTensor::filled(resultShape);
  detail::copyFloats(input.data.data(), srcStrides, output.data.data(),
                     detail::getRowMajorStrides(shape), shape);
  return output;
}

} // namespace

LogicalResult StridedSliceOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                         SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<detail::SliceDims> dims = detail::inferStridedSliceDims(
      opErrors(*this), input.shape, getBegins(), getEnds(), getStrides(),
      getBeginMask(), getEndMask());
  if (failed(dims)) {
    return failure();
  }
  outputs.push_back(detail::sliceHostTensor(input, *dims));
  return success();
}

LogicalResult BroadcastOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  DimVector inputAxes;
  FailureOr<DimVector> shape = detail::inferBroadcastShape(
      opErrors(*this), input.shape, getTargetShape(), getMode(),
      getAxesMapping(), inputAxes);
  if (failed(shape)) {
    return failure();
  }
  DimVector inStrides = detail::getRowMajorStrides(input.shape);
  DimVector srcStrides(shape->size(), 0);
  for (auto [i, axis] : llvm::enumerate(inputAxes)) {
    srcStrides[axis] = input.shape[i] == 1 ? 0 : inStrides[i];
  }
  HostTensor output = HostTensor::filled(*shape);
  detail::copyFloats(input.data.data(), srcStrides, output.data.data(),
                     detail::getRowMajorStrides(*shape), *shape);
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult RangeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const double start = getStart().convertToDouble();
  const double delta = getDelta().convertToDouble();
  FailureOr<int64_t> length = detail::inferRangeLength(
      opErrors(*this), start, getLimit().convertToDouble(), delta,
      llvm::isa<IntegerType>(getDstElemType()));
  if (failed(length)) {
    return failure();
  }
  HostTensor output = HostTensor::filled({*length});
  for (int64_t i = 0; i < *length; ++i) {
    output.data[i] = static_cast<float>(start + static_cast<double>(i) * delta);
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult ReorderOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  // Host tensors are in logical order whatever the layout: a reorder copies
  // them unchanged.
  outputs.push_back(inputs.front());
  return success();
}

LogicalResult
AffineReshapeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                            SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  SmallVector<ArrayRef<int64_t>, 6> mapping;
  for (Attribute entry : getDimMapping()) {
    mapping.push_back(llvm::cast<DenseI64ArrayAttr>(entry).asArrayRef());
  }
  if (failed(detail::verifyAffineReshape(opErrors(*this), input.shape, mapping,
                                         getShapeValue()))) {
    return failure();
  }
  outputs.emplace_back(getShapeValue(), input.data);
  return success();
}

LogicalResult PerAxisTileOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                        SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  int64_t axis = getAxis();
  FailureOr<DimVector> shape = detail::inferPerAxisTileShape(
      opErrors(*this), input.shape, axis, getTiles());
  if (failed(shape)) {
    return failure();
  }
  // One copy over input[:axis] + [tiles] + input[axis:]; the tiles dim reads
  // with stride 0.
  DimVector inStrides = detail::getRowMajorStrides(input.shape);
  DimVector outStrides = detail::getRowMajorStrides(*shape);
  DimVector copyShape(input.shape), srcStrides(inStrides),
      dstStrides(outStrides);
  copyShape.insert(copyShape.begin() + axis, getTiles());
  srcStrides.insert(srcStrides.begin() + axis, 0);
  dstStrides.insert(dstStrides.begin() + axis,
                    input.shape[axis] * outStrides[axis]);
  HostTensor output = HostTensor::filled(*shape);
  detail::copyFloats(input.data.data(), srcStrides, output.data.data(),
                     dstStrides, copyShape);
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult
GatherElementsOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                             SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const HostTensor &indices = inputs[1];
  int64_t axis = getAxis();
  FailureOr<DimVector> shape = detail::inferGatherElementsShape(
      opErrors(*this), input.shape, indices.shape, axis);
  if (failed(shape)) {
    return failure();
  }
  const int64_t rank = input.shape.size();
  const int64_t dim = input.shape[axis];
  const DimVector inStrides = detail::getRowMajorStrides(input.shape);
  HostTensor output = HostTensor::filled(*shape);
  const int64_t count = output.getNumElements();
  DimVector index(rank, 0);
  int64_t base =
      0; // Offset in the input of `index` with the axis coordinate set to 0.
  for (int64_t flat = 0; flat < count; ++flat) {
    const int64_t resolved = resolveIndex(indices.data[flat], dim);
    if (resolved < 0) {
      return emitOpError() << "index "
                           << static_cast<int64_t>(
                                  std::trunc(indices.data[flat]))
                           << " is out of range for dim " << axis << " of size "
                           << dim;
    }
    output.data[flat] = input.data[base + resolved * inStrides[axis]];
    for (int64_t d = rank - 1; d >= 0; --d) {
      const int64_t step = d == axis ? 0 : inStrides[d];
      base += step;
      if (++index[d] < (*shape)[d]) {
        break;
      }
      base -= step * (*shape)[d];
      index[d] = 0;
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult TopKOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  int64_t axis = getAxis();
  const int64_t k = getK();
  FailureOr<DimVector> shape =
      detail::inferTopKShape(opErrors(*this), input.shape, k, axis);
  if (failed(shape)) {
    return failure();
  }
  const int64_t dim = input.shape[axis];
  const int64_t outer =
      HostTensor::getNumElements(ArrayRef(input.shape).take_front(axis));
  const int64_t inner =
      HostTensor::getNumElements(ArrayRef(input.shape).drop_front(axis + 1));
  HostTensor values = HostTensor::filled(*shape);
  HostTensor indices = HostTensor::filled(*shape);
  const bool largest = getMode() == TopKMode::MAX;
  const bool byValue = getSort() == TopKSortType::VALUE;
  std::vector<float> slice(dim);
  std::vector<int64_t> order(dim);
  // Strict weak orders: the first elements are the ones kept; NaN is the
  // largest value and ties go to the lower index.
  auto before = [&](int64_t a, int64_t b) {
    const float va = slice[a], vb = slice[b];
    const bool nanA = std::isnan(va), nanB = std::isnan(vb);
    if (nanA || nanB) {
      if (nanA && nanB) {
        return a < b;
      }
      return largest ? nanA : nanB;
    }
    if (va != vb) {
      return largest ? va > vb : va < vb;
    }
    return a < b;
  };
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const float *src = input.data.data() + o * dim * inner + i;
      for (int64_t j = 0; j < dim; ++j) {
        slice[j] = src[j * inner];
      }
      std::iota(order.begin(), order.end(), 0);
      std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
      if (!byValue) {
        std::sort(order.begin(), order.begin() + k);
      }
      const int64_t base = o * k * inner + i;
      for (int64_t j = 0; j < k; ++j) {
        values.data[base + j * inner] = slice[order[j]];
        indices.data[base + j * inner] = static_cast<float>(order[j]);
      }
    }
  }
  outputs.push_back(std::move(values));
  outputs.push_back(std::move(indices));
  return success();
}

namespace {

/// ArgMax (`largest`) / ArgMin on the host: the index of the extremum of each
/// slice along the axis (NaN beyond every number; ties to the first index, or
/// the last one).
LogicalResult inferArgExtremumOnCPU(Operation *op, int64_t axisAttr,
                                    bool keepDims, bool selectLast,
                                    bool largest, ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  const HostTensor &input = inputs.front();
  FailureOr<int64_t> axis =
      detail::normalizeAxis(opErrors(op), axisAttr, input.shape.size());
  if (failed(axis)) {
    return failure();
  }
  const int64_t dim = input.shape[*axis];
  if (dim == 0) {
    return op->emitOpError() << "the reduced dim " << *axis << " is empty";
  }
  const int64_t outer =
      HostTensor::getNumElements(ArrayRef(input.shape).take_front(*axis));
  const int64_t inner =
      HostTensor::getNumElements(ArrayRef(input.shape).drop_front(*axis + 1));
  DimVector shape(input.shape);
  if (keepDims) {
    shape[*axis] = 1;
  } else {
    shape.erase(shape.begin() + *axis);
  }
  HostTensor output = HostTensor::filled(shape);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const float *slice = input.data.data() + o * dim * inner + i;
      int64_t best = 0;
      for (int64_t j = 1; j < dim; ++j) {
        const float x = slice[j * inner];
        const float current = slice[best * inner];
        bool better;
        if (std::isnan(x) || std::isnan(current)) {
          better = std::isnan(x) && (!std::isnan(current) || selectLast);
        } else if (x == current) {
          better = selectLast;
        } else {
          better = largest ? x > current : x < current;
        }
        if (better) {
          best = j;
        }
      }
      output.data[o * inner + i] = static_cast<float>(best);
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

} // namespace

LogicalResult ArgMaxOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  return inferArgExtremumOnCPU(*this, getAxis(), getKeepDims(),
                               getSelectLastIndex(),
                               /*largest=*/true, inputs, outputs);
}

LogicalResult ArgMinOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  return inferArgExtremumOnCPU(*this, getAxis(), getKeepDims(),
                               getSelectLastIndex(),
                               /*largest=*/false, inputs, outputs);
}

LogicalResult CumSumOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<int64_t> axis =
      detail::normalizeAxis(opErrors(*this), getAxis(), input.shape.size());
  if (failed(axis)) {
    return failure();
  }
  const int64_t dim = input.shape[*axis];
  const int64_t outer =
      HostTensor::getNumElements(ArrayRef(input.shape).take_front(*axis));
  const int64_t inner =
      HostTensor::getNumElements(ArrayRef(input.shape).drop_front(*axis + 1));
  const bool exclusive = getExclusive();
  const bool reverse = getReverse();
  HostTensor output = HostTensor::filled(input.shape);
  std::vector<float> sums(inner);
  for (int64_t o = 0; o < outer; ++o) {
    std::fill(sums.begin(), sums.end(), 0.0f);
    for (int64_t step = 0; step < dim; ++step) {
      const int64_t j = reverse ? dim - 1 - step : step;
      const float *in = input.data.data() + (o * dim + j) * inner;
      float *out = output.data.data() + (o * dim + j) * inner;
      if (exclusive) {
        for (int64_t i = 0; i < inner; ++i) {
          out[i] = sums[i];
          sums[i] += in[i];
        }
      } else {
        for (int64_t i = 0; i < inner; ++i) {
          sums[i] += in[i];
          out[i] = sums[i];
        }
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

/// DepthToSpace / SpaceToDepth: a 6-D transposed copy.
static LogicalResult inferDepthSpace(Operation *op, ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs,
                                     int64_t blockSize, DepthToSpaceMode mode,
                                     bool toSpace) {
  if (failed(detail::checkInferenceInputs(op, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<DimVector> shape = detail::inferDepthSpaceShape(
      opErrors(op), input.shape, blockSize, toSpace);
  if (failed(shape)) {
    return failure();
  }
  DimVector view, perm;
  detail::getDepthSpaceTranspose(input.shape, blockSize, toSpace, mode, view,
                                 perm);
  outputs.push_back(transposeView(input, view, perm, *shape));
  return success();
}

LogicalResult DepthToSpaceOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                         SmallVectorImpl<HostTensor> &outputs) {
  return inferDepthSpace(*this, inputs, outputs, getBlockSize(), getMode(),
                         true);
}

LogicalResult SpaceToDepthOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                         SmallVectorImpl<HostTensor> &outputs) {
  return inferDepthSpace(*this, inputs, outputs, getBlockSize(), getMode(),
                         false);
}

} // namespace mlir::vpuc::IE
