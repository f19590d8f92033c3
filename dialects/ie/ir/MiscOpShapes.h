//===- MiscOpShapes.h - Shape rules of the IEOpsMisc.td ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The operand checks and result shapes of the local normalisations, the
// recurrent layers, the detection helpers and the region pools (IEOpsMisc.td)
// as functions of operand shapes and attributes. Verifiers and result type
// inference call them on the type shapes (dynamic dims are
// ShapedType::kDynamic: checks that need them are skipped and they propagate),
// the host kernels on the actual shapes, so both report the same message.
// Einsum's rules are in EinsumEquation.h. Internal to dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_MISCOPSHAPES_H_
#define VPUC_DIALECTS_IE_IR_MISCOPSHAPES_H_

#include <cstdint>
#include <optional>

#include "dialects/ie/ir/DataOpUtils.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::IE::detail {

//===----------------------------------------------------------------------===//
// Local normalisations
//===----------------------------------------------------------------------===//

/// Checks that `input` has rank >= 2 ([N, C, ...]), as the channel
/// normalisations need.
LogicalResult checkChannelInput(ErrorFn emitError, ArrayRef<int64_t> input);

//===----------------------------------------------------------------------===//
// Recurrent layers
//===----------------------------------------------------------------------===//

/// The recurrent layer families.
enum class RNNKind { LSTMCell, LSTMSequence, GRUSequence };

/// The attributes the shape rules of a recurrent layer need.
struct RNNConfig {
  RNNKind kind;
  int64_t hiddenSize;
  /// 1, or 2 for a bidirectional sequence (1 for LSTMCell).
  int64_t numDirections = 1;
  /// GRU only: the bias has 4 instead of 3 gate blocks.
  bool linearBeforeReset = false;
};

/// The number of gate blocks of `kind` (4 for LSTM, 3 for GRU).
int64_t getNumGates(RNNKind kind);

/// Checks the operand shapes of a recurrent layer (in operand order, see
/// IEOpsMisc.td) and returns the result shapes in result order. Batch, sequence
/// length and input size are taken from the first operand with a static value
/// and must agree everywhere.
FailureOr<SmallVector<DimVector, 3>>
inferRNNShapes(ErrorFn emitError, const RNNConfig &config,
               ArrayRef<ArrayRef<int64_t>> operands);

/// Checks that `activations` has `count` entries, each `sigmoid`, `tanh` or
/// `relu`, and that `clip` (when given) is finite and > 0.
LogicalResult checkRNNAttributes(ErrorFn emitError,
                                 ArrayRef<llvm::StringRef> activations,
                                 size_t count, std::optional<double> clip);

//===----------------------------------------------------------------------===//
// Detection helpers
//===----------------------------------------------------------------------===//

/// IE.CTCGreedyDecoder: data [T, N, C] and sequence_mask [T, N] give [N, T, 1,
/// 1].
FailureOr<DimVector> inferCTCGreedyDecoderShape(ErrorFn emitError,
                                                ArrayRef<int64_t> data,
                                                ArrayRef<int64_t> mask);

/// The attributes of IE.RegionYolo.
struct RegionYoloConfig {
  int64_t coords;
  int64_t classes;
  int64_t num;
  bool doSoftmax;
  ArrayRef<int64_t> mask;
  int64_t axis;
  int64_t endAxis;
  size_t numAnchors;

  /// The number of regions: num with do_softmax, else the mask size.
  int64_t getNumRegions() const {
    return doSoftmax ? num : static_cast<int64_t>(mask.size());
  }
};

/// IE.RegionYolo: checks the attributes against the input [N, C, H, W] and
/// returns the result shape.
FailureOr<DimVector> inferRegionYoloShape(ErrorFn emitError,
                                          ArrayRef<int64_t> input,
                                          const RegionYoloConfig &config);

/// IE.ReorgYolo: [N, C, H, W] -> [N, C * s * s, H / s, W / s].
FailureOr<DimVector>
inferReorgYoloShape(ErrorFn emitError, ArrayRef<int64_t> input, int64_t stride);

//===----------------------------------------------------------------------===//
// Region-of-interest pools
//===----------------------------------------------------------------------===//

/// The attributes of IE.ROIAlign and IE.MaxROIPool.
struct RoiPoolConfig {
  int64_t pooledH;
  int64_t pooledW;
  double spatialScale;
  /// ROIAlign only; 0 for MaxROIPool.
  int64_t samplingRatio = 0;
  /// The values per region: 4 (ROIAlign) or 5 (MaxROIPool, batch index
  /// first).
  int64_t boxSize;
};

/// The largest `sampling_ratio` of IE.ROIAlign.
constexpr int64_t kMaxROIAlignSamplingRatio = 512;

/// IE.ROIAlign (with `batchIndices` [R]) and IE.MaxROIPool (without): checks
/// the attributes, the input [N, C, H, W] and the regions [R, boxSize], and
/// returns [R, C, pooledH, pooledW].
FailureOr<DimVector> inferRoiPoolShape(
    ErrorFn emitError, ArrayRef<int64_t> input, ArrayRef<int64_t> rois,
    std::optional<ArrayRef<int64_t>> batchIndices, const RoiPoolConfig &config);

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_MISCOPSHAPES_H_
