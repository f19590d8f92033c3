//===- VPURTOps.td - VPURT dialect operations --------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// VPURT.DeclareBuffer, VPURT.DeclareVirtualBarrier, VPURT.ConfigureBarrier and
// VPURT.Task.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPURT_IR_VPURTOPS
#define VPUC_DIALECTS_VPURT_IR_VPURTOPS

include "dialects/vpuip/ir/VPUIPBase.td"
include "dialects/vpurt/ir/VPURTBase.td"

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

def VPURT_DeclareBufferOp : VPURT_Op<"DeclareBuffer", [
    Pure, HasParent<"::mlir::func::FuncOp">]> {
  let summary = "A buffer at a byte offset of a runtime section";
  let description = [{
    The buffer of the result type at byte `byte_offset` of `section`.
    `NetworkInput`, `NetworkOutput` and `CMX_NN` take a section index (the
    network input or output, the cluster); `DDR` and `Constant` take none.

    The buffer's memory matches the section: `#VPUIP.mem<CMX_NN[c]>` for
    `CMX_NN [c]`, DDR (no memory space or `#VPUIP.mem<DDR>`) for every other
    section. Its byte offset is a multiple of its element size (for element
    types of whole bytes). It ends within its section when the section's size
    is known (see the dialect description): the function argument of a network
    input or output, the target's usable CMX, the module's
    `VPURT.section_sizes` for DDR and constants.

    ```mlir
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x3x224x224xf16>
    %1 = VPURT.DeclareBuffer <CMX_NN> [1] <4096> -> memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPURT.DeclareBuffer <DDR> <1024> -> memref<1x1000xf16>
    ```
  }];
  let arguments = (ins
    VPURT_BufferSectionAttr:$section,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$section_index,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$byte_offset
  );
  let results = (outs VPUIP_Buffer:$buffer);
  let assemblyFormat = [{
    $section (` ` `[` $section_index^ `]`)? `<` $byte_offset `>` attr-dict `->` type($buffer)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

def VPURT_DeclareVirtualBarrierOp : VPURT_Op<"DeclareVirtualBarrier", [
    HasParent<"::mlir::func::FuncOp">]> {
  let summary = "A barrier before physical barrier assignment";
  let description = [{
    A barrier not yet mapped to a hardware barrier. It must have at least one
    producer and one consumer if it is used at all (see the dialect
    description); physical assignment replaces it by `VPURT.ConfigureBarrier`.

    ```mlir
    %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    ```
  }];
  let results = (outs Res<VPURT_Barrier, "", [MemAlloc<VPURT_BarrierResource>]>:$barrier);
  let assemblyFormat = "attr-dict `->` type($barrier)";
  let hasVerifier = 1;
}

def VPURT_ConfigureBarrierOp : VPURT_Op<"ConfigureBarrier", [
    HasParent<"::mlir::func::FuncOp">]> {
  let summary = "A use of hardware barrier `id`";
  let description = [{
    Programs hardware barrier `id` for the tasks that use the result. The
    barrier must have at least one producer and one consumer if it is used at
    all. `producer_count` and `consumer_count`, when given (the blob writer's
    record of the counts the runtime programs), must equal the counts the
    tasks give: the sum of `getBarrierCount()` of the tasks that update,
    respectively wait on, the barrier. With target resources on the module,
    `id` is below the usable barrier count and the counts are within the
    per-barrier limits.

    ```mlir
    %b = VPURT.ConfigureBarrier<3> {producer_count = 2 : i64, consumer_count = 1 : i64} -> !VPURT.Barrier
    ```
  }];
  let arguments = (ins
    ConfinedAttr<I64Attr, [IntNonNegative]>:$id,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$producer_count,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$consumer_count
  );
  let results = (outs Res<VPURT_Barrier, "", [MemAlloc<VPURT_BarrierResource>]>:$barrier);
  let assemblyFormat = "`<` $id `>` attr-dict `->` type($barrier)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tasks
//===----------------------------------------------------------------------===//

def VPURT_TaskOp : VPURT_Op<"Task", [
    AttrSizedOperandSegments, HasParent<"::mlir::func::FuncOp">,
    NoTerminator, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "A task of an executor, with its barriers";
  let description = [{
    Runs its body, exactly one VPUIP task op (an op implementing
    `VPUIP_TaskOpInterface`, which gives the executor), once all the barriers
    of `waits` are released, and signals the barriers of `updates` when done.
    A barrier appears at most once in the two lists together: a task waiting
    on a barrier it updates could never start. Every barrier comes from a
    `VPURT.DeclareVirtualBarrier` or a `VPURT.ConfigureBarrier`.

    The task's place in its executor's task list is its position among the
    function's `VPURT.Task` ops (see the dialect description).

    ```mlir
    VPURT.Task waits(%b0) updates(%b1, %b2) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%0 : memref<1x16xf16>) outputs(%1 : memref<1x16xf16>) -> memref<1x16xf16>
    }
    ```
  }];
  let arguments = (ins
    Variadic<VPURT_Barrier>:$wait_barriers,
    Variadic<VPURT_Barrier>:$update_barriers
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`waits` `(` $wait_barriers^ `)`)? (`updates` `(` $update_barriers^ `)`)?
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$waitBarriers,
                   "::mlir::ValueRange":$updateBarriers)>,
  ];
  let extraClassDeclaration = [{
    /// The VPUIP task the body holds, or null in an invalid op.
    ::mlir::vpuc::VPUIP::TaskOpInterface getInnerTaskOp();
    /// The kind of executor that runs the task (of a verified op).
    ::mlir::vpuc::VPUIP::ExecutorKind getExecutorKind();
    /// The executor instance (DMA port, cluster/tile, 0 for UPA SHAVEs) (of
    /// a verified op).
    int64_t getExecutorInstance();
    /// How many times the runtime counts the task on each of its barriers.
    int64_t getBarrierCount();
  }];
}

#endif // VPUC_DIALECTS_VPURT_IR_VPURTOPS
