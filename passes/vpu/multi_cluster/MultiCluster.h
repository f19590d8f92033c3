//===- MultiCluster.h - vpuc-vpu-multi-cluster pass -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createMultiClusterPass() and MultiClusterPassOptions: the choice
// of a multi-cluster strategy (SplitOverHeight, SplitOverKernel, Clustering)
// for every NCE op, costed with the one cost model (core/cost).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER_H_
#define VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER_H_

#include <memory>
#include <string>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DECL_MULTICLUSTERPASS
#include "passes/vpu/multi_cluster/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER_H_
