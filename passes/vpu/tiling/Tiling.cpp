//===- Tiling.cpp - vpuc-vpu-tiling: NCE ops split to fit CMX ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements TilingPass (see Tiling.td for the footprint, the axes and the
// cost rule): each NCE op is described by its shapes (OpGeometry), the tiles
// of a candidate split are planned as boxes of the output with the input
// rows or channels they read (TileBox), the cheapest split that fits is
// chosen, and the op is rewritten into Slice / tiled op / Concat.
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/tiling/Tiling.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/registry/Registry.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DEF_TILINGPASS
#include "passes/vpu/tiling/Passes.h.inc" // IWYU pragma: keep

namespace {

/// Bytes of the weights table per output channel (4 x i32, see
/// VPUIP.NCEClusterTask).
constexpr int64_t kWeightsTableBytesPerChannel = 16;

/// The axis a tiling splits.
enum class TileAxis {
  /// Output rows (dim 2), input rows with their halo.
  Height,
  /// Output channels of a convolution (dim 1 of the output, dim 0 of the
  /// filter and the bias).
  OutputChannels,
  /// Input and output channels together.
  Channels,
};

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

/// What the tiling reads of an NCE op.
struct OpGeometry {
  Value input;
  /// The second input of an eltwise op.
  Value input2;
  /// The filter and bias of a (depthwise) convolution.
  Value filter;
  Value bias;
  bool hasWeightsTable = false;
  /// [1, C, H, W] and [1, OC, OH, OW].
  SmallVector<int64_t, 4> inputShape;
  SmallVector<int64_t, 4> outputShape;
  SmallVector<int64_t, 4> filterShape;
  SmallVector<int64_t, 2> kernel;
  SmallVector<int64_t, 2> strides;
  SmallVector<int64_t, 2> padsBegin;
  SmallVector<int64_t, 2> padsEnd;
  /// Element sizes in bits.
  int64_t inputBits = 0;
  int64_t outputBits = 0;
  int64_t filterBits = 0;
  /// The axes this op can be tiled over.
  SmallVector<TileAxis, 2> axes;
};

RankedTensorType tensorOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

int64_t elementBits(Value value) {
  return tensorOf(value).getElementTypeBitWidth();
}

/// Reads the geometry of `op`; fails for an op the pass does not know.
FailureOr<OpGeometry> getGeometry(NCEOpInterface op) {
  OpGeometry geometry;
  Operation *operation = op.getOperation();
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

/// One tile: a box of the output along the tiled axis and what it reads.
struct TileBox {
  /// The tiled output range along the axis: rows or channels.
  int64_t offset = 0;
  int64_t size = 0;
  /// For H tiles: the input rows read [inputOffset, inputOffset + inputRows)
  /// and the padding kept at the true edges.
  int64_t inputOffset = 0;
  int64_t inputRows = 0;
  int64_t padTop = 0;
  int64_t padBottom = 0;
};

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

/// The granule of `axis`: one row, or one channel group of the NCE.
int64_t granuleOf(TileAxis axis) {
  return axis == TileAxis::Height ? 1 : NCE::kChannelAlignment;
}

/// The output extent along `axis`.
int64_t extentOf(const OpGeometry &geometry, TileAxis axis) {
  return axis == TileAxis::Height ? geometry.outputShape[2]
                                  : geometry.outputShape[1];
}

/// The largest useful tile count along `axis` (one granule per tile).
int64_t maxTilesOf(const OpGeometry &geometry, TileAxis axis) {
  return std::max<int64_t>(extentOf(geometry, axis) / granuleOf(axis), 1);
}

/// The tiles of a split of `geometry` over `axis` into `count` tiles.
SmallVector<TileBox> planTiles(const OpGeometry &geometry, TileAxis axis,
                               int64_t count) {
  SmallVector<TileBox> tiles;
  for (auto [offset, size] :
       splitRange(extentOf(geometry, axis), granuleOf(axis), count)) {
    TileBox tile;
    tile.offset = offset;
    tile.size = size;
    if (axis == TileAxis::Height) {
      // Rows of the padded input the tile's windows cover, in input
      // coordinates (negative or past the end inside the padding).
      const int64_t stride = geometry.strides[0];
      const int64_t first = offset * stride - geometry.padsBegin[0];
      const int64_t end = (offset + size - 1) * stride - geometry.padsBegin[0] +
                          geometry.kernel[0];
      const int64_t height = geometry.inputShape[2];
      tile.inputOffset = std::max<int64_t>(first, 0);
      tile.inputRows = std::min(end, height) - tile.inputOffset;
      tile.padTop = std::max<int64_t>(-first, 0);
      tile.padBottom = std::max<int64_t>(end - height, 0);
    }
    tiles.push_back(tile);
  }
  return tiles;
}

/// The bytes of `elements` values of `bits` bits, rounded up to `alignment`.
int64_t alignedBytes(int64_t elements, int64_t bits, int64_t alignment) {
  int64_t bytes = (elements * bits + 7) / 8;
  return (bytes + alignment - 1) / alignment * alignment;
}

/// The CMX footprint of one tile (the whole op when `tile` is empty).
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
  bytes += alignedBytes(out[0] * outChannels * outRows * out[3],
                        geometry.outputBits, alignment);
  if (geometry.filter) {
    ArrayRef<int64_t> filter = geometry.filterShape;
    bytes += alignedBytes(filterChannels * filter[1] * filter[2] * filter[3],
                          geometry.filterBits, alignment);
  }
  if (geometry.hasWeightsTable) {
    bytes += alignedBytes(filterChannels * kWeightsTableBytesPerChannel, 8,
                          alignment);
  }
  return bytes;
}

/// A split that fits, with its cost.
struct TilingChoice {
  TileAxis axis = TileAxis::Height;
  SmallVector<TileBox> tiles;
  /// The sum of the tiles' footprints: the bytes moved to and from CMX.
  int64_t bytesMoved = 0;

