//===- InferenceUtils.h - Drivers of the IE host inference kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input checks, result rounding and the unary / broadcasting binary drivers
// shared by the inferOnCPU implementations. The drivers take the kernel as a
// template functor (a lambda), so it is inlined into a plain loop: no
// per-element indirect calls. Internal to dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_INFERENCEUTILS_H_
#define VPUC_DIALECTS_IE_IR_INFERENCEUTILS_H_

#include "dialects/ie/ir/HostElementType.h"
#include "dialects/ie/ir/IEAttributes.h"
#include "dialects/ie/utils/Broadcast.h"
#include "dialects/ie/utils/HostTensor.h"
#include "dialects/ie/utils/Rounding.h"
#include "mlir/IR/Operation.h"

namespace mlir::vpuc::IE::detail {

struct SliceDims;

/// Copies the `shape` elements read at `src` + dot(idx, srcStrides) to `dst` +
/// dot(idx, dstStrides) (element strides; through core/shape's stridedCopy).
void copyFloats(const float *src, ArrayRef<int64_t> srcStrides, float *dst,
                ArrayRef<int64_t> dstStrides, ArrayRef<int64_t> shape);

/// The elements of `input` that `dims` selects (per dim: first element, step,
/// count), the common kernel of IE.Slice and IE.StridedSlice.
HostTensor sliceHostTensor(const HostTensor &input, const SliceDims &dims);

/// Checks that `inputs` has one consistent tensor per operand of `op`, each
/// with the static dims of the operand's type; emits an error on `op`
/// otherwise.
LogicalResult checkInferenceInputs(Operation *op, ArrayRef<HostTensor> inputs);

/// Rounds the values of `tensor` to the element type of `result`.
void roundToResultType(HostTensor &tensor, Value result);

/// Computes the broadcast output shape of `shapes` under `mode`, emitting an
/// error on `op` when the actual shapes are incompatible.
FailureOr<SmallVector<int64_t, 6>>
broadcastInputShapes(Operation *op, ArrayRef<ArrayRef<int64_t>> shapes,
                     AutoBroadcastType mode);

template <typename Fn>
LogicalResult applyUnary(Operation *op, const HostTensor &input,
                         SmallVectorImpl<HostTensor> &outputs, Fn fn);

/// Runs `fn(float) -> float` over the single input of `op`.
template <typename Fn>
LogicalResult inferUnary(Operation *op, ArrayRef<HostTensor> inputs,
                         SmallVectorImpl<HostTensor> &outputs, Fn fn) {
  if (failed(checkInferenceInputs(op, inputs))) {
    return failure();
  }
  return applyUnary(op, inputs.front(), outputs, fn);
}

/// Applies `fn(float) -> float` to every value of `input` (already checked) and
/// appends the result, rounded to the type of the op's result.
template <typename Fn>
LogicalResult applyUnary(Operation *op, const HostTensor &input,
                         SmallVectorImpl<HostTensor> &outputs, Fn fn) {
  HostTensor output = HostTensor::filled(input.shape);
  const float *in = input.data.data();
  float *out = output.data.data();
  const int64_t count = input.getNumElements();
  for (int64_t i = 0; i < count; ++i) {
    out[i] = fn(in[i]);
  }
  roundToResultType(output, op->getResult(0));
  outputs.push_back(std::move(output));
  return success();
}

/// Runs `fn(float, float) -> float` over the broadcast of the first two inputs
/// of `op`.
template <typename Fn>
LogicalResult inferBinary(Operation *op, ArrayRef<HostTensor> inputs,
                          SmallVectorImpl<HostTensor> &outputs,
                          AutoBroadcastType mode, Fn fn) {
  if (failed(checkInferenceInputs(op, inputs))) {
    return failure();
  }
  const HostTensor &a = inputs[0];
  const HostTensor &b = inputs[1];
  FailureOr<SmallVector<int64_t, 6>> shape =
      broadcastInputShapes(op, {a.shape, b.shape}, mode);
  if (failed(shape)) {
    return failure();
  }
  HostTensor output = HostTensor::filled(*shape);
  BroadcastPlan plan = BroadcastPlan::get({a.shape, b.shape}, *shape);
  broadcastBinary(plan, a.data.data(), b.data.data(), output.data.data(), fn);
  roundToResultType(output, op->getResult(0));
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_INFERENCEUTILS_H_
