//===- PrintStatistics.h - Statistics of VPURT functions --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createPrintStatisticsPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPURT_PRINT_STATISTICS_PRINTSTATISTICS_H_
#define VPUC_PASSES_VPURT_PRINT_STATISTICS_PRINTSTATISTICS_H_

#include <memory>
#include <string>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPURT {

#define GEN_PASS_DECL_PRINTSTATISTICSPASS
#include "passes/vpurt/print_statistics/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPURT

#endif // VPUC_PASSES_VPURT_PRINT_STATISTICS_PRINTSTATISTICS_H_
