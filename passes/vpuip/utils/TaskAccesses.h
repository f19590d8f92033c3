//===- TaskAccesses.h - The buffers a task reads and writes -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The dependency rule of the level-2 scheduling passes: the buffers a VPUIP
// task reads and writes (from its memory effects, located through
// BufferLocation), and whether a later task must wait for an earlier one
// because they may share a byte one of them writes. The async wrapping turns
// the conflicts into token dependencies; the list scheduling reorders the
// tasks within them; the feasible allocation reads each task's buffers from
// them.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_TASKACCESSES_H_
#define VPUC_PASSES_VPUIP_UTILS_TASKACCESSES_H_

#include "passes/vpuip/utils/BufferLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::vpuc::VPUIP {

/// One buffer a task reads or writes.
struct BufferAccess {
  /// The buffer value the task names (a view or a root buffer).
  Value value;
  /// Where `value` lies.
  BufferLocation location;
  /// The task reads the buffer.
  bool read = false;
  /// The task writes the buffer.
  bool write = false;
};

/// The buffers a task accesses.
struct TaskAccesses {
  SmallVector<BufferAccess, 4> accesses;
  /// The task has an effect on memory the analysis cannot locate (a
  /// read or write effect on no value, or on a non-memref value).
  bool touchesAll = false;
};

/// The accesses of `op`: the read and write effects of its
/// MemoryEffectOpInterface, or every memref operand read and written when it
/// does not implement the interface.
TaskAccesses getTaskAccesses(Operation *op);

/// True if `b`, after `a`, must wait for it: one of them touches all memory,
/// or they access buffers that may share a byte (BufferLocation::mayOverlap)
/// and at least one of the two accesses writes. With `ignore`, a pair of
/// accesses (of `a`, of `b`) for which it returns true does not count.
bool conflict(
    const TaskAccesses &a, const TaskAccesses &b,
    llvm::function_ref<bool(const BufferAccess &, const BufferAccess &)>
        ignore = nullptr);

/// True if `op` does nothing to memory but allocate (no memory effects, or
/// only allocations): an op the level-2 scheduling passes may leave outside
/// the order of the tasks.
bool isAllocationOrPure(Operation *op);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_TASKACCESSES_H_
