//===- VerticalFusion.cpp - NCE chains tiled together -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements VerticalFusionPass (see VerticalFusion.td): a chain producer ->
// unary element-wise software layers -> consumers (or producer -> eltwise
// consumers, whose inputs do not fit the CMX together) is matched (Chain), each
// consumer's split into fused tiles is chosen by the footprint of a tile
// (planConsumer), and the consumers are rewritten tile by tile, the
// producer's rows recomputed per tile (createTile, shared with the tiling),
// with the element-wise software layers after a consumer whose result is too
// large to stay in the CMX (its tail) run per tile too.
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/vertical_fusion/VerticalFusion.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <optional>
#include <string>

#include "core/support/Diagnostics.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "passes/vpu/utils/ClusterPieces.h"
#include "passes/vpu/utils/TileUtils.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DEF_VERTICALFUSIONPASS
#include "passes/vpu/vertical_fusion/Passes.h.inc" // IWYU pragma: keep

namespace {

constexpr int64_t kRowDim = 2;

/// A consumer of the chain: an NCE op reading rows [rowOffset, ...) of the
/// chain's result as its activation, the unary element-wise software layers
/// after it (its tail: each reads the one before, the op's result and every
/// layer's but the last have one user), and its split into fused tiles.
struct Consumer {
  NCEOpInterface op;
  OpGeometry geometry;
  int64_t rowOffset = 0;
  SmallVector<Operation *, 2> tail;
  SmallVector<TileBox> tiles;

