//===- NCELowering.h - VPU.NCE ops to NCE cluster tasks ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The bufferisation of the VPU.NCE ops (NCELowering.cpp): each becomes a
// VPUIP.NCEClusterTask on the cluster of its `cluster` attribute (0 when
// absent) whose buffers are in that cluster's CMX,
// fed by copies (DMAs) from DDR and copied back to DDR. The whole layer must
// fit the cluster's CMX: layers that do not need tiling first, which the
// pass's check reports through checkNCELayer.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_NCELOWERING_H_
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_NCELOWERING_H_

#include <string>

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::vpuc::cost {
class CostModel;
} // namespace mlir::vpuc::cost

namespace mlir::vpuc::VPUIP {

class ResourcesAttr;

/// True if `op` is a VPU.NCE op.
bool isNCELayer(Operation *op);

/// The CMX bytes the NCE layer `op` needs on one cluster: its activations,
/// weights, weights table and output, each rounded up to the CMX alignment
/// of `resources`; with `eltwiseInPlace`, no output for an eltwise op that
/// can write it over an input (VPU::canOverwriteInput).
int64_t getNCELayerCMXBytes(Operation *op, ResourcesAttr resources,
                            bool eltwiseInPlace = false);

/// Checks that the NCE layer `op` can be lowered for `resources`: its cluster
/// exists, its buffers fit the CMX of one cluster (else `reason` says the
/// bytes needed and available: the layer needs tiling) and its weights and
/// bias are constants.
LogicalResult checkNCELayer(Operation *op, ResourcesAttr resources,
                            std::string &reason, bool eltwiseInPlace = false);

/// Adds the pattern that lowers every VPU.NCE op to copies into the CMX of
/// its cluster, an NCE cluster task with one variant per DPU of the cluster
/// (`resources`), and a copy of the output back to DDR. The cost model of the
/// target (which must outlive the patterns) splits the output over the DPUs
/// and chooses each variant's MPE mode.
void populateNCELoweringPatterns(const TypeConverter &typeConverter,
                                 ResourcesAttr resources,
                                 const cost::CostModel &costModel,
                                 RewritePatternSet &patterns);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_NCELOWERING_H_
