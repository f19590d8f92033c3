//===- AsyncToVPURT.td - Async regions to VPURT tasks ------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares AsyncToVPURTPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPURT_ASYNC_TO_VPURT_ASYNCTOVPURT
#define VPUC_PASSES_VPURT_ASYNC_TO_VPURT_ASYNCTOVPURT

include "mlir/Pass/PassBase.td"

def AsyncToVPURTPass : Pass<"vpuc-vpurt-async-to-vpurt", "::mlir::func::FuncOp"> {
  let summary = "Lowers async regions of VPUIP tasks to VPURT tasks, virtual "
                "barriers and declared buffers";
  let description = [{
    Brings a function whose tasks are in `async.execute` regions (see
    `vpuc-vpuip-wrap-into-async-regions`) and whose buffers are placed to the
    VPURT form: declared buffers, virtual barriers, tasks and the return.

    **Tasks.** Each `async.execute` (one VPUIP task, no async values) becomes a
    `VPURT.Task` at its place, so the order of the regions is the order of the
    executors' task lists. `async.await`s go: the runtime finishes when every
    task list is done.

    **Barriers.** A token dependency becomes a barrier edge unless it is
    implied, by the other dependencies and by the order of the task lists (a
    task follows the previous task of its executor without a barrier). The
    remaining edges are grouped: the tasks that depend on the same set of
    tasks wait on one `VPURT.DeclareVirtualBarrier` that this set updates, so
    a task waits on at most one barrier and there is one barrier per distinct
    set of producers.

    **Buffers.** Every buffer a task uses becomes a `VPURT.DeclareBuffer` at
    the top of the function, one per distinct section, offset and type,
    following views (`VPUIP.SubView` adds its byte offset, `VPUIP.ConcatView`
    is its output buffer, `VPUIP.GenericReshape` has its input's offset) to
    the root:

    * function argument `i` < number of inputs: `<NetworkInput> [i]`; the
      output arguments: `<NetworkOutput> [j]`;
    * `VPUIP.StaticAlloc<o>` in DDR: `<DDR> <o + view offset>`; in
      `CMX_NN[c]`: `<CMX_NN> [c] <o + view offset>`.

    Constant buffers (`const.Declare` of a memref, any ConstantLike op of
    memref type) stay as they are: tasks read them directly and the blob
    writer lays them out in the constant section. A view of a constant is an
    error, and so is a buffer without a runtime section: a `memref.alloc` (run
    the memory allocation first), a view with an unknown offset, or any other
    definition. The allocations and views left without uses are erased.

    The function must follow the runtime's convention (arguments are the
    network inputs then outputs, and it returns the output arguments in
    order, see `vpuc-vpuip-add-buffers-for-net-results`).

    ```mlir
    %t0 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
      %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%buf : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    %t1 = async.execute [%t0] attributes {executor = "SHAVE_UPA", executor_instance = 0 : i64} {
      %1 = VPUIP.UPA.SW @VPU.SW::@relu inputs(%buf : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    // becomes
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
    %1 = VPURT.DeclareBuffer <DDR> <0> -> memref<8xf16>
    %2 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
    %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    VPURT.Task updates(%b) {
      %r = VPUIP.NNDMA inputs(%0 : memref<8xf16>) outputs(%1 : memref<8xf16>) -> memref<8xf16>
    }
    VPURT.Task waits(%b) {
      %r = VPUIP.UPA.SW @VPU.SW::@relu inputs(%1 : memref<8xf16>) outputs(%2 : memref<8xf16>) -> memref<8xf16>
    }
    ```
  }];
  let dependentDialects = ["::mlir::vpuc::VPURT::VPURTDialect"];
}

#endif // VPUC_PASSES_VPURT_ASYNC_TO_VPURT_ASYNCTOVPURT
