//===- OptimizeCopies.td - Remove DDR round trips of CMX ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares OptimizeCopiesPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_OPTIMIZE_COPIES_OPTIMIZECOPIES
#define VPUC_PASSES_VPUIP_OPTIMIZE_COPIES_OPTIMIZECOPIES

include "mlir/Pass/PassBase.td"

def OptimizeCopiesPass
    : Pass<"vpuc-vpuip-optimize-copies", "::mlir::func::FuncOp"> {
  let summary = "Removes the DDR round trips of CMX buffers between NCE tasks";
  let description = [{
    The NCE lowering moves the result of every NCE task from CMX to DDR and
    the inputs of the next one from DDR back to CMX. This pass removes such
    round trips: for a DMA `X -> D` where `X` is a whole CMX buffer (a
    `memref.alloc` in `CMX_NN[c]`, or a task result tied to one) and `D` a
    whole DDR `memref.alloc`, every DMA `D -> Y` into a whole CMX
    `memref.alloc` `Y` of the same type as `X` up to the memory space is
    rewritten:

    * `Y` in the same cluster as `X`: the users of `Y` read `X` instead; the
      DMA and `Y` are erased;
    * `Y` in another cluster: the DMA becomes one CMX-to-CMX DMA `X -> Y` on
      the same port.

    When `D` has no use left, the DMA `X -> D` and `D` are erased too. Other
    readers of `D` (a view of it, a software kernel, the copy to a network
    output) keep `D` and its DMA.

    The rewrite is applied only when it cannot change a value read, checked
    over the ops of the function body in program order (views are followed
    to the buffers they alias, see `passes/vpuip/utils/BufferLocation.h`):
    nothing but the DMA `X -> D` writes `D`, nothing but the DMA `D -> Y`
    writes `Y`, and nothing after the DMA `X -> D` writes `X`. An op whose
    writes cannot be located blocks every rewrite. DDR-to-DDR copies are left
    alone.

    The pass runs after `vpuc-vpuip-convert-copies-to-dma` and before any
    static allocation, on the `memref.alloc` buffers. Keeping an activation
    in CMX lengthens its live range there; the pass does not check the CMX
    capacity: the memory scheduler that allocates the CMX afterwards spills
    buffers to DDR when it runs out. At log level `info`
    (`--vpuc-log-level=info`) the pass reports, per function, the DMA tasks
    it removed (erased minus created) and the round trips it rewrote.

    ```mlir
    %r = VPUIP.NCEClusterTask ... outputs(%x : memref<..., CMX_NN[0]>)
    %d = VPUIP.NNDMA inputs(%r : CMX_NN[0]) outputs(%ddr : DDR)
    %y = VPUIP.NNDMA inputs(%d : DDR) outputs(%cmx : CMX_NN[0])
    VPUIP.NCEClusterTask ... input(%y : ...)
    // becomes
    %r = VPUIP.NCEClusterTask ... outputs(%x : memref<..., CMX_NN[0]>)
    VPUIP.NCEClusterTask ... input(%r : ...)
    ```
  }];
}

#endif // VPUC_PASSES_VPUIP_OPTIMIZE_COPIES_OPTIMIZECOPIES
