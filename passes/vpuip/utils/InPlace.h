//===- InPlace.h - A task writing where its result is copied ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The rewrite of a DMA copying the CMX result of an NCE task or a software
// kernel into a part of another CMX buffer of its cluster: the task writes
// that part instead (see passes/vpuip/write_in_place/WriteInPlace.td for
// the conditions and why they keep every value read). Shared by
// vpuc-vpuip-write-in-place and vpuc-vpuip-optimize-copies, which uses it
// where the two buffers of such a copy could not be in the CMX together.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_INPLACE_H_
#define VPUC_PASSES_VPUIP_UTILS_INPLACE_H_

#include <cstdint>
#include <optional>

#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPUIP {

class WriterMap;

/// The CMX of a cluster, which a task's buffers must fit in together.
struct CmxLimit {
  /// Bytes (0: not checked).
  int64_t capacity = 0;
  /// The alignment every buffer is rounded up to.
  int64_t alignment = 1;
};

/// The share of a cluster's CMX that a task writing in place may fill with
/// its buffers and the whole destination. Writing in place makes all of the
/// destination part of the task's working set; the rest of the CMX is left
/// for the buffers the memory scheduler keeps or prefetches meanwhile (with
/// all of it, spills grew on a U-Net and a ResNet-50: docs/cost_model.md).
inline constexpr double kInPlaceCmxShare = 0.75;

/// Gives the operand `use` of software kernel `kernel`, whose value changed
/// type (a view in place of a buffer), the same type in the kernel's body.
void retypeKernelArgument(SwKernelOp kernel, OpOperand &use);

/// The limit of the in-place checks for a CMX of `cmxSize` bytes (0: not
/// checked) and buffers aligned to `alignment`: kInPlaceCmxShare of it.
CmxLimit getInPlaceLimit(int64_t cmxSize, int64_t alignment);

/// The whole CMX of a cluster of the target in the module of `op`
/// (`VPUIP.resources`; not checked without one): what a task's buffers must
/// fit in together for the memory scheduler.
CmxLimit getCmxLimit(Operation *op);

/// True if every op using `value`, directly or through views of it, has its
/// CMX buffers in `buffer`'s cluster fit in `limit` together with a buffer of
/// type `replacement` in place of `buffer`: the check of a rewrite that makes
/// the readers of `value` (which lives in `buffer`) read a larger buffer.
bool usersFitWith(Value value, memref::AllocOp buffer, MemRefType replacement,
                  const CmxLimit &limit);

/// True if `source` is the result of an NCE task or a software kernel that
/// could write a part of type `part` of a CMX buffer of type `destination`
/// instead of its own buffer: it writes it into a whole CMX `memref.alloc`
/// that nothing else uses or writes, in `part`'s cluster, of `part`'s shape,
/// element type and dims order; every user of it but `skip` takes a strided
/// buffer; and the CMX buffers of the task and of each of those readers in
/// that cluster, `destination` in place of the task's buffer, fit in `limit`
/// together.
bool isInPlaceSource(Value source, MemRefType part, MemRefType destination,
                     const WriterMap &writers, const CmxLimit &limit,
                     Operation *skip = nullptr);

/// A copy that its task can replace by writing the copy's destination, with
/// what the rewrite needs.
struct InPlaceCopy {
  NNDMAOp copy;
  /// The task's result that `copy` reads, and the task's operand tied to it.
  OpResult result;
  OpOperand *init = nullptr;
  /// The task's own buffer.
  memref::AllocOp buffer;
  /// The allocation `copy` writes a part of, and the views from it down to
  /// that part, root first.
  memref::AllocOp destination;
  llvm::SmallVector<SubViewOp, 2> chain;
};

/// The replacement of `copy` when the task whose result it copies can write
/// `copy`'s destination instead: isInPlaceSource, the destination a
/// unit-step view of a whole CMX `memref.alloc`, and every other op writing
/// that allocation writes boxes of it disjoint from the destination.
std::optional<InPlaceCopy>
canWriteInPlace(NNDMAOp copy, const WriterMap &writers, const CmxLimit &limit);

/// What writeInPlace did.
struct InPlaceWrite {
  /// The task was a software kernel (an NCE task otherwise).
  bool kernel = false;
  /// The bytes the erased copy moved.
  int64_t bytes = 0;
};

/// Rewrites `plan.copy` as canWriteInPlace found it possible: the
/// destination allocation and its views move before the task, the task
/// writes the destination and its result takes its type (views of it are
/// rebuilt, kernel bodies retyped), the users of the copy read the task's
/// result, and the copy and the task's former buffer are erased. `writers`
/// is updated.
InPlaceWrite writeInPlace(const InPlaceCopy &plan, WriterMap &writers);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_INPLACE_H_
