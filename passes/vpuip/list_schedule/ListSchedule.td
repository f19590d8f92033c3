//===- ListSchedule.td - Reorder tasks by list scheduling --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ListSchedulePass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_LIST_SCHEDULE_LISTSCHEDULE
#define VPUC_PASSES_VPUIP_LIST_SCHEDULE_LISTSCHEDULE

include "mlir/Pass/PassBase.td"

def ListSchedulePass
    : Pass<"vpuc-vpuip-list-schedule", "::mlir::func::FuncOp"> {
  let summary = "Reorders the tasks so that the in-order executors overlap";
  let description = [{
    Every executor of the device (a DMA port, the DPUs of a cluster, an
    activation SHAVE tile, the UPA SHAVEs) runs its tasks in program order.
    A task that waits for another executor therefore blocks every later task
    of its own executor: after multi-cluster splitting, the DMA of the result
    of the piece on cluster 0 (which waits for that piece) sits before the
    DMAs of the inputs of the piece on cluster 1, and the clusters run one
    after another. This pass reorders the tasks of the function body so that
    such tasks do not hold up independent ones. It runs after the buffers
    are placed (after `vpuc-vpuip-ddr-static-allocation`) and before
    `vpuc-vpuip-wrap-into-async-regions`.

    **Dependencies.** Task B must stay after an earlier task A when they
    conflict: they access buffers that may share a byte and one of them
    writes it (the rule of `vpuc-vpuip-wrap-into-async-regions`,
    passes/vpuip/utils/TaskAccesses.h), or B uses a value computed from a
    result of A. Any order that keeps these pairs (a topological order of
    the conflict graph) computes the same: with every buffer placed, the
    conflicts are exactly the orders the async wrapping turns into
    dependencies.

    **List scheduling.** The pass simulates the executors: each task takes
    its estimated cycles (`estimateTaskCost`, passes/vpuip/utils/TaskCost.h,
    the cost model of the feasible memory scheduler and of the emulator) on
    its executor (the `VPUIP_TaskOpInterface` executor kind and instance).
    The DDR is shared: a task moving bytes through it holds it for the
    cycles of those bytes at the DDR bandwidth (`estimateDdrCycles`), and
    another such task starts after that (two DMA ports streaming from DDR
    each get half of it in the emulator; on VPUX37XX one port alone nearly
    fills it). Repeatedly, among the tasks whose predecessors are all
    placed, it places next the one with the earliest estimated start (the
    latest end of its predecessors, or its executor's free time, or the
    DDR's for a task that uses it, if later). On a tie it places the task with the
    longest estimated path from its start to the end of the program (its
    cycles plus the longest such path of the tasks that depend on it), then
    the earliest in program order: when a DMA port frees, the input of the
    next layer goes before a part of a prefetch for a layer far ahead
    (`vpuc-vpuip-split-dmas` cuts long prefetches into such parts).
    With `window` = N > 0 a task may be placed only while it is among the N
    earliest (in program order) tasks not yet placed: 1 keeps the program
    order, 0 (the default) sets no bound.

    **Joins first.** With `compare-tie-breaks` (the default) the pass also
    schedules with another tie-break and keeps the order of the lower
    estimated makespan (the first on a tie): a task that is the last
    unplaced predecessor of a task whose other predecessors all end by its
    start goes first, then as above (`sched::list::TieBreak::JoinsFirst`).
    Longest paths first, a layer's small weights load loses every tie to
    the loads of the inputs of the layers after it, whose paths are longer,
    and the layer waits for it alone: MobileNetV2's first convolution on
    cluster 1 waited 13 us for its 1792-byte weights behind the network
    input's 50 KB loads (joins first, it starts at 40.9 us instead of
    43.5). Neither rule is better on every network (docs/cost_model.md);
    the summary names the one kept. The estimate of
    `vpuc-vpuip-feasible-allocation` schedules with longest paths first
    only: with the lower of both there, it chose other schedules, and
    EfficientNet-B2 and ResNet-34 ran slower.

    **Rewrite.** Ops that are not tasks (`VPUIP.StaticAlloc`, views,
    constants, `memref.alloc`) stay in front of the tasks when they use no
    task result; the others move just before the first task that uses them,
    or after the tasks if none does. At log level `info`, and as a remark
    with `summary`, the pass reports the tasks moved and the estimated
    makespan of the program order and of the new order.

    The function body must be one block of tasks, ops that do nothing to
    memory but allocate, and the return; a function whose tasks are already
    wrapped into async regions is an error, and so is one without target
    resources (`VPUIP.resources` on the module, needed by the cost model).

    Two clusters, one DMA port, NCE tasks longer than the DMAs (the DMA out
    of piece 0 waits for the NCE task on cluster 0; the DMA in of piece 1
    does not):

    ```mlir
    %i0 = VPUIP.NNDMA inputs(%in0 : ...) outputs(%cmx0 : ...)   // DMA 0
    %n0 = VPUIP.NCEClusterTask ... outputs(%res0 : CMX_NN[0])  // cluster 0
    %o0 = VPUIP.NNDMA inputs(%res0 : ...) outputs(%out0 : ...)  // DMA 0
    %i1 = VPUIP.NNDMA inputs(%in1 : ...) outputs(%cmx1 : ...)   // DMA 0
    %n1 = VPUIP.NCEClusterTask ... outputs(%res1 : CMX_NN[1])  // cluster 1
    %o1 = VPUIP.NNDMA inputs(%res1 : ...) outputs(%out1 : ...)  // DMA 0
    // becomes
    %i0 = VPUIP.NNDMA inputs(%in0 : ...) outputs(%cmx0 : ...)
    %n0 = VPUIP.NCEClusterTask ... outputs(%res0 : CMX_NN[0])
    %i1 = VPUIP.NNDMA inputs(%in1 : ...) outputs(%cmx1 : ...)
    %n1 = VPUIP.NCEClusterTask ... outputs(%res1 : CMX_NN[1])
    %o0 = VPUIP.NNDMA inputs(%res0 : ...) outputs(%out0 : ...)
    %o1 = VPUIP.NNDMA inputs(%res1 : ...) outputs(%out1 : ...)
    ```

    so that the two NCE tasks overlap.
  }];
  let options = [
    Option<"window", "window", "unsigned", /*default=*/"0",
           "Place a task only among this many earliest (in program order) "
           "unplaced tasks: 1 keeps the program order, 0 sets no bound">,
    Option<"summary", "summary", "bool", /*default=*/"false",
           "Report the moved tasks and the estimated makespans as a remark "
           "on the function">,
    Option<"compareTieBreaks", "compare-tie-breaks", "bool",
           /*default=*/"true",
           "Schedule with both tie-breaks (longest paths first, joins first) "
           "and keep the lower estimated makespan; false: longest paths first">,
  ];
}

#endif // VPUC_PASSES_VPUIP_LIST_SCHEDULE_LISTSCHEDULE
