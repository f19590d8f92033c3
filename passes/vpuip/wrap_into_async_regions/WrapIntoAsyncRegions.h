//===- WrapIntoAsyncRegions.h - Tasks into async regions --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createWrapIntoAsyncRegionsPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_WRAP_INTO_ASYNC_REGIONS_WRAPINTOASYNCREGIONS_H_
#define VPUC_PASSES_VPUIP_WRAP_INTO_ASYNC_REGIONS_WRAPINTOASYNCREGIONS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_WRAPINTOASYNCREGIONSPASS
#include "passes/vpuip/wrap_into_async_regions/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_WRAP_INTO_ASYNC_REGIONS_WRAPINTOASYNCREGIONS_H_
