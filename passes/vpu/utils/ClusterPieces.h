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
// SHAVEs on them in place. A VPU.Concat over H of such pieces, on clusters 0,
// 1, ... in order, leaves each cluster holding its rows; an op split over
// height next reads them where they are.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_UTILS_CLUSTERPIECES_H_
#define VPUC_PASSES_VPU_UTILS_CLUSTERPIECES_H_

#include <cstdint>
#include <optional>

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPU {

/// Whether `op` is a software layer whose kernel computes every output
/// element from its operands at that element's index alone (operands
/// broadcast by NumPy rules): the unary activations and math layers,
/// `Convert`, and the binary arithmetic layers, with one 4-D result.
bool isElementwiseSwLayer(Operation *op);

/// The cluster whose CMX `value` is computed in: the `cluster` of an NCE op,
/// or the one cluster of every operand of an element-wise software layer
/// that has the layer's rows (dim 2); nullopt otherwise.
std::optional<int64_t> getValueCluster(Value value);

/// The rows of `value` each cluster holds when the ops placed before split
/// it over height across the clusters: a VPU.Concat over H whose input `i`
/// is computed in cluster `i` (getValueCluster), or a VPU.Concat over
/// channels of values split alike. Empty otherwise.
SmallVector<int64_t> getClusterRows(Value value);

/// The rows each cluster holds of the operands of the element-wise software
/// layer `op` (getClusterRows), when every operand with the layer's rows
/// (dim 2) has them and the others broadcast over the rows; empty otherwise.
SmallVector<int64_t> getSwLayerClusterRows(Operation *op);

/// Rewrites the element-wise software layer `op` into one layer per cluster
/// on the rows `rows[i]` cluster `i` holds (getSwLayerClusterRows): each
/// operand with the layer's rows is sliced (an operand that is already a
/// VPU.Concat of those pieces gives its pieces), the others are passed
/// whole, and a VPU.Concat over H of the pieces replaces the layer. Piece `i`
/// of a named layer is located at `<layer>/cluster<i>`.
void splitSwLayerOverClusters(Operation *op, ArrayRef<int64_t> rows);

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_UTILS_CLUSTERPIECES_H_
