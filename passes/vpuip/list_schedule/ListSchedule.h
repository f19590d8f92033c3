//===- ListSchedule.h - Reorder tasks by list scheduling --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createListSchedulePass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_LIST_SCHEDULE_LISTSCHEDULE_H_
#define VPUC_PASSES_VPUIP_LIST_SCHEDULE_LISTSCHEDULE_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_LISTSCHEDULEPASS
#include "passes/vpuip/list_schedule/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_LIST_SCHEDULE_LISTSCHEDULE_H_
