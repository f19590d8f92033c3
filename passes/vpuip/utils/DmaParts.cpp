//===- DmaParts.cpp - A copy as DMAs of bounded size ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements emitDmaParts.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/DmaParts.h"

#include <algorithm>
#include <optional>

#include "dialects/common/ConstantSlicing.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"

namespace mlir::vpuc::VPUIP {

int64_t getDmaBytes(Value buffer) {
  return BufferType(llvm::cast<MemRefType>(buffer.getType()))
      .getDataSize()
      .toBytes()
      .count();
}

namespace {

/// emitDmaParts once it is known to succeed.
struct PartEmitter {
  OpBuilder &builder;
  Location loc;
  int64_t port;
  int64_t maxBytes;
  SmallVectorImpl<Value> &parts;
  ConstantParts *constants;

  /// The part `offsets`/`sizes` of `input`: a constant of that slice of a
  /// constant buffer, else a view.
  Value getInputPart(Value input, ArrayRef<int64_t> offsets,
                     ArrayRef<int64_t> sizes) {
    const ConstantSlicingInterface *slicing = getConstantSlicing(input);
    if (!slicing) {
      return builder.create<SubViewOp>(loc, input, offsets, sizes);
    }
    ConstantPartKey key(input.getAsOpaquePointer(),
                        SmallVector<int64_t>(offsets.begin(), offsets.end()),
                        SmallVector<int64_t>(sizes.begin(), sizes.end()));
    if (constants) {
      auto it = constants->find(key);
      if (it != constants->end()) {
        return it->second;
      }
    }
    Value part = slicing->sliceConstant(builder, loc, input, offsets, sizes);
    if (constants) {
      constants->emplace(std::move(key), part);
    }
    return part;
  }

  void emit(Value input, Value output);
};

} // namespace

void PartEmitter::emit(Value input, Value output) {
  const int64_t bytes = getDmaBytes(input);
  if (bytes <= maxBytes) {
    parts.push_back(builder.create<NNDMAOp>(
        loc, output.getType(), input, output, static_cast<uint64_t>(port)));
    return;
  }
  BufferType outType(llvm::cast<MemRefType>(output.getType()));
  ArrayRef<int64_t> shape = outType.getType().getShape();
  std::optional<int64_t> dim;
  for (shape::Dim candidate : outType.getOrder().toPermutation()) {
    if (shape[candidate.ind()] > 1) {
      dim = candidate.ind();
      break;
    }
  }
  assert(dim && "a copy of one element larger than a part was not rejected");
  const int64_t extent = shape[*dim];
  const int64_t sliceBytes = bytes / extent;
  const int64_t perPart = std::max<int64_t>(maxBytes / sliceBytes, 1);
  const int64_t count = (extent + perPart - 1) / perPart;
  SmallVector<int64_t> offsets(shape.size(), 0);
  SmallVector<int64_t> sizes(shape);
  for (int64_t i = 0, offset = 0; i < count; ++i) {
    const int64_t size = extent / count + (i < extent % count ? 1 : 0);
    offsets[*dim] = offset;
    sizes[*dim] = size;
    offset += size;
    Value inPart = getInputPart(input, offsets, sizes);
    Value outPart = builder.create<SubViewOp>(loc, output, offsets, sizes);
    emit(inPart, outPart);
  }
}

LogicalResult emitDmaParts(OpBuilder &builder, Location loc, Value input,
                           Value output, int64_t port, int64_t maxBytes,
                           SmallVectorImpl<Value> &parts,
                           ConstantParts *constants) {
  if (getDmaBytes(input) > maxBytes) {
    BufferType outType(llvm::cast<MemRefType>(output.getType()));
    const int64_t elementBits = outType.getElemTypeSize().count();
    if (elementBits < 8 || elementBits / 8 > maxBytes) {
      return failure();
    }
    // A task reads constant buffers directly, not through views.
    Operation *def = input.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>() &&
        !getConstantSlicing(input)) {
      return failure();
    }
  }
  PartEmitter{builder, loc, port, maxBytes, parts, constants}.emit(input,
                                                                   output);
  return success();
}

} // namespace mlir::vpuc::VPUIP
