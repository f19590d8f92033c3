//===- Registration.cpp - Entry point of multi_cluster ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpu_multi_cluster`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpu/multi_cluster/MultiCluster.h"

extern "C" void
vpuc_register_vpu_multi_cluster(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPU::createMultiClusterPass(); });
}
