//===- WrapIntoAsyncRegions.td - Tasks into async regions --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares WrapIntoAsyncRegionsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_WRAP_INTO_ASYNC_REGIONS_WRAPINTOASYNCREGIONS
#define VPUC_PASSES_VPUIP_WRAP_INTO_ASYNC_REGIONS_WRAPINTOASYNCREGIONS

include "mlir/Pass/PassBase.td"

def WrapIntoAsyncRegionsPass
    : Pass<"vpuc-vpuip-wrap-into-async-regions", "::mlir::func::FuncOp"> {
  let summary = "Wraps every VPUIP task into an async.execute with token "
                "dependencies";
  let description = [{
    Puts every VPUIP task (an op implementing `VPUIP_TaskOpInterface`) of the
    function into its own `async.execute` region, in place, with the
    attributes `executor` (the executor kind, e.g. `"DMA_NN"`) and
    `executor_instance` (the DMA port, the NCE cluster, the activation
    SHAVE `tile * shaves + shave`, ...), and makes the ordering the
    tasks need explicit as token dependencies, so that the function says
    exactly which tasks may run concurrently.

    **Dependencies.** Task B depends on an earlier task A when A and B access
    buffers that may share a byte and one of them writes it (read after
    write, write after read, write after write). Accesses come from the
    tasks' memory effects (read inputs, write output buffers; every buffer
    operand counts as read and written for a task without memory effects).
    Buffers are compared through their aliases (see
    passes/vpuip/utils/BufferLocation.h): views of one buffer share bytes
    when their byte ranges overlap, and two `VPUIP.StaticAlloc`s of one
    memory when their placements overlap, so reuse of memory by the static
    allocation becomes write-after-read and write-after-write dependencies.
    Only the dependencies that no other chain of dependencies implies are
    kept (the transitive reduction). With `linear`, every task depends on the
    previous one instead (a serial schedule).

    **Data flow.** Within the regions, tasks use the buffers directly: the
    results of a task (tied to its output buffers) are replaced by those
    buffers, `VPUIP.ConcatView`s (which only joined data dependencies) by
    their output buffer, and the regions yield nothing. Allocations and
    views stay outside the regions. Before the return the function awaits
    the tasks no other task depends on, so it returns once all tasks are
    done.

    The function body must be one block whose ops are tasks, allocations
    (`memref.alloc`), ops without memory effects (views,
    `VPUIP.StaticAlloc`, constants) and the return. A `VPUIP.Copy` must
    first become a DMA; a function that already has async ops is an error.

    ```mlir
    %buf = VPUIP.StaticAlloc<0> -> memref<1000xf16>
    %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%buf : memref<1000xf16>) -> memref<1000xf16>
    %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
    return %1 : memref<1000xf16>
    // becomes
    %buf = VPUIP.StaticAlloc<0> -> memref<1000xf16>
    %t0 = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
      %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%buf : memref<1000xf16>) -> memref<1000xf16>
      async.yield
    }
    %t1 = async.execute [%t0] attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
      %1 = VPUIP.NNDMA inputs(%buf : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
      async.yield
    }
    async.await %t1 : !async.token
    return %out : memref<1000xf16>
    ```
  }];
  let options = [
    Option<"linear", "linear", "bool", /*default=*/"false",
           "Make every task depend on the previous one (a serial schedule)">,
  ];
  let dependentDialects = ["::mlir::async::AsyncDialect"];
}

#endif // VPUC_PASSES_VPUIP_WRAP_INTO_ASYNC_REGIONS_WRAPINTOASYNCREGIONS
