//===- AddBuffersForNetResults.h - Output buffer arguments ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createAddBuffersForNetResultsPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ADD_BUFFERS_FOR_NET_RESULTS_ADDBUFFERSFORNETRESULTS_H_
#define VPUC_PASSES_VPUIP_ADD_BUFFERS_FOR_NET_RESULTS_ADDBUFFERSFORNETRESULTS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_ADDBUFFERSFORNETRESULTSPASS
#include "passes/vpuip/add_buffers_for_net_results/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_ADD_BUFFERS_FOR_NET_RESULTS_ADDBUFFERSFORNETRESULTS_H_
