//===- AssignDmaPorts.td - Spread DMA tasks over the ports -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares AssignDmaPortsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ASSIGN_DMA_PORTS_ASSIGNDMAPORTS
#define VPUC_PASSES_VPUIP_ASSIGN_DMA_PORTS_ASSIGNDMAPORTS

include "mlir/Pass/PassBase.td"

def AssignDmaPortsPass
    : Pass<"vpuc-vpuip-assign-dma-ports", "::mlir::func::FuncOp"> {
  let summary = "Spreads the DMA tasks over the DMA ports of the target";
  let description = [{
    Sets the `port` of every `VPUIP.NNDMA` of the function body, over the
    `dma_ports` ports of the target resources (`VPUIP.resources` on the
    module, required). Each port is an executor of its own that runs its
    tasks in order, so DMAs on different ports may overlap once the tasks
    are wrapped into async regions without the linear chain. The pass runs
    before `vpuc-vpuip-wrap-into-async-regions` (which records each task's
    executor); it rejects a function whose tasks are already wrapped.

    Policies (option `policy`):

    * `balance` (the default): the DMAs in program order, each on the port
      that has moved the fewest bytes so far (the lowest such port on a
      tie). The bytes are the data of the transfer; the order is the
      program order, the order in which the tasks of one port run. With
      equal transfers this is round robin.
    * `cluster`: the port of the cluster of the CMX end of the DMA (the
      destination's when both ends are in CMX) modulo the number of ports,
      port 0 for DMAs between DDR buffers. On a single-cluster program
      every DMA stays on port 0.

    At log level `info` the pass reports the tasks and bytes of each port.

    ```mlir
    %0 = VPUIP.NNDMA inputs(%a : memref<1x16x8x8xf16>) outputs(...)
    %1 = VPUIP.NNDMA inputs(%b : memref<1x16x8x8xf16>) outputs(...)
    // becomes (balance, 2 ports)
    %0 = VPUIP.NNDMA inputs(%a : memref<1x16x8x8xf16>) outputs(...)
    %1 = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<1x16x8x8xf16>) outputs(...)
    ```
  }];
  let options = [
    Option<"policy", "policy", "std::string", /*default=*/"\"balance\"",
           "How to choose the port: balance (bytes per port) or cluster "
           "(the cluster of the CMX end)">,
  ];
}

#endif // VPUC_PASSES_VPUIP_ASSIGN_DMA_PORTS_ASSIGNDMAPORTS