  /// The value the consumer's fused tiles replace: the last tail layer's
  /// result, or the op's.
  Value end() const {
    return tail.empty() ? op->getResult(0) : tail.back()->getResult(0);
  }
};

/// The unary element-wise software layers after `op`, nearest first: each is
/// the one user of the result before it.
SmallVector<Operation *, 2> tailOf(Operation *op) {
  SmallVector<Operation *, 2> tail;
  Value value = op->getResult(0);
  while (value.hasOneUse()) {
    Operation *user = *value.getUsers().begin();
    if (!isElementwiseSwLayer(user) || user->getNumOperands() != 1) {
      break;
    }
    tail.push_back(user);
    value = user->getResult(0);
  }
  return tail;
}

/// A producer layer (one NCE op or its pieces over rows) and the unary
/// element-wise software layers after each piece, joined over H.
struct Chain {
  /// The producer's pieces in row order, and the software layers after
  /// each, nearest first.
  SmallVector<NCEOpInterface> producers;
  SmallVector<SmallVector<Operation *, 2>> layers;
  /// The whole producer layer: its input is the one all pieces slice.
  OpGeometry geometry;
  /// The chain's result: the VPU.Concat of the last layers, or the last
  /// layer of the one piece.
  Value result;
  SmallVector<Consumer, 2> consumers;
};

/// The attributes of `op` less those that differ between its pieces.
NamedAttrList pieceAttributes(Operation *op) {
  NamedAttrList attributes(op->getAttrDictionary());
  attributes.erase("pads_begin");
  attributes.erase("pads_end");
  attributes.erase("cluster");
  return attributes;
}

/// The software layers from `end` back to the NCE op they start at, nearest
/// to the op first (none when `end` is the op's result); every one but `end`
/// has one user, and so has the op when there are layers.
std::optional<std::pair<NCEOpInterface, SmallVector<Operation *, 2>>>
walkBack(Value end) {
  SmallVector<Operation *, 2> layers;
  Value value = end;
  while (Operation *op = value.getDefiningOp()) {
    if (auto nce = llvm::dyn_cast<NCEOpInterface>(op)) {
      if (value != end && !value.hasOneUse()) {
        return std::nullopt;
      }
      std::reverse(layers.begin(), layers.end());
      return std::make_pair(nce, layers);
    }
    if (!isElementwiseSwLayer(op) || op->getNumOperands() != 1 ||
        (value != end && !value.hasOneUse())) {
      return std::nullopt;
    }
    layers.push_back(op);
    value = op->getOperand(0);
  }
  return std::nullopt;
}

/// The row offset of `slice` when it cuts only rows; nullopt otherwise.
std::optional<int64_t> rowSliceOffset(SliceOp slice) {
  auto source = llvm::cast<RankedTensorType>(slice.getInput().getType());
  auto result = llvm::cast<RankedTensorType>(slice.getResult().getType());
  ArrayRef<int64_t> offsets = slice.getStaticOffsets();
  for (int64_t dim = 0; dim < source.getRank(); ++dim) {
    if (dim != kRowDim && (offsets[dim] != 0 ||
                           source.getDimSize(dim) != result.getDimSize(dim))) {
      return std::nullopt;
    }
  }
  return offsets[kRowDim];
}

/// The geometry of the whole layer the row pieces `producers` (in row order,
/// of `rows` output rows each) were cut from, when each reads the rows a
/// split of that layer gives it from one common input; nullopt otherwise.
std::optional<OpGeometry> wholeGeometry(ArrayRef<NCEOpInterface> producers,
                                        ArrayRef<int64_t> rows) {
  SmallVector<OpGeometry, 2> pieces;
  for (NCEOpInterface producer : producers) {
    FailureOr<OpGeometry> piece = getGeometry(producer);
    if (failed(piece) || piece->input2 ||
        !llvm::is_contained(piece->axes, TileAxis::Height)) {
      return std::nullopt;
    }
    pieces.push_back(std::move(*piece));
  }
  if (producers.size() == 1) {
    return pieces.front();
  }
  OpGeometry whole = pieces.front();
  auto slice = whole.input.getDefiningOp<SliceOp>();
  if (!slice) {
    return std::nullopt;
  }
  whole.input = slice.getInput();
  auto inputType = llvm::cast<RankedTensorType>(whole.input.getType());
  whole.inputShape.assign(inputType.getShape().begin(),
                          inputType.getShape().end());
  whole.outputShape[kRowDim] =
      std::accumulate(rows.begin(), rows.end(), int64_t{0});
  whole.padsEnd[0] = pieces.back().padsEnd[0];
  const NamedAttrList attributes = pieceAttributes(producers.front());
  int64_t offset = 0;
  for (auto [producer, piece, size] :
       llvm::zip_equal(producers, pieces, rows)) {
    auto pieceSlice = piece.input.getDefiningOp<SliceOp>();
    if (!pieceSlice || pieceSlice.getInput() != whole.input ||
        piece.filter != whole.filter || piece.bias != whole.bias ||
        producer->getName() != producers.front()->getName() ||
        pieceAttributes(producer) != attributes) {
      return std::nullopt;
    }
    std::optional<int64_t> inputOffset = rowSliceOffset(pieceSlice);
    const TileBox box = rowBox(whole, offset, size);
    if (!inputOffset || *inputOffset != box.inputOffset ||
        piece.inputShape[kRowDim] != box.inputRows ||
        piece.padsBegin[0] != box.padTop || piece.padsEnd[0] != box.padBottom ||
        piece.padsBegin[1] != whole.padsBegin[1] ||
        piece.padsEnd[1] != whole.padsEnd[1]) {
      return std::nullopt;
    }
    offset += size;
  }
  return whole;
}

/// The chain whose result `value` is, with its consumers (not yet planned);
/// nullopt when `value` is not such a result.
std::optional<Chain> matchChain(Value value) {
  Chain chain;
  chain.result = value;
  SmallVector<Value> ends;
  if (auto concat = value.getDefiningOp<ConcatOp>()) {
    if (getConcatAxis(concat) != kRowDim) {
      return std::nullopt;
    }
    ends.assign(concat.getInputs().begin(), concat.getInputs().end());
    if (llvm::any_of(ends, [](Value end) { return !end.hasOneUse(); })) {
      return std::nullopt;
    }
  } else {
    ends.push_back(value);
  }
  SmallVector<int64_t> rows;
  for (Value end : ends) {
    auto walked = walkBack(end);
    if (!walked) {
      return std::nullopt;
    }
    // Every piece has the same layers.
    if (!chain.layers.empty()) {
      ArrayRef<Operation *> first = chain.layers.front();
      if (first.size() != walked->second.size() ||
          !llvm::all_of(llvm::zip_equal(first, walked->second), [](auto pair) {
            auto [a, b] = pair;
            return a->getName() == b->getName() &&
                   a->getAttrDictionary() == b->getAttrDictionary();
          })) {
        return std::nullopt;
      }
    }
    chain.producers.push_back(walked->first);
    chain.layers.push_back(walked->second);
    rows.push_back(
        llvm::cast<RankedTensorType>(end.getType()).getDimSize(kRowDim));
  }
  std::optional<OpGeometry> geometry = wholeGeometry(chain.producers, rows);
  if (!geometry) {
    return std::nullopt;
  }
  chain.geometry = *geometry;
  // Every user reads the result as an NCE op's activation, maybe through a
  // row slice. Without software layers between them, only eltwise ops: the
  // producer's whole result would otherwise stay in the CMX for its reader
  // (an eltwise's other input, as large, is what does not fit with it).
  const bool direct = chain.layers.front().empty();
  auto addConsumer = [&](Operation *user, Value read, int64_t rowOffset) {
    auto nce = llvm::dyn_cast<NCEOpInterface>(user);
    if (!nce || nce.getActivation() != read ||
        llvm::count(user->getOperands(), read) != 1) {
      return false;
    }
    FailureOr<OpGeometry> consumerGeometry = getGeometry(nce);
    if (failed(consumerGeometry) ||
        static_cast<bool>(consumerGeometry->input2) != direct ||
        !llvm::is_contained(consumerGeometry->axes, TileAxis::Height)) {
      return false;
    }
    chain.consumers.push_back(
        {nce, *consumerGeometry, rowOffset, tailOf(user), {}});
    return true;
  };
  for (Operation *user : value.getUsers()) {
    if (auto slice = llvm::dyn_cast<SliceOp>(user)) {
      std::optional<int64_t> offset = rowSliceOffset(slice);
      if (!offset || slice.getResult().use_empty() ||
          !llvm::all_of(slice.getResult().getUsers(), [&](Operation *reader) {
            return addConsumer(reader, slice.getResult(), *offset);
          })) {
        return std::nullopt;
      }
      continue;
    }
    if (!addConsumer(user, value, 0)) {
      return std::nullopt;
    }
  }
  if (chain.consumers.empty()) {
    return std::nullopt;
  }
  return chain;
}

/// The bytes a fused tile keeps in the CMX: the producer's piece for the
/// tile's input rows (input, output, weights) and the consumer's tile less
/// its input, which is the producer's output.
int64_t fusedFootprint(const Chain &chain, const Consumer &consumer,
                       const TileBox &tile, int64_t alignment) {
  const TileBox rows = rowBox(
      chain.geometry, consumer.rowOffset + tile.inputOffset, tile.inputRows);
  const OpGeometry &geometry = consumer.geometry;
  const int64_t input =
      alignedBytes(geometry.inputShape[0] * geometry.inputShape[1] *
                       tile.inputRows * geometry.inputShape[3],
                   geometry.inputBits, alignment);
  return footprint(chain.geometry, TileAxis::Height, rows, alignment) +
         footprint(geometry, TileAxis::Height, tile, alignment) - input;
}

/// The fewest fused tiles of `consumer` that each fit `budget`; empty when
/// none does.
SmallVector<TileBox> planConsumer(const Chain &chain, const Consumer &consumer,
                                  int64_t budget, int64_t alignment) {
  const int64_t maxTiles = maxTilesOf(consumer.geometry, TileAxis::Height);
  for (int64_t count = 1; count <= maxTiles; ++count) {
    SmallVector<TileBox> tiles =
        planTiles(consumer.geometry, TileAxis::Height, count);
    if (llvm::all_of(tiles, [&](const TileBox &tile) {
          return fusedFootprint(chain, consumer, tile, alignment) <= budget;
        })) {
      return tiles;
    }
  }
  return {};
}

/// The bytes of a whole tensor of `shape` and `bits` per element in the CMX.
int64_t wholeBytes(ArrayRef<int64_t> shape, int64_t bits, int64_t alignment) {
  return alignedBytes(std::accumulate(shape.begin(), shape.end(), int64_t{1},
                                      std::multiplies<>()),
                      bits, alignment);
}

/// True if the two whole inputs of the eltwise op of `geometry` are more than
/// `cmx` bytes together: they cannot both stay in the CMX, so one goes to DDR
/// and back unless the op is fused with its producer.
bool inputsExceed(const OpGeometry &geometry, int64_t cmx, int64_t alignment) {
  return 2 * wholeBytes(geometry.inputShape, geometry.inputBits, alignment) >
         cmx;
}

/// Leaves `consumer`'s tail whole (clears it) when its whole result is at
/// most `limit` bytes: the tail then runs in place on the joined result,
/// which stays in the CMX for the layers after it to read there. A larger
/// result does not stay there whole; the tail then runs on each fused tile
/// while the tile is in the CMX.
void keepSmallTailWhole(Consumer &consumer, int64_t limit, int64_t alignment) {
  const OpGeometry &geometry = consumer.geometry;
  if (wholeBytes(geometry.outputShape, geometry.outputBits, alignment) <=
      limit) {
    consumer.tail.clear();
  }
}

/// The type of `value` with `rows` rows.
RankedTensorType withRows(Value value, int64_t rows) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  SmallVector<int64_t, 4> shape(type.getShape());
  shape[kRowDim] = rows;
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

/// Clones `layers` (unary, element-wise, each reading the one before) on
/// `value` of `rows` rows, located as pieces `suffix`; returns the last.
Value cloneLayers(OpBuilder &builder, ArrayRef<Operation *> layers, Value value,
                  int64_t rows, StringRef suffix) {
  for (Operation *layer : layers) {
    Operation *copy = builder.clone(*layer);
    copy->setLoc(support::getPieceLocation(layer->getLoc(), suffix));
    copy->setOperand(0, value);
    copy->getResult(0).setType(withRows(layer->getResult(0), rows));
    value = copy->getResult(0);
  }
  return value;
}

/// Replaces `consumer` and its tail by its fused tiles, each computing its
/// producer rows and software layers first and its tail last; returns the
/// value that replaces `consumer.end()`.
Value rewriteConsumer(const Chain &chain, Consumer consumer) {
  Operation *op = consumer.op.getOperation();
  OpBuilder builder(op);
  std::optional<int64_t> cluster;
  if (op->hasAttr("cluster")) {
    cluster = consumer.op.getClusterIndex();
  }
  // The producer piece (and its layers) of the consumer's cluster names the
  // tiles' producers; every piece has the same attributes and weights.
  size_t piece = 0;
  for (size_t index = 0; index < chain.producers.size(); ++index) {
    NCEOpInterface candidate = chain.producers[index];
    if (cluster && candidate->hasAttr("cluster") &&
        candidate.getClusterIndex() == *cluster) {
      piece = index;
    }
  }
  NCEOpInterface producer = chain.producers[piece];
  SmallVector<Value> results;
  for (auto [index, tile] : llvm::enumerate(consumer.tiles)) {
    const std::string suffix = "fused" + std::to_string(index);
    const TileBox rows = rowBox(
        chain.geometry, consumer.rowOffset + tile.inputOffset, tile.inputRows);
    Operation *rowsOp = createTile(
        builder, producer, chain.geometry, TileAxis::Height, rows,
        support::getPieceLocation(producer->getLoc(), suffix), cluster);
    Value value = cloneLayers(builder, chain.layers[piece],
                              rowsOp->getResult(0), rows.size, suffix);
    Operation *fused = createTile(
        builder, consumer.op, consumer.geometry, TileAxis::Height, tile,
        support::getPieceLocation(op->getLoc(), suffix), cluster, value);
    Value result = fused->getResult(0);
    results.push_back(cloneLayers(
        builder, consumer.tail, result,
        llvm::cast<RankedTensorType>(result.getType()).getDimSize(kRowDim),
        suffix));
  }
  Value end = consumer.end();
  Value replacement = results.front();
  if (results.size() > 1) {
    replacement = builder.create<ConcatOp>(end.getLoc(), end.getType(), results,
                                           builder.getI64IntegerAttr(kRowDim));
  }
  end.replaceAllUsesWith(replacement);
  for (Operation *layer : llvm::reverse(consumer.tail)) {
    layer->erase();
  }
  op->erase();
  return replacement;
}

/// Erases the ops of `chain` left without users (its row slices, its join,
/// its layers and its producers, the producers' input slices).
void eraseChain(Chain &chain) {
  SmallVector<Operation *> dead;
  if (Operation *join = chain.result.getDefiningOp<ConcatOp>()) {
    for (Operation *user : llvm::make_early_inc_range(join->getUsers())) {
      user->erase();
    }
    dead.push_back(join);
  } else {
    for (Operation *user :
         llvm::make_early_inc_range(chain.result.getUsers())) {
      user->erase();
    }
  }
  for (auto [producer, layers] :
       llvm::zip_equal(chain.producers, chain.layers)) {
    for (Operation *layer : llvm::reverse(layers)) {
      dead.push_back(layer);
    }
    dead.push_back(producer);
  }
  for (Operation *op : dead) {
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    for (Value operand : operands) {
      Operation *definer = operand.getDefiningOp();
      if (definer && operand.use_empty() &&
          llvm::isa<SliceOp, Const::DeclareOp>(definer)) {
        definer->erase();
      }
    }
  }
}

struct VerticalFusionPass
    : public impl::VerticalFusionPassBase<VerticalFusionPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    VPUIP::ResourcesAttr resources = VPUIP::getResources(func);
    const auto optionBytes = static_cast<int64_t>(cmxBytes);
    if (optionBytes < 0 || (optionBytes == 0 && !resources)) {
      func.emitOpError()
          << "has no CMX budget for vpuc-vpu-vertical-fusion: the option "
             "cmx-bytes is "
          << optionBytes
          << (optionBytes < 0 ? " (negative)"
                              : " and the module has no VPUIP.resources "
                                "(run vpuc-init-compiler)");
      return signalPassFailure();
    }
    if (!(share > 0 && share <= 1)) {
      func.emitOpError() << "cannot fuse within a share of " << share
                         << " of the CMX budget (option share of "
                            "vpuc-vpu-vertical-fusion): it is not in (0, 1]";
      return signalPassFailure();
    }
    if (!(tailShare > 0 && tailShare <= 1)) {
      func.emitOpError() << "cannot keep whole results within a share of "
                         << tailShare
                         << " of the CMX budget (option tail-share of "
                            "vpuc-vpu-vertical-fusion): it is not in (0, 1]";
      return signalPassFailure();
    }
    if (!(maxRecompute >= 1)) {
      func.emitOpError() << "cannot recompute " << maxRecompute
                         << " times the producer's rows (option "
                            "max-recompute of vpuc-vpu-vertical-fusion): it "
                            "is below 1";
      return signalPassFailure();
    }
    const int64_t cmx = optionBytes != 0 ? optionBytes : resources.getCmxSize();
    const auto budget = static_cast<int64_t>(share * static_cast<double>(cmx));
    const int64_t alignment = resources ? resources.getCmxAlignment() : 1;
    const auto tailLimit =
        static_cast<int64_t>(tailShare * static_cast<double>(cmx));

