//===- ExtraOpUtils.h - Shape computations of the IEOpsExtra.td ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The result shapes of Interpolate, StridedSlice, Broadcast, Range,
// AffineReshape, PerAxisTile, GatherElements, ScatterNDUpdate, TopK, CumSum,
// DepthToSpace and SpaceToDepth as functions of the input shapes and
// attributes, plus the quant type checks. Type inference and the verifiers call
// them on the type shapes (dynamic dims are ShapedType::kDynamic), the host
// kernels on the actual shapes, so both agree on every check and its message.
// Internal to dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_EXTRAOPUTILS_H_
#define VPUC_DIALECTS_IE_IR_EXTRAOPUTILS_H_

#include <optional>

#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/IEAttributes.h"

namespace mlir::vpuc::IE::detail {

//===----------------------------------------------------------------------===//
// Interpolate
//===----------------------------------------------------------------------===//

/// The per-dim geometry of an IE.Interpolate on a given input shape.
struct InterpolateGeometry {
  /// The output shape (dynamic where the input dim is and no size is given).
  DimVector shape;
  /// The scale of each dim: `scales[d]`, or `sizes[d] / input[d]` (0 when the
  /// input dim is dynamic).
  SmallVector<double, 6> scales;
  /// The length of the resized dim in the coordinate formulas: `sizes[d]`, or
  /// `input[d] * scales[d]`.
  SmallVector<double, 6> resizedLengths;
};

/// Checks the attributes of an IE.Interpolate on `input` and computes its
/// geometry.
FailureOr<InterpolateGeometry>
inferInterpolateGeometry(ErrorFn emitError, ArrayRef<int64_t> input,
                         std::optional<ArrayRef<double>> scales,
                         std::optional<ArrayRef<int64_t>> sizes,
                         std::optional<ArrayRef<double>> roi,
                         InterpolateCoordMode coordMode);

//===----------------------------------------------------------------------===//
// Quantisation
//===----------------------------------------------------------------------===//

/// Checks that `elemType` is a uniform quantized type (per tensor or per axis)
/// with integer storage of at most 32 bits that fits a tensor of shape `shape`
/// (the quantized dimension exists and, when static, has one scale per
/// element). `what` names the type in messages.
LogicalResult verifyQuantizedElementType(ErrorFn emitError, Type elemType,
                                         ArrayRef<int64_t> shape,
                                         StringRef what);

//===----------------------------------------------------------------------===//
// Data ops
//===----------------------------------------------------------------------===//

/// IE.StridedSlice: checks the attributes and resolves every dim of the input.
FailureOr<SliceDims>
inferStridedSliceDims(ErrorFn emitError, ArrayRef<int64_t> input,
                      ArrayRef<int64_t> begins, ArrayRef<int64_t> ends,
                      ArrayRef<int64_t> strides, ArrayRef<int64_t> beginMask,
                      ArrayRef<int64_t> endMask);

/// IE.Broadcast: the result shape; `inputAxes` receives, for each input dim,
/// the result dim it is aligned with.
FailureOr<DimVector>
inferBroadcastShape(ErrorFn emitError, ArrayRef<int64_t> input,
                    ArrayRef<int64_t> target, BroadcastMode mode,
                    std::optional<ArrayRef<int64_t>> axesMapping,
                    DimVector &inputAxes);

/// IE.Range: the number of elements, after checking delta and (for integer
/// results) that the parameters are integers.
FailureOr<int64_t> inferRangeLength(ErrorFn emitError, double start,
                                    double limit, double delta, bool isInteger);

/// IE.AffineReshape: checks `dimMapping` against the input shape and `target`.
LogicalResult verifyAffineReshape(ErrorFn emitError, ArrayRef<int64_t> input,
                                  ArrayRef<ArrayRef<int64_t>> dimMapping,
                                  ArrayRef<int64_t> target);

/// IE.PerAxisTile: the input shape with dim `axis` times `tiles`; `axis` is
/// normalised.
FailureOr<DimVector> inferPerAxisTileShape(ErrorFn emitError,
                                           ArrayRef<int64_t> input,
                                           int64_t &axis, int64_t tiles);

/// IE.GatherElements: the indices shape, after the rank / dim checks; `axis` is
/// normalised.
FailureOr<DimVector> inferGatherElementsShape(ErrorFn emitError,
                                              ArrayRef<int64_t> input,
                                              ArrayRef<int64_t> indices,
                                              int64_t &axis);

/// IE.ScatterNDUpdate: checks the indices and updates shapes against the input.
LogicalResult verifyScatterNDShapes(ErrorFn emitError, ArrayRef<int64_t> input,
                                    ArrayRef<int64_t> indices,
                                    ArrayRef<int64_t> updates);

/// IE.GatherND: `indices[:-1] + input[batchDims + k:]` (k the last indices
/// dim, static), after the rank, k and batch dim checks.
FailureOr<DimVector> inferGatherNDShape(ErrorFn emitError,
                                        ArrayRef<int64_t> input,
                                        ArrayRef<int64_t> indices,
                                        int64_t batchDims);

/// IE.TopK: the input shape with `k` at `axis`; `axis` is normalised.
FailureOr<DimVector> inferTopKShape(ErrorFn emitError, ArrayRef<int64_t> input,
                                    int64_t k, int64_t &axis);

/// IE.DepthToSpace (`toSpace`) / IE.SpaceToDepth: the 4-D result shape.
FailureOr<DimVector> inferDepthSpaceShape(ErrorFn emitError,
                                          ArrayRef<int64_t> input,
                                          int64_t blockSize, bool toSpace);

/// The 6-D view of the input and the permutation (result dim i = view dim
/// perm[i]) that implement DepthToSpace / SpaceToDepth on a static 4-D `input`.
void getDepthSpaceTranspose(ArrayRef<int64_t> input, int64_t blockSize,
                            bool toSpace, DepthToSpaceMode mode,
                            DimVector &view, DimVector &perm);

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_EXTRAOPUTILS_H_
