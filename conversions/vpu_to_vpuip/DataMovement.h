//===- DataMovement.h - Data-movement layers as views and DMAs --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The software layers the bufferisation lowers without a kernel: strided
// slices (VPU.SW.StridedSlice, VPU.SW.Slice) become sub-views with steps;
// tiles and broadcasts (VPU.SW.Tile, VPU.SW.PerAxisTile, VPU.SW.Broadcast)
// become copies (DMAs) that fill the output buffer by doubling; ranges
// (VPU.SW.Range) become constant buffers. The pass asks `checkDataLayer`
// first and plans a kernel call only for the layers it refuses.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_DATAMOVEMENT_H_
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_DATAMOVEMENT_H_

#include <string>

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::vpuc::VPUIP {

/// True if `op` is a layer of this file: VPU.SW.StridedSlice, VPU.SW.Slice,
/// VPU.SW.Tile, VPU.SW.PerAxisTile, VPU.SW.Broadcast or VPU.SW.Range.
bool isDataLayer(Operation *op);

/// Checks that the layer `op` (isDataLayer) can be lowered to views, copies or
/// a constant. On failure, `reason` says why (nothing is emitted).
LogicalResult checkDataLayer(Operation *op, std::string &reason);

/// Adds the patterns of the data layers; `typeConverter` gives the result
/// buffer types.
void populateDataLayerPatterns(const TypeConverter &typeConverter,
                               RewritePatternSet &patterns);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_DATAMOVEMENT_H_