    // The candidate results, in program order: every value some NCE op
    // reads as its activation, directly or through a row slice.
    SmallVector<Value> candidates;
    func.walk([&](NCEOpInterface op) {
      Value input = op.getActivation();
      if (auto slice = input.getDefiningOp<SliceOp>()) {
        input = slice.getInput();
      }
      if (!llvm::is_contained(candidates, input)) {
        candidates.push_back(input);
      }
    });
    for (size_t index = 0; index < candidates.size(); ++index) {
      std::optional<Chain> chain = matchChain(candidates[index]);
      if (!chain) {
        continue;
      }
      bool needsTiles = false;
      bool fits = true;
      int64_t producerRows = 0;
      for (Consumer &consumer : chain->consumers) {
        consumer.tiles = planConsumer(*chain, consumer, budget, alignment);
        fits = fits && !consumer.tiles.empty();
        needsTiles = needsTiles || consumer.tiles.size() > 1;
        for (const TileBox &tile : consumer.tiles) {
          producerRows += tile.inputRows;
        }
      }
      const auto limit =
          static_cast<double>(chain->geometry.outputShape[kRowDim]) *
          maxRecompute;
      if (!fits || !needsTiles || static_cast<double>(producerRows) > limit ||
          (chain->layers.front().empty() &&
           !llvm::all_of(chain->consumers, [&](const Consumer &consumer) {
             return inputsExceed(consumer.geometry, cmx, alignment);
           }))) {
        continue;
      }
      for (Consumer &consumer : chain->consumers) {
        keepSmallTailWhole(consumer, tailLimit, alignment);
      }
      for (const Consumer &consumer : chain->consumers) {
        // A later candidate may be this consumer's result (read by another
        // NCE op): it becomes the value that replaces it, never a value of
        // an erased op.
        Value old = consumer.end();
        Value replacement = rewriteConsumer(*chain, consumer);
        std::replace(candidates.begin() + index + 1, candidates.end(), old,
                     replacement);
      }
      eraseChain(*chain);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPU
