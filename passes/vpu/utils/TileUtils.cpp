//===- TileUtils.cpp - Slicing NCE ops into pieces --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements TileUtils.h.
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/utils/TileUtils.h"

#include <algorithm>

#include "core/shape/ShapedTypeUtils.h"
#include "core/support/Diagnostics.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/NCELimits.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::vpuc::VPU {

namespace {

RankedTensorType tensorOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// The storage bits of one element of `value` (a quantized type's storage
/// integer; the NCE ops' element types all have a size).
int64_t elementBits(Value value) {
  FailureOr<shape::Bit> bits =
      shape::getElemTypeSize(tensorOf(value).getElementType());
  return succeeded(bits) ? bits->count() : 0;
}

} // namespace

StringRef axisName(TileAxis axis) {
  switch (axis) {
  case TileAxis::Height:
    return "H";
  case TileAxis::OutputChannels:
    return "K";
  case TileAxis::Channels:
    return "C";
  }
  llvm_unreachable("unknown TileAxis");
}

FailureOr<OpGeometry> getGeometry(NCEOpInterface op) {
  OpGeometry geometry;
  Operation *operation = op.getOperation();
  geometry.channelAlignment = NCE::getTargetLimits(operation).channelAlignment;
  bool known =
      llvm::TypeSwitch<Operation *, bool>(operation)
          .Case<NCEConvolutionOp>([&](auto conv) {
            geometry.filter = conv.getFilter();
            geometry.bias = conv.getBias();
            geometry.hasWeightsTable = true;
            geometry.axes = {TileAxis::Height, TileAxis::OutputChannels};
            return true;
          })
          .Case<NCEDepthConvolutionOp>([&](auto conv) {
            geometry.filter = conv.getFilter();
            geometry.bias = conv.getBias();
            geometry.hasWeightsTable = true;
            geometry.axes = {TileAxis::Height, TileAxis::Channels};
            return true;
          })
          .Case<NCEMaxPoolOp, NCEAveragePoolOp>([&](auto) {
            geometry.axes = {TileAxis::Height, TileAxis::Channels};
            return true;
          })
          .Case<NCEEltwiseOp>([&](auto eltwise) {
            geometry.input2 = eltwise.getInput2();
            geometry.axes = {TileAxis::Height, TileAxis::Channels};
            return true;
          })
          .Default([](Operation *) { return false; });
  if (!known) {
    return failure();
  }
  geometry.input = op.getActivation();
  Value output = operation->getResult(0);
  geometry.inputShape.assign(tensorOf(geometry.input).getShape().begin(),
                             tensorOf(geometry.input).getShape().end());
  geometry.outputShape.assign(tensorOf(output).getShape().begin(),
                              tensorOf(output).getShape().end());
  geometry.inputBits = elementBits(geometry.input);
  geometry.outputBits = elementBits(output);
  if (geometry.filter) {
    ArrayRef<int64_t> shape = tensorOf(geometry.filter).getShape();
    geometry.filterShape.assign(shape.begin(), shape.end());
    geometry.filterBits = elementBits(geometry.filter);
  }
  geometry.kernel = op.getKernelSizeVector();
  geometry.strides = op.getStridesVector();
  geometry.padsBegin = op.getPadsBeginVector();
  geometry.padsEnd = op.getPadsEndVector();
  if (geometry.inputShape.size() != 4 || geometry.outputShape.size() != 4 ||
      geometry.kernel.size() != 2) {
    return failure();
  }
  return geometry;
}

namespace {

/// The split of `extent` (a multiple of `granule`) into `count` ranges of
/// whole granules, the larger first.
SmallVector<std::pair<int64_t, int64_t>>
splitRange(int64_t extent, int64_t granule, int64_t count) {
  const int64_t units = extent / granule;
  SmallVector<std::pair<int64_t, int64_t>> ranges;
  int64_t offset = 0;
  for (int64_t i = 0; i < count; ++i) {
    int64_t size = (units / count + (i < units % count ? 1 : 0)) * granule;
    ranges.emplace_back(offset, size);
    offset += size;
  }
  return ranges;
}

} // namespace

int64_t granuleOf(const OpGeometry &geometry, TileAxis axis) {
  return axis == TileAxis::Height ? 1 : geometry.channelAlignment;
}

int64_t extentOf(const OpGeometry &geometry, TileAxis axis) {
  return axis == TileAxis::Height ? geometry.outputShape[2]
                                  : geometry.outputShape[1];
}

int64_t maxTilesOf(const OpGeometry &geometry, TileAxis axis) {
  return std::max<int64_t>(extentOf(geometry, axis) / granuleOf(geometry, axis),
                           1);
}

