//===- InferenceScatter.cpp - Host kernels of the IE scatters and GatherND ===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of ScatterNDUpdate, ScatterElementsUpdate and GatherND: plain
// loops over row-major element offsets, every index resolved (negative from
// the end, out of range an error naming it) before its element is touched.
// The reductions combine in FP32, in index order.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>

#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

using detail::DimVector;

namespace {

/// An error emitter reporting on `op`.
auto opErrors(Operation *op) {
  return [op] { return op->emitOpError(); };
}

/// Resolves index `value` (truncated) of dim `dim` of size `size` of `op`'s
/// input: negative values count from the end; out of range is an error.
FailureOr<int64_t> resolveIndex(Operation *op, float value, int64_t dim,
                                int64_t size) {
  const double truncated = std::trunc(value);
  if (!(truncated >= -static_cast<double>(size) &&
        truncated < static_cast<double>(size))) {
    return op->emitOpError()
           << "index " << static_cast<int64_t>(truncated)
           << " is out of range for dim " << dim << " of size " << size;
  }
  const int64_t index = static_cast<int64_t>(truncated);
  return index < 0 ? index + size : index;
}

/// `element` combined with `update` by `reduction`.
float combine(ScatterReduction reduction, float element, float update) {
  switch (reduction) {
  case ScatterReduction::NONE:
    return update;
  case ScatterReduction::ADD:
    return element + update;
  case ScatterReduction::MUL:
    return element * update;
  case ScatterReduction::MAX:
    return std::isnan(element) || std::isnan(update)
               ? std::nanf("")
               : std::max(element, update);
  case ScatterReduction::MIN:
    return std::isnan(element) || std::isnan(update)
               ? std::nanf("")
               : std::min(element, update);
  }
  return update;
}

} // namespace

LogicalResult
ScatterNDUpdateOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                              SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const HostTensor &indices = inputs[1];
  const HostTensor &updates = inputs[2];
  if (failed(detail::verifyScatterNDShapes(opErrors(*this), input.shape,
                                           indices.shape, updates.shape))) {
    return failure();
  }
  const int64_t k = indices.shape.back();
  const DimVector inStrides = detail::getRowMajorStrides(input.shape);
  const int64_t sliceSize =
      HostTensor::getNumElements(ArrayRef(input.shape).drop_front(k));
  const int64_t tuples = k == 0 ? 0 : indices.getNumElements() / k;
  const ScatterReduction reduction = getReduction();
  HostTensor output = input;
  for (int64_t t = 0; t < tuples; ++t) {
    int64_t offset = 0;
    for (int64_t j = 0; j < k; ++j) {
      FailureOr<int64_t> resolved =
          resolveIndex(*this, indices.data[t * k + j], j, input.shape[j]);
      if (failed(resolved)) {
        return failure();
      }
      offset += *resolved * inStrides[j];
    }
    for (int64_t e = 0; e < sliceSize; ++e) {
      float &element = output.data[offset + e];
      element = combine(reduction, element, updates.data[t * sliceSize + e]);
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult
ScatterElementsUpdateOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const HostTensor &indices = inputs[1];
  const HostTensor &updates = inputs[2];
  int64_t axis = getAxis();
  if (failed(detail::inferGatherElementsShape(opErrors(*this), input.shape,
                                              indices.shape, axis))) {
    return failure();
  }
  if (updates.shape != indices.shape) {
    return emitOpError() << "updates shape "
                         << detail::formatShape(updates.shape)
                         << " must be the indices shape "
                         << detail::formatShape(indices.shape);
  }
  const int64_t rank = input.shape.size();
  const DimVector inStrides = detail::getRowMajorStrides(input.shape);
  const ScatterReduction reduction = getReduction();
  HostTensor output = input;
  const int64_t count = indices.getNumElements();
  DimVector index(rank, 0);
  // Offset in the input of `index` with the axis coordinate set to 0.
  int64_t base = 0;
  for (int64_t flat = 0; flat < count; ++flat) {
    FailureOr<int64_t> resolved =
        resolveIndex(*this, indices.data[flat], axis, input.shape[axis]);
    if (failed(resolved)) {
      return failure();
    }
    float &element = output.data[base + *resolved * inStrides[axis]];
    element = combine(reduction, element, updates.data[flat]);
    for (int64_t d = rank - 1; d >= 0; --d) {
      const int64_t step = d == axis ? 0 : inStrides[d];
      base += step;
      if (++index[d] < indices.shape[d]) {
        break;
      }
      base -= step * indices.shape[d];
      index[d] = 0;
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult GatherNDOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const HostTensor &indices = inputs[1];
  const int64_t b = getBatchDims();
  FailureOr<DimVector> shape = detail::inferGatherNDShape(
      opErrors(*this), input.shape, indices.shape, b);
  if (failed(shape)) {
    return failure();
  }
  const int64_t k = indices.shape.back();
  const int64_t batch =
      HostTensor::getNumElements(ArrayRef(input.shape).take_front(b));
  const int64_t perBatch =
      HostTensor::getNumElements(ArrayRef(input.shape).drop_front(b));
  const int64_t slice =
      HostTensor::getNumElements(ArrayRef(input.shape).drop_front(b + k));
  const int64_t tuples = HostTensor::getNumElements(
      ArrayRef(indices.shape).drop_front(b).drop_back());
  HostTensor output = HostTensor::filled(*shape);
  float *dst = output.data.data();
  for (int64_t n = 0; n < batch; ++n) {
    for (int64_t t = 0; t < tuples; ++t) {
      const float *tuple = indices.data.data() + (n * tuples + t) * k;
      int64_t offset = 0;
      for (int64_t j = 0; j < k; ++j) {
        FailureOr<int64_t> resolved =
            resolveIndex(*this, tuple[j], b + j, input.shape[b + j]);
        if (failed(resolved)) {
          return failure();
        }
        offset = offset * input.shape[b + j] + *resolved;
      }
      std::copy_n(input.data.begin() + n * perBatch + offset * slice, slice,
                  dst);
      dst += slice;
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
