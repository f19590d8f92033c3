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
// chosen, and the op is rewritten into Slice / tiled op / Concat (the
// slicing is passes/vpu/utils/TileUtils.h, shared with
// vpuc-vpu-multi-cluster). The tiles keep the op's `cluster`.
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/tiling/Tiling.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <optional>
#include <string>

#include "core/cost/CostModel.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/EltwiseInPlace.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "passes/vpu/utils/TileUtils.h"
#include "passes/vpuip/utils/TaskCost.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DEF_TILINGPASS
#include "passes/vpu/tiling/Passes.h.inc" // IWYU pragma: keep

namespace {

/// A split that fits, with its cost: over one axis, or over a channel axis
/// whose pieces are each split again over H (`rows[i]` H tiles for channel
/// piece `i`; empty for a single-axis split).
struct TilingChoice {
  TileAxis axis = TileAxis::Height;
  SmallVector<TileBox> tiles;
  SmallVector<int64_t> rows;
  /// The number of NCE ops the split makes.
  int64_t count = 0;
  /// The sum of the tiles' footprints: the bytes moved to and from CMX.
  int64_t bytesMoved = 0;

  bool isCombined() const { return !rows.empty(); }

  /// The cost rule of Tiling.td: fewer tiles, then fewer bytes moved, then
  /// a single axis before a combined split, then the axis order.
  bool isCheaperThan(const TilingChoice &other) const {
    if (count != other.count) {
      return count < other.count;
    }
    if (bytesMoved != other.bytesMoved) {
      return bytesMoved < other.bytesMoved;
    }
    if (isCombined() != other.isCombined()) {
      return !isCombined();
    }
    return static_cast<int>(axis) < static_cast<int>(other.axis);
  }
};

/// The smallest split of `geometry` over `axis` whose tiles all fit `budget`
/// and whose weights (filter and weights table) each fit `weightsBudget`, or
/// nothing; `smallest` receives the largest tile footprint of the finest
/// split (for the error message).
std::optional<TilingChoice>
chooseCount(const OpGeometry &geometry, TileAxis axis, int64_t budget,
            int64_t alignment, int64_t &smallest,
            int64_t weightsBudget = std::numeric_limits<int64_t>::max()) {
  const int64_t maxTiles = maxTilesOf(geometry, axis);
  for (int64_t count = 2; count <= maxTiles; ++count) {
    TilingChoice choice;
    choice.axis = axis;
    choice.tiles = planTiles(geometry, axis, count);
    choice.count = count;
    int64_t largest = 0;
    bool weightsFit = true;
    for (const TileBox &tile : choice.tiles) {
      int64_t bytes = footprint(geometry, axis, tile, alignment);
      largest = std::max(largest, bytes);
      choice.bytesMoved += bytes;
      weightsFit = weightsFit && (axis != TileAxis::OutputChannels ||
                                  weightsBytes(geometry, tile.size,
                                               alignment) <= weightsBudget);
    }
    smallest = largest;
    if (largest <= budget && weightsFit) {
      return choice;
    }
  }
  if (maxTiles < 2) {
    smallest = footprint(geometry, std::nullopt, TileBox(), alignment);
  }
  return std::nullopt;
}

/// The geometry of the piece `tile` of a split of `geometry` over the channel
/// axis `axis`: fewer output channels (and filter rows), and fewer input
/// channels for `Channels`.
OpGeometry channelPiece(const OpGeometry &geometry, TileAxis axis,
                        const TileBox &tile) {
  OpGeometry piece = geometry;
  piece.outputShape[1] = tile.size;
  if (axis == TileAxis::Channels) {
    piece.inputShape[1] = tile.size;
  }
  if (!piece.filterShape.empty()) {
    piece.filterShape[0] = tile.size;
  }
  return piece;
}

/// The H split with the fewest tiles of one channel piece that fits `budget`
/// (a count of 1 when the piece fits whole), with its bytes moved.
std::optional<std::pair<int64_t, int64_t>>
chooseRows(const OpGeometry &piece, int64_t budget, int64_t alignment) {
  const int64_t whole = footprint(piece, std::nullopt, TileBox(), alignment);
  if (whole <= budget) {
    return std::make_pair<int64_t, int64_t>(1, int64_t(whole));
  }
  int64_t smallest = 0;
  std::optional<TilingChoice> rows =
      chooseCount(piece, TileAxis::Height, budget, alignment, smallest);
  if (!rows) {
    return std::nullopt;
  }
  return std::make_pair(rows->count, rows->bytesMoved);
}

/// The cheapest split of `geometry` over its channel axis `axis` and then
/// over H, by the cost rule, or nothing when even one channel group of one
/// output row does not fit; `smallest` receives that finest piece's
/// footprint (for the error message).
std::optional<TilingChoice> chooseCombined(const OpGeometry &geometry,
                                           TileAxis axis, int64_t budget,
                                           int64_t alignment,
                                           int64_t &smallest) {
  std::optional<TilingChoice> best;
  const int64_t maxTiles = maxTilesOf(geometry, axis);
  for (int64_t count = 2; count <= maxTiles; ++count) {
    // Every piece makes at least one tile: no finer split can be cheaper.
    if (best && count > best->count) {
      break;
    }
    TilingChoice choice;
    choice.axis = axis;
    choice.tiles = planTiles(geometry, axis, count);
    // The pieces have at most two sizes: remember the split of each.
    SmallVector<std::pair<int64_t, std::pair<int64_t, int64_t>>, 2> known;
    bool fits = true;
    for (const TileBox &tile : choice.tiles) {
      auto it = llvm::find_if(
          known, [&](const auto &entry) { return entry.first == tile.size; });
      if (it == known.end()) {
        std::optional<std::pair<int64_t, int64_t>> rows =
            chooseRows(channelPiece(geometry, axis, tile), budget, alignment);
        if (!rows) {
          fits = false;
          break;
        }
        known.push_back({tile.size, *rows});
        it = std::prev(known.end());
      }
      choice.rows.push_back(it->second.first);
      choice.count += it->second.first;
      choice.bytesMoved += it->second.second;
    }
    if (fits && (!best || choice.isCheaperThan(*best))) {
      best = std::move(choice);
    }
  }
  if (!best) {
    // The finest piece: one channel group of one output row.
    OpGeometry piece = channelPiece(
        geometry, axis, planTiles(geometry, axis, maxTiles).front());
    SmallVector<TileBox> rows =
        planTiles(piece, TileAxis::Height, maxTilesOf(piece, TileAxis::Height));
    smallest = 0;
    for (const TileBox &row : rows) {
      smallest = std::max(smallest,
                          footprint(piece, TileAxis::Height, row, alignment));
    }
  }
  return best;
}

/// True if the activation `value` reaches CMX by DMA: it is, or joins or
/// slices, the result of something other than an NCE op (a software layer, a
/// network input), whereas an NCE op's result can stay in CMX.
bool arrivesByDma(Value value) {
  Operation *producer = value.getDefiningOp();
  if (producer == nullptr) {
    return true;
  }
  if (llvm::isa<NCEOpInterface>(producer)) {
    return false;
  }
  if (auto slice = llvm::dyn_cast<SliceOp>(producer)) {
    return arrivesByDma(slice.getInput());
  }
  if (auto concat = llvm::dyn_cast<ConcatOp>(producer)) {
    return llvm::any_of(concat.getInputs(), arrivesByDma);
  }
  return true;
}

/// The split of an op whose input arrives by DMA into tiles that each fit
/// `budget` (the prefetch share): over H, or over K when that moves fewer
/// bytes (every H tile reloads the weights, every K tile the input: a
/// classifier-sized filter on a small map is re-read once per H tile).
std::optional<TilingChoice> choosePrefetchSplit(const OpGeometry &geometry,
                                                int64_t budget,
                                                int64_t alignment) {
  int64_t smallest = 0;
  std::optional<TilingChoice> rows =
      chooseCount(geometry, TileAxis::Height, budget, alignment, smallest);
  if (!llvm::is_contained(geometry.axes, TileAxis::OutputChannels)) {
    return rows;
  }
  std::optional<TilingChoice> kernels = chooseCount(
      geometry, TileAxis::OutputChannels, budget, alignment, smallest);
  if (kernels && (!rows || kernels->bytesMoved < rows->bytesMoved)) {
    return kernels;
  }
  return rows;
}

/// The target's cost model and DPUs per cluster, for streamed weights.
struct StreamTarget {
  cost::CostModel model;
  int64_t dpus = 1;
};

/// True if loading the `weights` bytes of the convolution `geometry` from DDR
/// takes more than `ratio` times its NCE task under the target's cost model:
/// the op is weights-bound, and tiles that stream its weights overlap the
/// loads with the compute.
bool isWeightsBound(const OpGeometry &geometry, const StreamTarget &target,
                    int64_t weights, double ratio) {
  const cost::CostModel &model = target.model;
  ArrayRef<int64_t> out = geometry.outputShape;
  const double rate = model.getDpuMacsPerCycle(
      VPUIP::getMacRateName(getElementTypeOrSelf(geometry.input.getType())));
  const double nce = model.getNceTaskCycles(
      out[3], out[2], out[1],
      geometry.kernel[0] * geometry.kernel[1] * geometry.inputShape[1],
      std::max<int64_t>(1, target.dpus), rate, /*cmxBytes=*/0);
  return model.getDmaCycles(static_cast<uint64_t>(weights), /*ddr=*/true) >
         ratio * nce;
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
    if (!(prefetchShare >= 0 && prefetchShare <= 1)) {
      func.emitOpError() << "cannot tile within a share of " << prefetchShare
                         << " of the CMX budget (option prefetch-share of "
                            "vpuc-vpu-tiling): it is not in [0, 1]";
      return signalPassFailure();
    }
    if (!(streamWeightsShare >= 0 && streamWeightsShare <= 1)) {
      func.emitOpError() << "cannot stream weights within a share of "
                         << streamWeightsShare
                         << " of the CMX budget (option stream-weights-share "
                            "of vpuc-vpu-tiling): it is not in [0, 1]";
      return signalPassFailure();
    }
    if (!(streamWeightsRatio >= 0)) {
      func.emitOpError() << "cannot stream weights above a ratio of "
                         << streamWeightsRatio
                         << " (option stream-weights-ratio of "
                            "vpuc-vpu-tiling): it is negative";
      return signalPassFailure();
    }
    const int64_t budget =
        optionBytes != 0 ? optionBytes : resources.getCmxSize();
    const int64_t alignment = resources ? resources.getCmxAlignment() : 1;
    if (resources && failed(verifyClusters(func, resources.getClusters(),
                                           "vpuc-vpu-tiling"))) {
      return signalPassFailure();
    }
    // Streamed weights need the target's cost model.
    std::optional<StreamTarget> stream;
    if (streamWeightsShare > 0) {
      if (!resources) {
        func.emitOpError()
            << "has no target for the cost model of vpuc-vpu-tiling's "
               "stream-weights-share: the module has no VPUIP.resources "
               "(run vpuc-init-compiler)";
        return signalPassFailure();
      }
      llvm::Expected<cost::CostModel> loaded = VPUIP::loadCostModel(resources);
      if (!loaded) {
        func.emitOpError() << "cannot stream weights (vpuc-vpu-tiling): "
                           << llvm::toString(loaded.takeError());
        return signalPassFailure();
      }
      stream = StreamTarget{std::move(*loaded), resources.getDpus()};
    }

    SmallVector<NCEOpInterface> ops;
    func.walk([&](NCEOpInterface op) { ops.push_back(op); });
    for (NCEOpInterface op : ops) {
      if (failed(tileOp(op, budget, alignment, stream ? &*stream : nullptr))) {
        return signalPassFailure();
      }
    }
  }