TileBox rowBox(const OpGeometry &geometry, int64_t offset, int64_t size) {
  TileBox tile;
  tile.offset = offset;
  tile.size = size;
  // Rows of the padded input the tile's windows cover, in input coordinates
  // (negative or past the end inside the padding).
  const int64_t stride = geometry.strides[0];
  const int64_t first = offset * stride - geometry.padsBegin[0];
  const int64_t end =
      (offset + size - 1) * stride - geometry.padsBegin[0] + geometry.kernel[0];
  const int64_t height = geometry.inputShape[2];
  tile.inputOffset = std::max<int64_t>(first, 0);
  tile.inputRows = std::min(end, height) - tile.inputOffset;
  tile.padTop = std::max<int64_t>(-first, 0);
  tile.padBottom = std::max<int64_t>(end - height, 0);
  return tile;
}

SmallVector<TileBox> planTiles(const OpGeometry &geometry, TileAxis axis,
                               int64_t count) {
  SmallVector<TileBox> tiles;
  for (auto [offset, size] :
       splitRange(extentOf(geometry, axis), granuleOf(geometry, axis), count)) {
    if (axis == TileAxis::Height) {
      tiles.push_back(rowBox(geometry, offset, size));
      continue;
    }
    TileBox tile;
    tile.offset = offset;
    tile.size = size;
    tiles.push_back(tile);
  }
  return tiles;
}

int64_t alignedBytes(int64_t elements, int64_t bits, int64_t alignment) {
  int64_t bytes = (elements * bits + 7) / 8;
  return (bytes + alignment - 1) / alignment * alignment;
}

int64_t footprint(const OpGeometry &geometry, std::optional<TileAxis> axis,
                  const TileBox &tile, int64_t alignment) {
  ArrayRef<int64_t> in = geometry.inputShape;
  ArrayRef<int64_t> out = geometry.outputShape;
  int64_t inChannels = in[1];
  int64_t inRows = in[2];
  int64_t outChannels = out[1];
  int64_t outRows = out[2];
  int64_t filterChannels = geometry.filter ? geometry.filterShape[0] : 0;
  if (axis == TileAxis::Height) {
    inRows = tile.inputRows;
    outRows = tile.size;
  } else if (axis == TileAxis::OutputChannels) {
    outChannels = tile.size;
    filterChannels = tile.size;
  } else if (axis == TileAxis::Channels) {
    inChannels = tile.size;
    outChannels = tile.size;
    filterChannels = geometry.filter ? tile.size : 0;
  }
  const int64_t inElements = in[0] * inChannels * inRows * in[3];
  int64_t bytes = alignedBytes(inElements, geometry.inputBits, alignment);
  if (geometry.input2) {
    bytes += alignedBytes(inElements, geometry.inputBits, alignment);
  }
  if (axis || !geometry.outputOverwritesInput) {
    bytes += alignedBytes(out[0] * outChannels * outRows * out[3],
                          geometry.outputBits, alignment);
  }
  return bytes + weightsBytes(geometry, filterChannels, alignment);
}

int64_t weightsBytes(const OpGeometry &geometry, int64_t filterChannels,
                     int64_t alignment) {
  int64_t bytes = 0;
  if (geometry.filter) {
    ArrayRef<int64_t> filter = geometry.filterShape;
    bytes += alignedBytes(filterChannels * filter[1] * filter[2] * filter[3],
                          geometry.filterBits, alignment);
  }
  if (geometry.hasWeightsTable) {
    bytes += alignedBytes(filterChannels * NCE::kWeightsTableBytesPerChannel, 8,
                          alignment);
  }
  return bytes;
}

std::string layerName(Operation *op) {
  std::string name = support::getLocationName(op->getLoc());
  return name.empty() ? op->getName().getStringRef().str() : name;
}

Value sliceValue(OpBuilder &builder, Location loc, Value value,
                 ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
  RankedTensorType type = tensorOf(value);
  if (type.getShape() == sizes) {
    return value;
  }
  auto sliceType = RankedTensorType::get(
      sizes, shape::getSlicedElementType(type.getElementType(), offsets, sizes),
      type.getEncoding());
  if (auto constant = value.getDefiningOp<Const::DeclareOp>()) {
    Const::ContentAttr content = constant.getContent().subview(offsets, sizes);
    if (content.getType() == sliceType) {
      return builder.create<Const::DeclareOp>(loc, sliceType, content);
    }
  }
  return builder.create<SliceOp>(loc, sliceType, value, offsets, sizes);
}

