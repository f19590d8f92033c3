//===- CountNetworkMacs.h - vpuc-ie-count-network-macs ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createCountNetworkMacsPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_COUNT_NETWORK_MACS_COUNTNETWORKMACS_H_
#define VPUC_PASSES_IE_COUNT_NETWORK_MACS_COUNTNETWORKMACS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_COUNTNETWORKMACSPASS
#include "passes/ie/count_network_macs/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_COUNT_NETWORK_MACS_COUNTNETWORKMACS_H_