  /// Tiles `op`; `stream` is the target of streamed weights (null: off).
  LogicalResult tileOp(NCEOpInterface op, int64_t budget, int64_t alignment,
                       const StreamTarget *stream) {
    FailureOr<OpGeometry> geometry = getGeometry(op);
    if (failed(geometry)) {
      return op->emitOpError()
             << "is an NCE op that vpuc-vpu-tiling does not know how to tile";
    }
    geometry->outputOverwritesInput = eltwiseInPlace && canOverwriteInput(op);
    const int64_t whole =
        footprint(*geometry, std::nullopt, TileBox(), alignment);
    // An input that arrives by DMA anyway: H tiles within the prefetch share
    // of the budget, so that the next tile's rows load while a tile runs.
    std::optional<TilingChoice> best;
    const auto prefetchBudget =
        static_cast<int64_t>(prefetchShare * static_cast<double>(budget));
    if (prefetchShare > 0 && whole > prefetchBudget &&
        llvm::is_contained(geometry->axes, TileAxis::Height) &&
        arrivesByDma(geometry->input)) {
      best = choosePrefetchSplit(*geometry, prefetchBudget, alignment);
    }
    // Weights that dominate the op stream in by output-channel tiles.
    const auto streamBudget =
        static_cast<int64_t>(streamWeightsShare * static_cast<double>(budget));
    if (!best && stream &&
        llvm::is_contained(geometry->axes, TileAxis::OutputChannels)) {
      const int64_t weights =
          weightsBytes(*geometry, geometry->filterShape[0], alignment);
      if (weights > streamBudget &&
          isWeightsBound(*geometry, *stream, weights, streamWeightsRatio)) {
        int64_t smallest = 0;
        best = chooseCount(*geometry, TileAxis::OutputChannels, budget,
                           alignment, smallest, streamBudget);
      }
    }
    if (!best && whole <= budget) {
      return success();
    }
    std::string smallestText;
    llvm::raw_string_ostream smallestOs(smallestText);
    for (TileAxis axis : best ? ArrayRef<TileAxis>() : geometry->axes) {
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
    // No single axis fits: the channel axis, then H inside every channel
    // piece (the channel axis of a convolution is K, never the reduction C:
    // the NCE has no partial sums).
    if (!best) {
      for (TileAxis axis : geometry->axes) {
        // A combination needs two axes that can each be cut.
        if (axis == TileAxis::Height ||
            !llvm::is_contained(geometry->axes, TileAxis::Height) ||
            maxTilesOf(*geometry, axis) < 2 ||
            maxTilesOf(*geometry, TileAxis::Height) < 2) {
          continue;
        }
        int64_t smallest = whole;
        best = chooseCombined(*geometry, axis, budget, alignment, smallest);
        if (!best) {
          smallestOs << ", over " << axisName(axis) << " x H " << smallest
                     << " bytes";
        }
      }
    }
    if (!best) {
      return op->emitOpError()
             << "layer '" << layerName(op) << "' needs " << whole
             << " bytes of CMX and does not fit the budget of " << budget
             << " bytes even in its smallest tiles (" << smallestText << ")";
    }
    SmallVector<Operation *> pieces =
        rewriteIntoTiles(op, *geometry, best->axis, best->tiles, "tile");
    if (!best->isCombined()) {
      return success();
    }
    for (auto [piece, rows] : llvm::zip_equal(pieces, best->rows)) {
      if (rows == 1) {
        continue;
      }
      auto nce = llvm::cast<NCEOpInterface>(piece);
      FailureOr<OpGeometry> pieceGeometry = getGeometry(nce);
      if (failed(pieceGeometry)) {
        return piece->emitOpError()
               << "is an NCE op that vpuc-vpu-tiling does not know how to tile";
      }
      rewriteIntoTiles(nce, *pieceGeometry, TileAxis::Height,
                       planTiles(*pieceGeometry, TileAxis::Height, rows),
                       "row");
    }
    return success();
  }
};

} // namespace

} // namespace mlir::vpuc::VPU