Operation *createTile(OpBuilder &builder, NCEOpInterface nce,
                      const OpGeometry &geometry, TileAxis axis,
                      const TileBox &tile, Location loc,
                      std::optional<int64_t> cluster, Value activation) {
  Operation *op = nce.getOperation();
  MLIRContext *context = op->getContext();
  RankedTensorType outputType = tensorOf(op->getResult(0));
  ArrayRef<int64_t> in = geometry.inputShape;
  SmallVector<int64_t, 4> inOffsets(4, 0);
  SmallVector<int64_t, 4> inSizes(in.begin(), in.end());
  SmallVector<int64_t, 4> outShape(geometry.outputShape);
  SmallVector<int64_t, 2> padsBegin(geometry.padsBegin);
  SmallVector<int64_t, 2> padsEnd(geometry.padsEnd);
  // Filter and bias boxes (dim 0 of both) for channel tiles.
  std::optional<std::pair<int64_t, int64_t>> weightsRange;
  switch (axis) {
  case TileAxis::Height:
    inOffsets[2] = tile.inputOffset;
    inSizes[2] = tile.inputRows;
    outShape[2] = tile.size;
    padsBegin[0] = tile.padTop;
    padsEnd[0] = tile.padBottom;
    break;
  case TileAxis::OutputChannels:
    outShape[1] = tile.size;
    weightsRange = {tile.offset, tile.size};
    break;
  case TileAxis::Channels:
    inOffsets[1] = tile.offset;
    inSizes[1] = tile.size;
    outShape[1] = tile.size;
    weightsRange = {tile.offset, tile.size};
    break;
  }
  SmallVector<Value, 3> operands;
  for (Value operand : op->getOperands()) {
    if (operand == geometry.filter || operand == geometry.bias) {
      // Channel tiles slice dim 0 of the filter and the bias.
      RankedTensorType type = tensorOf(operand);
      if (!weightsRange) {
        operands.push_back(operand);
        continue;
      }
      SmallVector<int64_t, 4> offsets(type.getRank(), 0);
      SmallVector<int64_t, 4> sizes(type.getShape());
      offsets[0] = weightsRange->first;
      sizes[0] = weightsRange->second;
      operands.push_back(sliceValue(builder, loc, operand, offsets, sizes));
      continue;
    }
    // An activation: the input (the geometry's, which may be another value
    // than the op's own) or the eltwise's second input.
    if (operand == nce.getActivation() && activation) {
      operands.push_back(activation);
      continue;
    }
    Value source = operand == nce.getActivation() ? geometry.input : operand;
    operands.push_back(sliceValue(builder, loc, source, inOffsets, inSizes));
  }
  NamedAttrList attributes(op->getAttrDictionary());
  if (axis == TileAxis::Height && op->hasAttr("pads_begin")) {
    attributes.set("pads_begin", DenseI64ArrayAttr::get(context, padsBegin));
    attributes.set("pads_end", DenseI64ArrayAttr::get(context, padsEnd));
  }
  if (cluster) {
    attributes.set("cluster", builder.getI64IntegerAttr(*cluster));
  }
  auto tileType = RankedTensorType::get(outShape, outputType.getElementType(),
                                        outputType.getEncoding());
  OperationState state(loc, op->getName());
  state.addOperands(operands);
  state.addTypes(tileType);
  state.addAttributes(attributes);
  return builder.create(state);
}

SmallVector<Operation *>
rewriteIntoTiles(NCEOpInterface nce, const OpGeometry &geometry, TileAxis axis,
                 ArrayRef<TileBox> tiles, StringRef suffix,
                 ArrayRef<int64_t> clusters) {
  Operation *op = nce.getOperation();
  OpBuilder builder(op);
  RankedTensorType outputType = tensorOf(op->getResult(0));
  SmallVector<Value> results;
  SmallVector<Operation *> pieces;
  for (auto [index, tile] : llvm::enumerate(tiles)) {
    Location loc = support::getPieceLocation(
        op->getLoc(), suffix.str() + std::to_string(index));
    std::optional<int64_t> cluster;
    if (!clusters.empty()) {
      cluster = clusters[index];
    }
    Operation *piece =
        createTile(builder, nce, geometry, axis, tile, loc, cluster);
    pieces.push_back(piece);
    results.push_back(piece->getResult(0));
  }
  const int64_t dim = axis == TileAxis::Height ? 2 : 1;
  auto concat = builder.create<ConcatOp>(op->getLoc(), outputType, results,
                                         builder.getI64IntegerAttr(dim));
  op->getResult(0).replaceAllUsesWith(concat.getResult());
  op->erase();
  return pieces;
}

LogicalResult verifyClusters(func::FuncOp func, int64_t clusters,
                             StringRef pass) {
  WalkResult result = func.walk([&](NCEOpInterface op) {
    const int64_t cluster = op.getClusterIndex();
    if (cluster >= clusters) {
      op->emitOpError() << "runs on cluster " << cluster
                        << " but the target has " << clusters << " cluster"
                        << (clusters == 1 ? "" : "s") << " (checked by " << pass
                        << ")";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

} // namespace mlir::vpuc::VPU
