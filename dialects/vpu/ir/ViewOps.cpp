//===- ViewOps.cpp - VPU view ops -------------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The checks of VPU.Reshape beyond IE.Reshape's, the inputs of VPU.Concat,
// and VPU.Slice: verifier, result type, host inference and cost.
//
//===----------------------------------------------------------------------===//

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/vpu/ir/VPUOps.h"

namespace mlir::vpuc::VPU {

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  FailureOr<shape::DimsOrder> order = shape::getOrder(getInput().getType());
  if (succeeded(order) && !order->isIdentity()) {
    return emitOpError()
           << "reads the row-major elements of its input, which must have "
              "the default order to be viewed, got "
           << order->getName() << "; reorder it first (VPU.SW.Reorder)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ConcatOp
//===----------------------------------------------------------------------===//

int64_t getConcatAxis(ConcatOp concat) {
  // The attribute is signed; the accessor's uint64_t would lose the sign.
  const int64_t axis = concat.getAxisAttr().getInt();
  return axis < 0
             ? axis + llvm::cast<RankedTensorType>(concat.getType()).getRank()
             : axis;
}

Value getConcatInputAt(ConcatOp concat, ArrayRef<int64_t> offsets,
                       ArrayRef<int64_t> sizes) {
  const int64_t rank = llvm::cast<RankedTensorType>(concat.getType()).getRank();
  const int64_t axis = getConcatAxis(concat);
  if (static_cast<int64_t>(offsets.size()) != rank ||
      static_cast<int64_t>(sizes.size()) != rank) {
    return nullptr;
  }
  int64_t begin = 0;
  for (Value input : concat.getInputs()) {
    ArrayRef<int64_t> shape =
        llvm::cast<RankedTensorType>(input.getType()).getShape();
    bool same = true;
    for (int64_t d = 0; d < rank && same; ++d) {
      same = offsets[d] == (d == axis ? begin : 0) && sizes[d] == shape[d];
    }
    if (same) {
      return input;
    }
    begin += shape[axis];
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::verifyBeforeInference() {
  auto emitError = [this] { return emitOpError(); };
  if (failed(verifyTensorType(getInput().getType(), emitError, "operand #0")) ||
      failed(verifyTensorType(getOutput().getType(), emitError, "result #0"))) {
    return failure();
  }
  ArrayRef<int64_t> shape = getInput().getType().getShape();
  ArrayRef<int64_t> offsets = getStaticOffsets();
  ArrayRef<int64_t> sizes = getStaticSizes();
  if (offsets.size() != shape.size() || sizes.size() != shape.size()) {
    return emitOpError()
           << "expects one offset and one size per dim of the rank-"
           << shape.size() << " input, got " << offsets.size()
           << " offsets and " << sizes.size() << " sizes";
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (offsets[d] < 0 || sizes[d] < 1 || offsets[d] > shape[d] - sizes[d]) {
      return emitOpError() << "dim " << d << ": the box [" << offsets[d] << ", "
                           << offsets[d] << " + " << sizes[d]
                           << ") is not a non-empty part of [0, " << shape[d]
                           << ")";
    }
  }
  return success();
}

LogicalResult
SliceOp::inferReturnTypes(MLIRContext *context,
                          std::optional<Location> location, Adaptor adaptor,
                          SmallVectorImpl<Type> &inferredReturnTypes) {
  auto input = llvm::cast<RankedTensorType>(adaptor.getInput().getType());
  ArrayRef<int64_t> sizes = adaptor.getStaticSizes();
  if (static_cast<int64_t>(sizes.size()) != input.getRank()) {
    return emitOptionalError(location, "expects one size per dim of the rank-",
                             input.getRank(), " input, got ", sizes.size());
  }
  // A box of a tensor keeps its order and its memory: the encoding is the
  // input's; a per-axis quantized type keeps the box's channels.
  inferredReturnTypes.push_back(RankedTensorType::get(
      sizes,
      shape::getSlicedElementType(input.getElementType(),
                                  adaptor.getStaticOffsets(), sizes),
      input.getEncoding()));
  return success();
}

LogicalResult SliceOp::inferOnCPU(ArrayRef<IE::HostTensor> inputs,
                                  SmallVectorImpl<IE::HostTensor> &outputs) {
  ArrayRef<int64_t> shape = getInput().getType().getShape();
  if (inputs.size() != 1 || !inputs.front().isConsistent() ||
      ArrayRef<int64_t>(inputs.front().shape) != shape) {
    return emitOpError()
           << "inference expects one input tensor of the input's shape";
  }
  const IE::HostTensor &input = inputs.front();
  ArrayRef<int64_t> offsets = getStaticOffsets();
  ArrayRef<int64_t> sizes = getStaticSizes();
  const size_t rank = shape.size();
  SmallVector<int64_t, 8> strides(rank, 1);
  for (size_t d = rank; d-- > 1;) {
    strides[d - 1] = strides[d] * shape[d];
  }
  IE::HostTensor output = IE::HostTensor::filled(sizes);
  SmallVector<int64_t, 8> index(rank, 0);
  const int64_t count = output.getNumElements();
  for (int64_t i = 0; i < count; ++i) {
    int64_t offset = 0;
    for (size_t d = 0; d < rank; ++d) {
      offset += (offsets[d] + index[d]) * strides[d];
    }
    output.data[i] = input.data[offset];
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < sizes[d]) {
        break;
      }
      index[d] = 0;
    }
  }
  outputs.push_back(std::move(output));
  return success();
}

std::optional<int64_t> SliceOp::getNumMACs() { return 0; }

std::optional<int64_t> SliceOp::getNumFLOPs() { return 0; }

} // namespace mlir::vpuc::VPU
