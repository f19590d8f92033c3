//===- ExtraOpUtils.cpp - Shape computations of the IEOpsExtra.td ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// See ExtraOpUtils.h. Every check emits its message through the caller's
// ErrorFn, so the verifier, type inference and the host kernels report the same
// text.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/ExtraOpUtils.h"

#include <cmath>
#include <limits>

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/utils/Broadcast.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE::detail {

static bool isDynamic(int64_t dim) { return ShapedType::isDynamic(dim); }

/// Formats a list of doubles as "[1.000000e+00, 2.500000e+00]".
static std::string formatDoubles(ArrayRef<double> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(values, os);
  os << ']';
  return os.str();
}

//===----------------------------------------------------------------------===//
// Interpolate
//===----------------------------------------------------------------------===//

FailureOr<InterpolateGeometry>
inferInterpolateGeometry(ErrorFn emitError, ArrayRef<int64_t> input,
                         std::optional<ArrayRef<double>> scales,
                         std::optional<ArrayRef<int64_t>> sizes,
                         std::optional<ArrayRef<double>> roi,
                         InterpolateCoordMode coordMode) {
  const int64_t rank = input.size();
  if (scales.has_value() == sizes.has_value()) {
    return emitError() << "expects exactly one of 'scales' and 'sizes'";
  }
  if (scales && static_cast<int64_t>(scales->size()) != rank) {
    return emitError() << "'scales' has " << scales->size()
                       << " entries but the input has rank " << rank;
  }
  if (sizes && static_cast<int64_t>(sizes->size()) != rank) {
    return emitError() << "'sizes' has " << sizes->size()
                       << " entries but the input has rank " << rank;
  }
  const bool crop = coordMode == InterpolateCoordMode::TF_CROP_AND_RESIZE;
  if (crop && !roi) {
    return emitError() << "coordinate mode tf_crop_and_resize needs 'roi'";
  }
  if (!crop && roi) {
    return emitError()
           << "'roi' is only allowed with coordinate mode tf_crop_and_resize";
  }
  if (roi && static_cast<int64_t>(roi->size()) != 2 * rank) {
    return emitError() << "'roi' has " << roi->size()
                       << " entries but needs 2 * rank = " << 2 * rank;
  }
  InterpolateGeometry geometry;
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t in = input[d];
    if (in == 0) {
      return emitError() << "cannot interpolate dim " << d << " of size 0";
    }
    if (scales) {
      const double scale = (*scales)[d];
      if (!(scale > 0.0) || !std::isfinite(scale)) {
        return emitError() << "'scales' " << formatDoubles(*scales)
                           << " must be finite and positive";
      }
      geometry.scales.push_back(scale);
      if (isDynamic(in)) {
        geometry.shape.push_back(ShapedType::kDynamic);
        geometry.resizedLengths.push_back(0.0);
        continue;
      }
      const double length = static_cast<double>(in) * scale;
      if (length >= static_cast<double>(std::numeric_limits<int32_t>::max())) {
        return emitError() << "dim " << d << " of size " << in << " scaled by "
                           << scale << " is too large";
      }
      geometry.shape.push_back(static_cast<int64_t>(std::floor(length)));
      geometry.resizedLengths.push_back(length);
      continue;
    }
    const int64_t size = (*sizes)[d];
    if (size <= 0) {
      return emitError() << "'sizes' " << formatShape(*sizes)
                         << " must be positive";
    }
    geometry.shape.push_back(size);
    geometry.resizedLengths.push_back(static_cast<double>(size));
    geometry.scales.push_back(isDynamic(in) ? 0.0
                                            : static_cast<double>(size) /
                                                  static_cast<double>(in));
  }
  return geometry;
}

//===----------------------------------------------------------------------===//
// Quantisation
//===----------------------------------------------------------------------===//

