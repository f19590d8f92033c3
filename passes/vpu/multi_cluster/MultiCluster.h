//===- MultiCluster.h - vpuc-vpu-multi-cluster pass -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createMultiClusterPass() and MultiClusterPassOptions: the choice
// of a multi-cluster strategy (SplitOverHeight, SplitOverKernel, Clustering)
// for every NCE op, and the NCE cycle estimate its cost model uses.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER_H_
#define VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER_H_

#include <cstdint>
#include <memory>
#include <string>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DECL_MULTICLUSTERPASS
#include "passes/vpu/multi_cluster/Passes.h.inc" // IWYU pragma: keep

/// The DPU cycles of one NCE cluster task computing a `width` x `height` x
/// `channels` output with `macsPerElement` MACs per output element: the
/// task overhead plus the busiest of `dpus` DPUs, the output split over them
/// as the lowering splits it, each DPU box costing the emulator's
/// `ceil(W / gw) * gw * ceil(H / gh) * gh * ceil(C / 16) * 16 * MACs per
/// element / macsPerCycle` (see MultiCluster.td).
double estimateNCECycles(int64_t width, int64_t height, int64_t channels,
                         int64_t macsPerElement, int64_t dpus,
                         double macsPerCycle, double taskOverheadCycles);

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER_H_
