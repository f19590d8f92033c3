//===- DataOpUtils.h - Shape computations of the IE data movement ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The result shapes of the data movement / shape ops (IEOpsData.td) as
// functions of the input shapes and attributes. Result type inference and the
// verifiers call them on the static type shapes (dynamic dims are
// ShapedType::kDynamic and propagate), the host kernels on the actual shapes,
// so both agree on every check and its message. Internal to dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_DATAOPUTILS_H_
#define VPUC_DIALECTS_IE_IR_DATAOPUTILS_H_

#include <optional>

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE::detail {

/// Starts a diagnostic (an inactive one when errors are not to be reported).
using ErrorFn = llvm::function_ref<InFlightDiagnostic()>;

using DimVector = SmallVector<int64_t, 6>;

/// Returns `axis` in [0, rank), counting negative values from the end; emits
/// "<what> <axis> is out of range for rank <rank>" otherwise.
FailureOr<int64_t> normalizeAxis(ErrorFn emitError, int64_t axis, int64_t rank,
                                 StringRef what = "axis");

/// Normalises every entry of `axes` (see normalizeAxis) and checks that none
/// repeats.
FailureOr<DimVector> normalizeAxes(ErrorFn emitError, ArrayRef<int64_t> axes,
                                   int64_t rank);

/// The row-major (C order) element strides of `shape`.
DimVector getRowMajorStrides(ArrayRef<int64_t> shape);

/// IE.Reshape: `target` itself, after checking it is non-negative and has the
/// input's element count (when static).
FailureOr<DimVector> inferReshapeShape(ErrorFn emitError,
                                       ArrayRef<int64_t> input,
                                       ArrayRef<int64_t> target);

/// IE.Squeeze: the input shape without the dims `axes` (or without all 1-dims
/// when empty).
FailureOr<DimVector> inferSqueezeShape(ErrorFn emitError,
                                       ArrayRef<int64_t> input,
                                       ArrayRef<int64_t> axes);

/// IE.Unsqueeze: the input shape with 1-dims inserted at `axes` of the result.
FailureOr<DimVector> inferUnsqueezeShape(ErrorFn emitError,
                                         ArrayRef<int64_t> input,
                                         ArrayRef<int64_t> axes);

/// IE.Flatten: the 2-D shape split at `axis`.
FailureOr<DimVector> inferFlattenShape(ErrorFn emitError,
                                       ArrayRef<int64_t> input, int64_t axis);

/// IE.Transpose: the input dims in `perm` order, after checking `perm` is a
/// permutation.
FailureOr<DimVector> inferTransposeShape(ErrorFn emitError,
                                         ArrayRef<int64_t> input,
                                         ArrayRef<int64_t> perm);

/// IE.Concat: the concatenated shape; `axis` is normalised in place.
FailureOr<DimVector> inferConcatShape(ErrorFn emitError,
                                      ArrayRef<ArrayRef<int64_t>> inputs,
                                      int64_t &axis);

/// IE.Split: the shape of each part; `axis` is normalised in place.
FailureOr<SmallVector<DimVector, 4>> inferSplitShapes(ErrorFn emitError,
                                                      ArrayRef<int64_t> input,
                                                      int64_t &axis,
                                                      ArrayRef<int64_t> splits);

/// The per-dim parameters of an ONNX slice: the first element taken, the step
/// and the number of elements (start is 0 and the size dynamic when the input
/// dim is dynamic).
struct SliceDims {
  DimVector starts;
  DimVector steps;
  DimVector shape;
};

/// Returns the clamped start and the element count of one ONNX slice dim of
/// static size `dim` (step != 0).
std::pair<int64_t, int64_t> resolveSliceDim(int64_t start, int64_t end,
                                            int64_t step, int64_t dim);

/// IE.Slice: checks the attributes and resolves every dim of the input.
FailureOr<SliceDims> inferSliceDims(ErrorFn emitError, ArrayRef<int64_t> input,
                                    ArrayRef<int64_t> starts,
                                    ArrayRef<int64_t> ends,
                                    std::optional<ArrayRef<int64_t>> axes,
                                    std::optional<ArrayRef<int64_t>> steps);

/// IE.Pad: checks the pads (and, for `reflect` / `edge`, that the dims allow
/// them) and returns the padded shape. `mode` is 0 constant, 1 edge, 2 reflect
/// (IE::PadMode).
FailureOr<DimVector> inferPadShape(ErrorFn emitError, ArrayRef<int64_t> input,
                                   ArrayRef<int64_t> padsBegin,
                                   ArrayRef<int64_t> padsEnd, int mode);

/// IE.Tile: the input dims times `repeats`.
FailureOr<DimVector> inferTileShape(ErrorFn emitError, ArrayRef<int64_t> input,
                                    ArrayRef<int64_t> repeats);

/// IE.Gather: `input[:axis] + indices + input[axis + 1:]`; `axis` is normalised
/// in place.
FailureOr<DimVector> inferGatherShape(ErrorFn emitError,
                                      ArrayRef<int64_t> input,
                                      ArrayRef<int64_t> indices, int64_t &axis);

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_DATAOPUTILS_H_