LogicalResult verifyQuantizedElementType(ErrorFn emitError, Type elemType,
                                         ArrayRef<int64_t> shape,
                                         StringRef what) {
  if (!llvm::isa<quant::UniformQuantizedType,
                 quant::UniformQuantizedPerAxisType>(elemType)) {
    return emitError() << what << " " << elemType
                       << " is not a uniform quantized type (!quant.uniform)";
  }
  auto quantType = llvm::cast<quant::QuantizedType>(elemType);
  if (!llvm::isa<FloatType>(quantType.getExpressedType())) {
    return emitError() << what << " " << elemType
                       << " does not express a float type";
  }
  auto perAxis = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(elemType);
  if (!perAxis) {
    return success();
  }
  const int64_t axis = perAxis.getQuantizedDimension();
  if (axis >= static_cast<int64_t>(shape.size())) {
    return emitError() << what << " " << elemType << " quantizes dim " << axis
                       << " of a tensor of rank " << shape.size();
  }
  const int64_t count = perAxis.getScales().size();
  if (!isDynamic(shape[axis]) && shape[axis] != count) {
    return emitError() << what << " " << elemType << " has " << count
                       << " scales but quantized dim " << axis << " has size "
                       << shape[axis];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// StridedSlice
//===----------------------------------------------------------------------===//

/// Checks that `mask` is empty or holds one 0 / 1 per dim.
static LogicalResult verifyMask(ErrorFn emitError, ArrayRef<int64_t> mask,
                                int64_t rank, StringRef name) {
  if (mask.empty()) {
    return success();
  }
  if (static_cast<int64_t>(mask.size()) != rank) {
    return emitError() << "'" << name << "' has " << mask.size()
                       << " entries but the input has rank " << rank;
  }
  for (int64_t bit : mask) {
    if (bit != 0 && bit != 1) {
      return emitError() << "'" << name << "' " << formatShape(mask)
                         << " may only hold 0 and 1";
    }
  }
  return success();
}

FailureOr<SliceDims>
inferStridedSliceDims(ErrorFn emitError, ArrayRef<int64_t> input,
                      ArrayRef<int64_t> begins, ArrayRef<int64_t> ends,
                      ArrayRef<int64_t> strides, ArrayRef<int64_t> beginMask,
                      ArrayRef<int64_t> endMask) {
  const int64_t rank = input.size();
  for (auto [name, values] :
       {std::pair<StringRef, ArrayRef<int64_t>>{"begins", begins},
        {"ends", ends},
        {"strides", strides}}) {
    if (static_cast<int64_t>(values.size()) != rank) {
      return emitError() << "'" << name << "' has " << values.size()
                         << " entries but the input has rank " << rank;
    }
  }
  if (failed(verifyMask(emitError, beginMask, rank, "begin_mask")) ||
      failed(verifyMask(emitError, endMask, rank, "end_mask"))) {
    return failure();
  }
  SliceDims dims;
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t stride = strides[d];
    if (stride == 0) {
      return emitError() << "'strides' " << formatShape(strides)
                         << " has a zero stride";
    }
    dims.steps.push_back(stride);
    if (isDynamic(input[d])) {
      dims.starts.push_back(0);
      dims.shape.push_back(ShapedType::kDynamic);
      continue;
    }
    const bool maskBegin = !beginMask.empty() && beginMask[d] == 1;
    const bool maskEnd = !endMask.empty() && endMask[d] == 1;
    const int64_t begin = maskBegin ? (stride > 0 ? 0 : kMax) : begins[d];
    const int64_t end = maskEnd ? (stride > 0 ? kMax : kMin) : ends[d];
    auto [start, size] = resolveSliceDim(begin, end, stride, input[d]);
    dims.starts.push_back(start);
    dims.shape.push_back(size);
  }
  return dims;
}

//===----------------------------------------------------------------------===//
// Broadcast
//===----------------------------------------------------------------------===//

FailureOr<DimVector>
inferBroadcastShape(ErrorFn emitError, ArrayRef<int64_t> input,
                    ArrayRef<int64_t> target, BroadcastMode mode,
                    std::optional<ArrayRef<int64_t>> axesMapping,
                    DimVector &inputAxes) {
  for (int64_t dim : target) {
    if (dim < 0) {
      return emitError() << "target shape " << formatShape(target)
                         << " has a negative dim";
    }
  }
  const int64_t inRank = input.size();
  const int64_t targetRank = target.size();
  const bool isExplicit = mode == BroadcastMode::EXPLICIT;
  if (isExplicit != axesMapping.has_value()) {
    return emitError() << "'axes_mapping' is required with mode explicit and "
                          "only allowed there";
  }
  inputAxes.clear();
  if (mode == BroadcastMode::BIDIRECTIONAL) {
    std::optional<SmallVector<int64_t, 6>> shape =
        broadcastShapes({input, target});
    if (!shape) {
      return emitError() << "input shape " << formatShape(input)
                         << " and target shape " << formatShape(target)
                         << " are not broadcastable";
    }
    for (int64_t i = 0; i < inRank; ++i) {
      inputAxes.push_back(i + static_cast<int64_t>(shape->size()) - inRank);
    }
    return DimVector(*shape);
  }
  if (isExplicit) {
    if (static_cast<int64_t>(axesMapping->size()) != inRank) {
      return emitError() << "'axes_mapping' " << formatShape(*axesMapping)
                         << " has " << axesMapping->size()
                         << " entries but the input has rank " << inRank;
    }
    inputAxes.assign(axesMapping->begin(), axesMapping->end());
  } else {
    if (inRank > targetRank) {
      return emitError() << "input shape " << formatShape(input)
                         << " does not broadcast to the target shape "
                         << formatShape(target);
    }
    for (int64_t i = 0; i < inRank; ++i) {
      inputAxes.push_back(i + targetRank - inRank);
    }
  }
  for (int64_t i = 0; i < inRank; ++i) {
    const int64_t axis = inputAxes[i];
    if (isExplicit && (axis < 0 || axis >= targetRank ||
                       (i > 0 && axis <= inputAxes[i - 1]))) {
      return emitError()
             << "'axes_mapping' " << formatShape(*axesMapping)
             << " must be strictly increasing dims of the target shape "
             << formatShape(target);
    }
    const int64_t dim = input[i];
    if (!isDynamic(dim) && dim != 1 && dim != target[axis]) {
      return emitError() << "input shape " << formatShape(input)
                         << " does not broadcast to the target shape "
                         << formatShape(target);
    }
  }
  return DimVector(target);
}

//===----------------------------------------------------------------------===//
// Range
//===----------------------------------------------------------------------===//

FailureOr<int64_t> inferRangeLength(ErrorFn emitError, double start,
                                    double limit, double delta,
                                    bool isInteger) {
  if (!std::isfinite(start) || !std::isfinite(limit) || !std::isfinite(delta)) {
    return emitError() << "start, limit and delta must be finite";
  }
  if (delta == 0.0) {
    return emitError() << "delta must not be 0";
  }
  if (isInteger && (start != std::trunc(start) || limit != std::trunc(limit) ||
                    delta != std::trunc(delta))) {
    return emitError() << "start " << start << ", limit " << limit
                       << " and delta " << delta
                       << " must be integers for an integer result";
  }
  const double count = std::ceil((limit - start) / delta);
  if (count >= static_cast<double>(std::numeric_limits<int32_t>::max())) {
    return emitError() << "the range has too many elements (" << count << ")";
  }
  return count > 0.0 ? static_cast<int64_t>(count) : 0;
}

//===----------------------------------------------------------------------===//
// AffineReshape
//===----------------------------------------------------------------------===//

LogicalResult verifyAffineReshape(ErrorFn emitError, ArrayRef<int64_t> input,
                                  ArrayRef<ArrayRef<int64_t>> dimMapping,
                                  ArrayRef<int64_t> target) {
  const int64_t inRank = input.size();
  const int64_t outRank = target.size();
  for (int64_t dim : target) {
    if (dim < 0) {
      return emitError() << "shape_value " << formatShape(target)
                         << " has a negative dim";
    }
  }
  if (inRank == 0 || outRank == 0) {
    return emitError() << "expects input and result ranks of at least 1";
  }
  if (static_cast<int64_t>(dimMapping.size()) != inRank) {
    return emitError() << "'dim_mapping' has " << dimMapping.size()
                       << " entries but the input has rank " << inRank;
  }
  int64_t expectedFirst = 0;
  for (int64_t i = 0; i < inRank; ++i) {
    ArrayRef<int64_t> dims = dimMapping[i];
    bool valid =
        !dims.empty() && (dims.front() == expectedFirst ||
                          (i > 0 && dims.front() == dimMapping[i - 1].back()));
    for (size_t j = 0; valid && j < dims.size(); ++j) {
      valid = dims[j] >= 0 && dims[j] < outRank &&
              (j == 0 || dims[j] == dims[j - 1] + 1);
    }
    if (!valid) {
      return emitError()
             << "'dim_mapping' entry " << i << " " << formatShape(dims)
             << " is not a run of consecutive result dims continuing entry "
             << i - 1;
    }
    expectedFirst = dims.back() + 1;
  }
  if (expectedFirst != outRank) {
    return emitError() << "'dim_mapping' does not cover all " << outRank
                       << " result dims";
  }
  // A result dim shared by two input dims is a merge: neither of them may be
  // split.
  for (int64_t i = 1; i < inRank; ++i) {
    ArrayRef<int64_t> prev = dimMapping[i - 1], dims = dimMapping[i];
    if (dims.front() == prev.back() && (dims.size() > 1 || prev.size() > 1)) {
      return emitError() << "input dims " << i - 1 << " and " << i
                         << " share result dim " << dims.front()
                         << ", so neither may be split";
    }
  }
  // Sizes: a split input dim is the product of its result dims; a merged result
  // dim the product of its input dims.
  for (int64_t i = 0; i < inRank;) {
    ArrayRef<int64_t> dims = dimMapping[i];
    if (dims.size() > 1) {
      int64_t product = 1;
      for (int64_t o : dims) {
        product *= target[o];
      }
      if (!isDynamic(input[i]) && product != input[i]) {
        return emitError() << "input dim " << i << " of size " << input[i]
                           << " is split into result dims of product "
                           << product;
      }
      ++i;
      continue;
    }
    int64_t last = i;
    while (last + 1 < inRank && dimMapping[last + 1].front() == dims.front()) {
      ++last;
    }
    int64_t product = 1;
    bool dynamic = false;
    for (int64_t j = i; j <= last; ++j) {
      dynamic |= isDynamic(input[j]);
      product *= isDynamic(input[j]) ? 1 : input[j];
    }
    if (!dynamic && product != target[dims.front()]) {
      return emitError() << "input dims " << i << " to " << last
                         << " of product " << product
                         << " do not match result dim " << dims.front()
                         << " of size " << target[dims.front()];
    }
    i = last + 1;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// PerAxisTile, GatherElements, ScatterNDUpdate, TopK
//===----------------------------------------------------------------------===//

FailureOr<DimVector> inferPerAxisTileShape(ErrorFn emitError,
                                           ArrayRef<int64_t> input,
                                           int64_t &axis, int64_t tiles) {
  FailureOr<int64_t> normalized = normalizeAxis(emitError, axis, input.size());
  if (failed(normalized)) {
    return failure();
  }
  axis = *normalized;
  if (tiles < 1) {
    return emitError() << "tiles " << tiles << " must be at least 1";
  }
  DimVector shape(input);
  if (!isDynamic(shape[axis])) {
    shape[axis] *= tiles;
  }
  return shape;
}

FailureOr<DimVector> inferGatherElementsShape(ErrorFn emitError,
                                              ArrayRef<int64_t> input,
                                              ArrayRef<int64_t> indices,
                                              int64_t &axis) {
  FailureOr<int64_t> normalized = normalizeAxis(emitError, axis, input.size());
  if (failed(normalized)) {
    return failure();
  }
  axis = *normalized;
  if (indices.size() != input.size()) {
    return emitError() << "indices of rank " << indices.size()
                       << " must have the input's rank " << input.size();
  }
  for (int64_t d = 0, e = input.size(); d < e; ++d) {
    if (d != axis && !isDynamic(input[d]) && !isDynamic(indices[d]) &&
        indices[d] > input[d]) {
      return emitError() << "indices shape " << formatShape(indices)
                         << " exceeds the input shape " << formatShape(input)
                         << " in dim " << d;
    }
  }
  return DimVector(indices);
}

LogicalResult verifyScatterNDShapes(ErrorFn emitError, ArrayRef<int64_t> input,
                                    ArrayRef<int64_t> indices,
                                    ArrayRef<int64_t> updates) {
  const int64_t rank = input.size();
  if (indices.empty()) {
    return emitError() << "indices must have rank of at least 1";
  }
  const int64_t k = indices.back();
  if (isDynamic(k)) {
    return emitError() << "the last dim of indices must be static";
  }
  if (k < 1 || k > rank) {
    return emitError() << "index tuples of size " << k
                       << " do not fit an input of rank " << rank;
  }
  DimVector expected(indices.drop_back());
  expected.append(input.begin() + k, input.end());
  bool matches = updates.size() == expected.size();
  for (size_t d = 0; matches && d < updates.size(); ++d) {
    matches = isDynamic(updates[d]) || isDynamic(expected[d]) ||
              updates[d] == expected[d];
  }
  if (!matches) {
    return emitError() << "updates shape " << formatShape(updates)
                       << " must be " << formatShape(expected)
                       << " (indices[:-1] + input[" << k << ":])";
  }
  return success();
}

FailureOr<DimVector> inferTopKShape(ErrorFn emitError, ArrayRef<int64_t> input,
                                    int64_t k, int64_t &axis) {
  FailureOr<int64_t> normalized = normalizeAxis(emitError, axis, input.size());
  if (failed(normalized)) {
    return failure();
  }
  axis = *normalized;
  if (k < 0) {
    return emitError() << "k " << k << " must not be negative";
  }
  if (!isDynamic(input[axis]) && k > input[axis]) {
    return emitError() << "k " << k << " exceeds dim " << axis << " of size "
                       << input[axis];
  }
  DimVector shape(input);
  shape[axis] = k;
  return shape;
}

//===----------------------------------------------------------------------===//
// DepthToSpace / SpaceToDepth
//===----------------------------------------------------------------------===//

FailureOr<DimVector> inferDepthSpaceShape(ErrorFn emitError,
                                          ArrayRef<int64_t> input,
                                          int64_t blockSize, bool toSpace) {
  if (input.size() != 4) {
    return emitError() << "expects a 4-D input [N, C, H, W], got rank "
                       << input.size();
  }
  if (blockSize < 1) {
    return emitError() << "block_size " << blockSize << " must be at least 1";
  }
  const int64_t area = blockSize * blockSize;
  DimVector shape(input);
  auto scale = [](int64_t dim, int64_t factor) {
    return isDynamic(dim) ? ShapedType::kDynamic : dim * factor;
  };
  if (toSpace) {
    if (!isDynamic(input[1]) && input[1] % area != 0) {
      return emitError() << "channels " << input[1]
                         << " are not a multiple of block_size^2 = " << area;
    }
    shape[1] = isDynamic(input[1]) ? ShapedType::kDynamic : input[1] / area;
    shape[2] = scale(input[2], blockSize);
    shape[3] = scale(input[3], blockSize);
    return shape;
  }
  for (int64_t d : {2, 3}) {
    if (!isDynamic(input[d]) && input[d] % blockSize != 0) {
      return emitError() << "spatial dim " << d << " of size " << input[d]
                         << " is not a multiple of block_size " << blockSize;
    }
    shape[d] =
        isDynamic(input[d]) ? ShapedType::kDynamic : input[d] / blockSize;
  }
  shape[1] = scale(input[1], area);
  return shape;
}

void getDepthSpaceTranspose(ArrayRef<int64_t> input, int64_t blockSize,
                            bool toSpace, DepthToSpaceMode mode,
                            DimVector &view, DimVector &perm) {
  const int64_t n = input[0], c = input[1], h = input[2], w = input[3],
                bs = blockSize;
  const bool dcr = mode == DepthToSpaceMode::DCR;
  if (toSpace) {
    const int64_t depth = c / (bs * bs);
    view = dcr ? DimVector{n, bs, bs, depth, h, w}
               : DimVector{n, depth, bs, bs, h, w};
    perm = dcr ? DimVector{0, 3, 4, 1, 5, 2} : DimVector{0, 1, 4, 2, 5, 3};
    return;
  }
  view = {n, c, h / bs, bs, w / bs, bs};
  perm = dcr ? DimVector{0, 3, 5, 1, 2, 4} : DimVector{0, 1, 3, 5, 2, 4};
}

} // namespace mlir::vpuc::IE::detail
