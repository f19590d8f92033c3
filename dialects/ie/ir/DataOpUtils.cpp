//===- DataOpUtils.cpp - Shape computations of the IE data movement ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Result shapes of Reshape, Squeeze, Unsqueeze, Flatten, Transpose, Concat,
// Split and Slice, with the checks and messages their verifiers and kernels
// share.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/DataOpUtils.h"

#include <algorithm>
#include <limits>

#include "dialects/ie/ir/IEOpUtils.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"

namespace mlir::vpuc::IE::detail {

static bool isDynamic(int64_t dim) { return ShapedType::isDynamic(dim); }

FailureOr<int64_t> normalizeAxis(ErrorFn emitError, int64_t axis, int64_t rank,
                                 StringRef what) {
  if (axis < -rank || axis >= rank) {
    return emitError() << what << " " << axis << " is out of range for rank "
                       << rank;
  }
  return axis < 0 ? axis + rank : axis;
}

FailureOr<DimVector> normalizeAxes(ErrorFn emitError, ArrayRef<int64_t> axes,
                                   int64_t rank) {
  DimVector result;
  SmallVector<bool, 6> seen(rank, false);
  for (int64_t axis : axes) {
    FailureOr<int64_t> normalized = normalizeAxis(emitError, axis, rank);
    if (failed(normalized)) {
      return failure();
    }
    if (seen[*normalized]) {
      return emitError() << "axes " << formatShape(axes) << " name dim "
                         << *normalized << " twice";
    }
    seen[*normalized] = true;
    result.push_back(*normalized);
  }
  return result;
}

DimVector getRowMajorStrides(ArrayRef<int64_t> shape) {
  DimVector strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d) {
    strides[d] = strides[d + 1] * shape[d + 1];
  }
  return strides;
}

/// The element count of `shape`, or nullopt if a dim is dynamic.
static std::optional<int64_t> getStaticCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (isDynamic(dim)) {
      return std::nullopt;
    }
    count *= dim;
  }
  return count;
}

FailureOr<DimVector> inferReshapeShape(ErrorFn emitError,
                                       ArrayRef<int64_t> input,
                                       ArrayRef<int64_t> target) {
  for (int64_t dim : target) {
    if (dim < 0) {
      return emitError() << "shape " << formatShape(target)
                         << " has the negative dim " << dim
                         << " (ONNX's 0 / -1 must be resolved by the importer)";
    }
  }
  std::optional<int64_t> inputCount = getStaticCount(input);
  int64_t targetCount = *getStaticCount(target);
  if (inputCount && *inputCount != targetCount) {
    return emitError() << "shape " << formatShape(target) << " has "
                       << targetCount << " elements but the input shape "
                       << formatShape(input) << " has " << *inputCount;
  }
  return DimVector(target);
}

FailureOr<DimVector> inferSqueezeShape(ErrorFn emitError,
                                       ArrayRef<int64_t> input,
                                       ArrayRef<int64_t> axes) {
  const int64_t rank = input.size();
  SmallVector<bool, 6> removed(rank, false);
  if (axes.empty()) {
    if (!getStaticCount(input)) {
      return emitError()
             << "expects a static input shape when axes is empty, got "
             << formatShape(input);
    }
    for (int64_t d = 0; d < rank; ++d) {
      removed[d] = input[d] == 1;
    }
  } else {
    FailureOr<DimVector> normalized = normalizeAxes(emitError, axes, rank);
    if (failed(normalized)) {
      return failure();
    }
    for (int64_t axis : *normalized) {
      if (input[axis] != 1 && !isDynamic(input[axis])) {
        return emitError() << "cannot squeeze dim " << axis << " of size "
                           << input[axis];
      }
      removed[axis] = true;
    }
  }
  DimVector result;
  for (int64_t d = 0; d < rank; ++d) {
    if (!removed[d]) {
      result.push_back(input[d]);
    }
  }
  return result;
}

FailureOr<DimVector> inferUnsqueezeShape(ErrorFn emitError,
                                         ArrayRef<int64_t> input,
                                         ArrayRef<int64_t> axes) {
  if (axes.empty()) {
    return emitError() << "expects at least one axis";
  }
  const int64_t rank = input.size() + axes.size();
  FailureOr<DimVector> normalized = normalizeAxes(emitError, axes, rank);
  if (failed(normalized)) {
    return failure();
  }
  DimVector result(rank, 0);
  SmallVector<bool, 6> inserted(rank, false);
  for (int64_t axis : *normalized) {
    inserted[axis] = true;
  }
  size_t next = 0;
  for (int64_t d = 0; d < rank; ++d) {
    result[d] = inserted[d] ? 1 : input[next++];
  }
  return result;
}

