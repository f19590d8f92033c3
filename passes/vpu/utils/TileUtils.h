//===- TileUtils.h - Slicing NCE ops into pieces ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The slicing that vpuc-vpu-tiling (pieces that fit CMX) and
// vpuc-vpu-multi-cluster (one piece per cluster) share: the geometry of an
// NCE op, the boxes of a split of its output over rows (with the input rows
// and halo each piece reads and the padding kept at the true edges) or
// channels, their CMX footprint, and the rewrite of the op into
// VPU.Slice / one NCE op per piece / VPU.Concat.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_UTILS_TILEUTILS_H_
#define VPUC_PASSES_VPU_UTILS_TILEUTILS_H_

#include <cstdint>
#include <optional>
#include <string>

#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class OpBuilder;
} // namespace mlir

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace mlir::vpuc::VPU {

class NCEOpInterface;

/// The axis a split cuts.
enum class TileAxis {
  /// Output rows (dim 2), input rows with their halo.
  Height,
  /// Output channels of a convolution (dim 1 of the output, dim 0 of the
  /// filter and the bias); every piece reads the whole input.
  OutputChannels,
  /// Input and output channels together (depthwise convolutions, pools,
  /// eltwise ops).
  Channels,
};

/// "H", "K" or "C".
StringRef axisName(TileAxis axis);

/// What a split reads of an NCE op.
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
  /// The axes this op can be split over: `Height` first, then its channel
  /// axis (`OutputChannels` for a convolution, `Channels` otherwise).
  SmallVector<TileAxis, 2> axes;
  /// An eltwise op that can write its result over an input
  /// (canOverwriteInput, which the caller asks): its whole footprint counts no
  /// output.
  bool outputOverwritesInput = false;
  /// The target's NCE channel alignment (NCE::getTargetLimits): channel
  /// pieces are multiples of it.
  int64_t channelAlignment = 0;
};

/// Reads the geometry of `op`; fails for an op the slicing does not know.
FailureOr<OpGeometry> getGeometry(NCEOpInterface op);

/// One piece: a box of the output along the split axis and what it reads.
struct TileBox {
  /// The output range along the axis: rows or channels.
  int64_t offset = 0;
  int64_t size = 0;
  /// For H pieces: the input rows read [inputOffset, inputOffset + inputRows)
  /// and the padding kept at the true edges.
  int64_t inputOffset = 0;
  int64_t inputRows = 0;
  int64_t padTop = 0;
  int64_t padBottom = 0;
};

/// The granule of `axis` for `geometry`: one row, or one NCE channel group.
int64_t granuleOf(const OpGeometry &geometry, TileAxis axis);

/// The output extent along `axis`.
int64_t extentOf(const OpGeometry &geometry, TileAxis axis);

/// The largest useful piece count along `axis` (one granule per piece), at
/// least 1.
int64_t maxTilesOf(const OpGeometry &geometry, TileAxis axis);

/// The piece of output rows [offset, offset + size) of `geometry`: the input
/// rows its windows read and the padding it keeps at the true edges.
TileBox rowBox(const OpGeometry &geometry, int64_t offset, int64_t size);

/// The pieces of a split of `geometry` over `axis` into `count` pieces of
/// whole granules that differ by at most one granule, the larger first
/// (`count` at most maxTilesOf).
SmallVector<TileBox> planTiles(const OpGeometry &geometry, TileAxis axis,
                               int64_t count);

/// The bytes of `elements` values of `bits` bits, rounded up to `alignment`.
int64_t alignedBytes(int64_t elements, int64_t bits, int64_t alignment);

/// The CMX footprint of one piece (of the whole op when `axis` is empty):
/// input(s), output, weights and weights table, each rounded up to
/// `alignment`.
int64_t footprint(const OpGeometry &geometry, std::optional<TileAxis> axis,
                  const TileBox &tile, int64_t alignment);

/// The bytes of the weights (`filter`) and weights table of `filterChannels`
/// output channels of `geometry`, each rounded up to `alignment` (0 without
/// a filter).
int64_t weightsBytes(const OpGeometry &geometry, int64_t filterChannels,
                     int64_t alignment);

/// The layer's name for messages: the name of its NameLoc (through fused and
/// call-site locations), else the op name.
std::string layerName(Operation *op);

/// The box [offsets, offsets + sizes) of the tensor `value`: the value itself
/// when the box is all of it, a new constant (`#const.SubView`) for a
/// `const.Declare`, a VPU.Slice otherwise; created at `builder`'s point.
Value sliceValue(OpBuilder &builder, Location loc, Value value,
                 ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes);

/// Creates at `builder`'s point the NCE op computing the piece `tile` (of a
/// split over `axis`) of `op`, whose input is `geometry.input` (sliced to the
/// rows or channels the piece reads; `activation` instead, when given, which
/// must be those already) and whose other operands are `op`'s (a filter and
/// bias sliced for channel pieces); it keeps `op`'s attributes, with the
/// piece's padding and `cluster` when given.
Operation *createTile(OpBuilder &builder, NCEOpInterface op,
                      const OpGeometry &geometry, TileAxis axis,
                      const TileBox &tile, Location loc,
                      std::optional<int64_t> cluster, Value activation = {});

/// Rewrites `op` into one NCE op per piece of `tiles` (a split over `axis`),
/// fed by VPU.Slice of its activations (a `const.Declare` filter or bias is
/// sliced as a new constant), and a VPU.Concat that replaces it. Piece `i`
/// of a named layer is located at `<layer>/<suffix><i>`; it keeps the op's
/// attributes, with `cluster = clusters[i]` when `clusters` is not empty.
/// Returns the pieces.
SmallVector<Operation *>
rewriteIntoTiles(NCEOpInterface op, const OpGeometry &geometry, TileAxis axis,
                 ArrayRef<TileBox> tiles, StringRef suffix,
                 ArrayRef<int64_t> clusters = {});

/// Checks that every NCE op of `func` runs on a cluster below `clusters`
/// (the module's VPUIP.resources); `pass` names the caller in the error.
LogicalResult verifyClusters(func::FuncOp func, int64_t clusters,
                             StringRef pass);

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_UTILS_TILEUTILS_H_
