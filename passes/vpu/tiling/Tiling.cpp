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
#include <optional>
#include <string>

#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "passes/vpu/utils/TileUtils.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DEF_TILINGPASS
#include "passes/vpu/tiling/Passes.h.inc" // IWYU pragma: keep

namespace {

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
    if (resources && failed(verifyClusters(func, resources.getClusters(),
                                           "vpuc-vpu-tiling"))) {
      return signalPassFailure();
    }

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
    rewriteIntoTiles(op, *geometry, best->axis, best->tiles, "tile");
    return success();
  }
};

} // namespace

} // namespace mlir::vpuc::VPU