FailureOr<DimVector> inferFlattenShape(ErrorFn emitError,
                                       ArrayRef<int64_t> input, int64_t axis) {
  const int64_t rank = input.size();
  if (axis < -rank || axis > rank) {
    return emitError() << "axis " << axis << " is out of range [" << -rank
                       << ", " << rank << "]";
  }
  if (axis < 0) {
    axis += rank;
  }
  auto product = [](ArrayRef<int64_t> dims) -> int64_t {
    std::optional<int64_t> count = getStaticCount(dims);
    return count ? *count : ShapedType::kDynamic;
  };
  return DimVector{product(input.take_front(axis)),
                   product(input.drop_front(axis))};
}

FailureOr<DimVector> inferTransposeShape(ErrorFn emitError,
                                         ArrayRef<int64_t> input,
                                         ArrayRef<int64_t> perm) {
  const int64_t rank = input.size();
  SmallVector<bool, 6> seen(rank, false);
  bool valid = static_cast<int64_t>(perm.size()) == rank;
  for (size_t i = 0; valid && i < perm.size(); ++i) {
    valid = perm[i] >= 0 && perm[i] < rank && !seen[perm[i]];
    if (valid) {
      seen[perm[i]] = true;
    }
  }
  if (!valid) {
    return emitError() << "perm " << formatShape(perm)
                       << " is not a permutation of " << rank << " dimensions";
  }
  DimVector result;
  for (int64_t p : perm) {
    result.push_back(input[p]);
  }
  return result;
}

FailureOr<DimVector> inferConcatShape(ErrorFn emitError,
                                      ArrayRef<ArrayRef<int64_t>> inputs,
                                      int64_t &axis) {
  if (inputs.empty()) {
    return emitError() << "expects at least one input";
  }
  const int64_t rank = inputs.front().size();
  FailureOr<int64_t> normalized = normalizeAxis(emitError, axis, rank);
  if (failed(normalized)) {
    return failure();
  }
  axis = *normalized;
  DimVector result(inputs.front());
  for (auto [index, shape] : llvm::enumerate(inputs.drop_front())) {
    if (static_cast<int64_t>(shape.size()) != rank) {
      return emitError() << "concat input #" << index + 1 << " has rank "
                         << shape.size() << " but input #0 has rank " << rank;
    }
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis) {
        result[d] = isDynamic(result[d]) || isDynamic(shape[d])
                        ? ShapedType::kDynamic
                        : result[d] + shape[d];
        continue;
      }
      if (isDynamic(result[d])) {
        result[d] = shape[d];
      } else if (!isDynamic(shape[d]) && shape[d] != result[d]) {
        return emitError() << "concat inputs differ in dimension " << d << ": "
                           << result[d] << " vs " << shape[d];
      }
    }
  }
  return result;
}

FailureOr<SmallVector<DimVector, 4>>
inferSplitShapes(ErrorFn emitError, ArrayRef<int64_t> input, int64_t &axis,
                 ArrayRef<int64_t> splits) {
  FailureOr<int64_t> normalized = normalizeAxis(emitError, axis, input.size());
  if (failed(normalized)) {
    return failure();
  }
  axis = *normalized;
  if (splits.empty()) {
    return emitError() << "expects at least one split";
  }
  int64_t sum = 0;
  for (int64_t size : splits) {
    if (size < 0) {
      return emitError() << "splits " << formatShape(splits)
                         << " has the negative size " << size;
    }
    sum += size;
  }
  if (!isDynamic(input[axis]) && sum != input[axis]) {
    return emitError() << "splits " << formatShape(splits) << " sum to " << sum
                       << " but dim " << axis << " has size " << input[axis];
  }
  SmallVector<DimVector, 4> result;
  for (int64_t size : splits) {
    DimVector shape(input);
    shape[axis] = size;
    result.push_back(std::move(shape));
  }
  return result;
}

std::pair<int64_t, int64_t> resolveSliceDim(int64_t start, int64_t end,
                                            int64_t step, int64_t dim) {
  // Negative positions count from the end (saturating: INT64_MIN stays far
  // below 0).
  if (start < 0) {
    start = start < -dim ? -1 : start + dim;
  }
  if (end < 0) {
    end = end < -dim ? -1 : end + dim;
  }
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
    return {start, end > start ? (end - start - 1) / step + 1 : 0};
  }
  start = std::clamp<int64_t>(start, 0, dim - 1);
  end = std::clamp<int64_t>(end, -1, dim - 1);
  const int64_t magnitude = step == std::numeric_limits<int64_t>::min()
                                ? std::numeric_limits<int64_t>::max()
                                : -step;
  return {start, start > end ? (start - end - 1) / magnitude + 1 : 0};
}

