//===- AsyncToVPURT.h - Async regions to VPURT tasks ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createAsyncToVPURTPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPURT_ASYNC_TO_VPURT_ASYNCTOVPURT_H_
#define VPUC_PASSES_VPURT_ASYNC_TO_VPURT_ASYNCTOVPURT_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPURT {

#define GEN_PASS_DECL_ASYNCTOVPURTPASS
#include "passes/vpurt/async_to_vpurt/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPURT

#endif // VPUC_PASSES_VPURT_ASYNC_TO_VPURT_ASYNCTOVPURT_H_