  /// The cost rule of Tiling.td: fewer tiles, then fewer bytes moved, then
  /// the axis order.
  bool isCheaperThan(const TilingChoice &other) const {
    if (tiles.size() != other.tiles.size()) {
      return tiles.size() < other.tiles.size();
    }
    if (bytesMoved != other.bytesMoved) {
      return bytesMoved < other.bytesMoved;
    }
    return static_cast<int>(axis) < static_cast<int>(other.axis);
  }
};

/// The smallest split of `geometry` over `axis` whose tiles all fit `budget`,
/// or nothing; `smallest` receives the largest tile footprint of the finest
/// split (for the error message).
std::optional<TilingChoice> chooseCount(const OpGeometry &geometry,
                                        TileAxis axis, int64_t budget,
                                        int64_t alignment, int64_t &smallest) {
  const int64_t maxTiles = maxTilesOf(geometry, axis);
  for (int64_t count = 2; count <= maxTiles; ++count) {
    TilingChoice choice;
    choice.axis = axis;
    choice.tiles = planTiles(geometry, axis, count);
    int64_t largest = 0;
    for (const TileBox &tile : choice.tiles) {
      int64_t bytes = footprint(geometry, axis, tile, alignment);
      largest = std::max(largest, bytes);
      choice.bytesMoved += bytes;
    }
    smallest = largest;
    if (largest <= budget) {
      return choice;
    }
  }
  if (maxTiles < 2) {
    smallest = footprint(geometry, std::nullopt, TileBox(), alignment);
  }
  return std::nullopt;
}

/// The layer's name for messages: the name of its NameLoc (through fused and
/// call-site locations), else the op name.
std::string layerName(Operation *op) {
  std::optional<std::string> name;
  op->getLoc()->walk([&](Location loc) {
    if (auto named = llvm::dyn_cast<NameLoc>(loc)) {
      name = named.getName().str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return name ? *name : op->getName().getStringRef().str();
}

/// The location of tile `index` of `op`: `<layer>/tile<index>` for a named
/// layer, the op's location otherwise.
Location tileLoc(Operation *op, size_t index) {
  Location loc = op->getLoc();
  bool named = false;
  loc->walk([&](Location inner) {
    named |= llvm::isa<NameLoc>(inner);
    return named ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!named) {
    return loc;
  }
  return NameLoc::get(
      StringAttr::get(op->getContext(),
                      layerName(op) + "/tile" + std::to_string(index)),
      loc);
}

/// The box [offsets, offsets + sizes) of `value`: the value itself when the
/// box is all of it, a new constant for a `const.Declare`, a VPU.Slice
/// otherwise.
Value sliceValue(OpBuilder &builder, Location loc, Value value,
                 ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
  RankedTensorType type = tensorOf(value);
  if (type.getShape() == sizes) {
    return value;
  }
  auto sliceType =
      RankedTensorType::get(sizes, type.getElementType(), type.getEncoding());
  if (auto constant = value.getDefiningOp<Const::DeclareOp>()) {
    Const::ContentAttr content = constant.getContent().subview(offsets, sizes);
    if (content.getType() == sliceType) {
      return builder.create<Const::DeclareOp>(loc, sliceType, content);
    }
  }
  return builder.create<SliceOp>(loc, sliceType, value, offsets, sizes);
}

/// Rewrites `op` into the tiles of `choice` and a VPU.Concat.
void rewriteIntoTiles(Operation *op, const OpGeometry &geometry,
                      const TilingChoice &choice) {
  OpBuilder builder(op);
  MLIRContext *context = op->getContext();
  RankedTensorType outputType = tensorOf(op->getResult(0));
  ArrayRef<int64_t> in = geometry.inputShape;
  SmallVector<Value> results;
  for (auto [index, tile] : llvm::enumerate(choice.tiles)) {
    Location loc = tileLoc(op, index);
    SmallVector<int64_t, 4> inOffsets(4, 0);
    SmallVector<int64_t, 4> inSizes(in.begin(), in.end());
    SmallVector<int64_t, 4> outShape(geometry.outputShape);
    SmallVector<int64_t, 2> padsBegin(geometry.padsBegin);
    SmallVector<int64_t, 2> padsEnd(geometry.padsEnd);
    // Filter and bias boxes (dim 0 of both) for channel tiles.
    std::optional<std::pair<int64_t, int64_t>> weightsRange;
    switch (choice.axis) {
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
      // An activation: the input or the eltwise's second input.
      operands.push_back(sliceValue(builder, loc, operand, inOffsets, inSizes));
    }
    NamedAttrList attributes(op->getAttrDictionary());
    if (choice.axis == TileAxis::Height && op->hasAttr("pads_begin")) {
      attributes.set("pads_begin", DenseI64ArrayAttr::get(context, padsBegin));
      attributes.set("pads_end", DenseI64ArrayAttr::get(context, padsEnd));
    }
    auto tileType = RankedTensorType::get(outShape, outputType.getElementType(),
                                          outputType.getEncoding());
    OperationState state(loc, op->getName());
    state.addOperands(operands);
    state.addTypes(tileType);
    state.addAttributes(attributes);
    results.push_back(builder.create(state)->getResult(0));
  }
  const int64_t axis = choice.axis == TileAxis::Height ? 2 : 1;
  auto concat = builder.create<ConcatOp>(op->getLoc(), outputType, results,
                                         builder.getI64IntegerAttr(axis));
  op->getResult(0).replaceAllUsesWith(concat.getResult());
  op->erase();
}

struct TilingPass : public impl::TilingPassBase<TilingPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    VPUIP::ResourcesAttr resources = VPUIP::getResources(func);
    const auto optionBytes = static_cast<int64_t>(cmxBytes);
    if (optionBytes < 0) {
      func.emitOpError() << "cannot use a CMX budget of " << optionBytes
                         << " bytes (option cmx-bytes of vpuc-vpu-tiling): it "
                            "is negative";
      return signalPassFailure();
    }
    if (optionBytes == 0 && !resources) {
      func.emitOpError()
          << "has no CMX budget for vpuc-vpu-tiling: the module has no "
             "VPUIP.resources (run vpuc-init-compiler) and the option "
             "cmx-bytes is 0";
      return signalPassFailure();
    }
    const int64_t budget =
        optionBytes != 0 ? optionBytes : resources.getCmxSize();
    const int64_t alignment = resources ? resources.getCmxAlignment() : 1;

    SmallVector<NCEOpInterface> ops;
    func.walk([&](NCEOpInterface op) { ops.push_back(op); });
    for (NCEOpInterface op : ops) {
      if (failed(tileOp(op, budget, alignment))) {
        return signalPassFailure();
      }
    }
  }

  LogicalResult tileOp(NCEOpInterface op, int64_t budget, int64_t alignment) {
    FailureOr<OpGeometry> geometry = getGeometry(op);
    if (failed(geometry)) {
      return op->emitOpError()
             << "is an NCE op that vpuc-vpu-tiling does not know how to tile";
    }
    const int64_t whole =
        footprint(*geometry, std::nullopt, TileBox(), alignment);
    if (whole <= budget) {
      return success();
    }
    std::optional<TilingChoice> best;
    std::string smallestText;
    llvm::raw_string_ostream smallestOs(smallestText);
    for (TileAxis axis : geometry->axes) {
      int64_t smallest = whole;
      std::optional<TilingChoice> choice =
          chooseCount(*geometry, axis, budget, alignment, smallest);
      if (!choice) {
        smallestOs << (smallestText.empty() ? "" : ", ") << "over "
                   << axisName(axis) << " " << smallest << " bytes";
        continue;
      }
      if (!best || choice->isCheaperThan(*best)) {
        best = std::move(choice);
      }
    }
    if (!best) {
      return op->emitOpError()
             << "layer '" << layerName(op) << "' needs " << whole
             << " bytes of CMX and does not fit the budget of " << budget
             << " bytes even in its smallest tiles (" << smallestText << ")";
    }
    rewriteIntoTiles(op, *geometry, *best);
    return success();
  }
};

} // namespace

} // namespace mlir::vpuc::VPU

extern "C" void vpuc_register_tiling(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPU::createTilingPass(); });
}
