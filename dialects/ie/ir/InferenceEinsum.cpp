//===- InferenceEinsum.cpp - IE.Einsum kernel -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of IE.Einsum. The element offsets of every input are tabulated
// once for the output labels and once for the summed labels (row-major over
// each label list), so each output element is one plain loop over the summed
// positions: `out[o] = sum_s A[offA[o] + sumA[s]] * B[offB[o] + sumB[s]]`.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/EinsumEquation.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

namespace {

/// The element stride of each label in an input with `labels` and `shape` (0
/// for labels the input does not have).
detail::EinsumExtents getLabelStrides(ArrayRef<char> labels,
                                      ArrayRef<int64_t> shape) {
  detail::EinsumExtents strides;
  strides.fill(0);
  detail::DimVector rowMajor = detail::getRowMajorStrides(shape);
  for (auto [label, stride] : llvm::zip(labels, rowMajor)) {
    strides[static_cast<unsigned char>(label)] = stride;
  }
  return strides;
}

/// The offset, under `strides`, of every position of the labels `labels` with
/// `extents`, in row-major order over `labels` (one offset for an empty list).
std::vector<int64_t> tabulateOffsets(ArrayRef<char> labels,
                                     const detail::EinsumExtents &extents,
                                     const detail::EinsumExtents &strides) {
  std::vector<int64_t> offsets{0};
  for (char label : labels) {
    const int64_t extent = extents[static_cast<unsigned char>(label)];
    const int64_t stride = strides[static_cast<unsigned char>(label)];
    std::vector<int64_t> next;
    next.reserve(offsets.size() * extent);
    for (int64_t base : offsets) {
      for (int64_t i = 0; i < extent; ++i) {
        next.push_back(base + i * stride);
      }
    }
    offsets = std::move(next);
  }
  return offsets;
}

} // namespace

LogicalResult EinsumOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  auto emitError = [this] { return emitOpError(); };
  FailureOr<detail::EinsumEquation> parsed =
      detail::parseEinsumEquation(emitError, getEquation(), inputs.size());
  if (failed(parsed)) {
    return failure();
  }
  SmallVector<ArrayRef<int64_t>, 2> shapes;
  for (const HostTensor &input : inputs) {
    shapes.push_back(input.shape);
  }
  FailureOr<detail::EinsumExtents> extents =
      detail::getEinsumExtents(emitError, getEquation(), *parsed, shapes);
  if (failed(extents)) {
    return failure();
  }
  HostTensor output =
      HostTensor::filled(detail::getEinsumOutputShape(*parsed, *extents));
  float *out = output.data.data();

  detail::EinsumExtents stridesA =
      getLabelStrides(parsed->inputs[0], inputs[0].shape);
  std::vector<int64_t> outA =
      tabulateOffsets(parsed->output, *extents, stridesA);
  std::vector<int64_t> sumA =
      tabulateOffsets(parsed->summed, *extents, stridesA);
  const float *a = inputs[0].data.data();
  const size_t count = outA.size();
  const size_t sumCount = sumA.size();
  if (inputs.size() == 1) {
    for (size_t o = 0; o < count; ++o) {
      const float *base = a + outA[o];
      float acc = 0.0f;
      for (size_t s = 0; s < sumCount; ++s) {
        acc += base[sumA[s]];
      }
      out[o] = acc;
    }
  } else {
    detail::EinsumExtents stridesB =
        getLabelStrides(parsed->inputs[1], inputs[1].shape);
    std::vector<int64_t> outB =
        tabulateOffsets(parsed->output, *extents, stridesB);
    std::vector<int64_t> sumB =
        tabulateOffsets(parsed->summed, *extents, stridesB);
    const float *b = inputs[1].data.data();
    for (size_t o = 0; o < count; ++o) {
      const float *baseA = a + outA[o];
      const float *baseB = b + outB[o];
      float acc = 0.0f;
      for (size_t s = 0; s < sumCount; ++s) {
        acc += baseA[sumA[s]] * baseB[sumB[s]];
      }
      out[o] = acc;
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