FailureOr<SliceDims> inferSliceDims(ErrorFn emitError, ArrayRef<int64_t> input,
                                    ArrayRef<int64_t> starts,
                                    ArrayRef<int64_t> ends,
                                    std::optional<ArrayRef<int64_t>> axes,
                                    std::optional<ArrayRef<int64_t>> steps) {
  const int64_t rank = input.size();
  const size_t count = starts.size();
  if (ends.size() != count || (axes && axes->size() != count) ||
      (steps && steps->size() != count)) {
    return emitError()
           << "expects starts, ends, axes and steps of one length, got "
           << starts.size() << ", " << ends.size() << ", "
           << (axes ? axes->size() : count) << " and "
           << (steps ? steps->size() : count);
  }
  DimVector defaultAxes;
  for (size_t i = 0; i < count; ++i) {
    defaultAxes.push_back(i);
  }
  FailureOr<DimVector> normalized = normalizeAxes(
      emitError, axes ? *axes : ArrayRef<int64_t>(defaultAxes), rank);
  if (failed(normalized)) {
    return failure();
  }
  SliceDims dims;
  dims.starts.assign(rank, 0);
  dims.steps.assign(rank, 1);
  dims.shape.assign(input.begin(), input.end());
  for (size_t i = 0; i < count; ++i) {
    const int64_t axis = (*normalized)[i];
    const int64_t step = steps ? (*steps)[i] : 1;
    if (step == 0) {
      return emitError() << "step of axis " << axis << " must not be 0";
    }
    dims.steps[axis] = step;
    if (isDynamic(input[axis])) {
      continue;
    }
    auto [start, size] = resolveSliceDim(starts[i], ends[i], step, input[axis]);
    dims.starts[axis] = start;
    dims.shape[axis] = size;
  }
  return dims;
}

FailureOr<DimVector> inferPadShape(ErrorFn emitError, ArrayRef<int64_t> input,
                                   ArrayRef<int64_t> padsBegin,
                                   ArrayRef<int64_t> padsEnd, int mode) {
  const size_t rank = input.size();
  if (padsBegin.size() != rank || padsEnd.size() != rank) {
    return emitError() << "expects pads_begin and pads_end of " << rank
                       << " entries (one per dim), got " << padsBegin.size()
                       << " and " << padsEnd.size();
  }
  DimVector result;
  for (size_t d = 0; d < rank; ++d) {
    const int64_t begin = padsBegin[d];
    const int64_t end = padsEnd[d];
    if (begin < 0 || end < 0) {
      return emitError() << "pads of dim " << d << " must be non-negative, got "
                         << begin << " and " << end;
    }
    if (isDynamic(input[d])) {
      result.push_back(ShapedType::kDynamic);
      continue;
    }
    if (mode == 2 && (begin >= input[d] || end >= input[d])) {
      return emitError() << "reflect pads " << begin << " and " << end
                         << " of dim " << d << " must be smaller than its size "
                         << input[d];
    }
    if (mode == 1 && input[d] == 0 && begin + end > 0) {
      return emitError() << "cannot edge-pad the empty dim " << d;
    }
    result.push_back(input[d] + begin + end);
  }
  return result;
}

FailureOr<DimVector> inferTileShape(ErrorFn emitError, ArrayRef<int64_t> input,
                                    ArrayRef<int64_t> repeats) {
  if (repeats.size() != input.size()) {
    return emitError() << "expects " << input.size()
                       << " repeats (one per dim), got " << repeats.size();
  }
  DimVector result;
  for (auto [dim, repeat] : llvm::zip_equal(input, repeats)) {
    if (repeat < 0) {
      return emitError() << "repeats " << formatShape(repeats)
                         << " has the negative entry " << repeat;
    }
    result.push_back(isDynamic(dim) ? ShapedType::kDynamic : dim * repeat);
  }
  return result;
}

FailureOr<DimVector> inferGatherShape(ErrorFn emitError,
                                      ArrayRef<int64_t> input,
                                      ArrayRef<int64_t> indices,
                                      int64_t &axis) {
  FailureOr<int64_t> normalized = normalizeAxis(emitError, axis, input.size());
  if (failed(normalized)) {
    return failure();
  }
  axis = *normalized;
  DimVector result(input.take_front(axis));
  result.append(indices.begin(), indices.end());
  result.append(input.begin() + axis + 1, input.end());
  return result;
}

} // namespace mlir::vpuc::IE::detail
