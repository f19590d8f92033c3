//===- ClusterPieces.h - Values split over the clusters ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Where the pieces of a value split over the clusters are computed, as
// vpuc-vpu-multi-cluster sees it in program order: an NCE op with a `cluster`
// computes its result in that cluster's CMX, and an element-wise software
// layer whose operands are computed in one cluster can run on that cluster's
// SHAVEs on them in place. A VPU.Concat over H (or over channels) of such
// pieces, on clusters 0, 1, ... in order, leaves each cluster holding its
// rows (channels); an op split the same way next reads them where they are.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_UTILS_CLUSTERPIECES_H_
#define VPUC_PASSES_VPU_UTILS_CLUSTERPIECES_H_

#include <cstdint>
#include <optional>

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::VPU {

/// Whether `op` is a software layer whose kernel computes every output
/// element from its operands at that element's index alone (operands
/// broadcast by NumPy rules): the unary activations and math layers,
/// `Convert`, and the binary arithmetic layers, with one 4-D result.
bool isElementwiseSwLayer(Operation *op);

/// How a 4-D value is split over the clusters: cluster `i` holds
/// `extents[i]` of dim `dim` (2: rows, 1: channels), the pieces in cluster
/// order, and all of the other dims. Empty when the value is not split so.
struct ClusterSplit {
  int64_t dim = 0;
  SmallVector<int64_t> extents;

  bool empty() const { return extents.empty(); }
  /// The first index of dim `dim` that cluster `cluster` holds.
  int64_t offsetOf(int64_t cluster) const;
  bool operator==(const ClusterSplit &other) const {
    return dim == other.dim && extents == other.extents;
  }
  bool operator!=(const ClusterSplit &other) const { return !(*this == other); }
};

/// The cluster whose CMX `value` is computed in: the `cluster` of an NCE op,
/// or the one cluster of every operand of an element-wise software layer
/// that has the layer's whole shape (the others broadcast into it); nullopt
/// otherwise.
std::optional<int64_t> getValueCluster(Value value);

/// How the ops placed before split `value` over the clusters: a VPU.Concat
/// over H whose input `i` is computed in cluster `i` (getValueCluster) is
/// split over rows, and so is a VPU.Concat over channels of values split
/// alike over rows; a VPU.Concat over channels whose input `i` is computed
/// in cluster `i` is split over channels. Empty otherwise.
ClusterSplit getClusterSplit(Value value);

/// How the operands of the element-wise software layer `op` that have its
/// whole shape are split (getClusterSplit), when they all are and alike;
/// empty otherwise.
ClusterSplit getSwLayerClusterSplit(Operation *op);

/// Rewrites the element-wise software layer `op` into one layer per cluster
/// on the part `split` says cluster `i` holds (getSwLayerClusterSplit): each
/// operand with the layer's extent of the split dim is cut the same way (an
/// operand that is already a VPU.Concat of those pieces gives its pieces),
/// the others broadcast and are passed whole, and a VPU.Concat over the dim
/// of the pieces replaces the layer. Piece `i` of a named layer is located at
/// `<layer>/cluster<i>`.
void splitSwLayerOverClusters(Operation *op, const ClusterSplit &split);

/// splitSwLayerOverClusters for any split of `op`'s result over rows or
/// channels into parts (`split.extents[i]` of dim `split.dim` in part `i`):
/// part `i` of a named layer is located at `<layer>/<suffix><i>`. Returns the
/// VPU.Concat that replaces the layer.
Value splitSwLayer(Operation *op, const ClusterSplit &split, StringRef suffix);

/// How the input of `op` is split over rows (getClusterSplit), when `op` is a
/// `VPU.SW.ReduceMean` over H and W with `keep_dims` (a global average pool)
/// of a 4-D input split so; empty otherwise.
ClusterSplit getRowMeanClusterSplit(Operation *op);

/// Rewrites the global average pool `op` (getRowMeanClusterSplit) into one
/// `VPU.SW.ReduceMean` per cluster on the rows that cluster holds, and their
/// sum weighted by each cluster's share of the rows (`VPU.SW.Multiply` by a
/// 1x1x1x1 constant, `VPU.SW.Add`), which replaces it. The pieces read their
/// rows where they were computed; the weighted sum of the FP16 partial means
/// rounds more often than one mean (a few units in the last place). Piece `i`
/// of a named layer is located at `<layer>/cluster<i>`.
void splitRowMeanOverClusters(Operation *op, const ClusterSplit &split);

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_UTILS_CLUSTERPIECES_H_
