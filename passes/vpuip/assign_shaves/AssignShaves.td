//===- AssignShaves.td - Spread software kernels over SHAVEs -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares AssignShavesPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ASSIGN_SHAVES_ASSIGNSHAVES
#define VPUC_PASSES_VPUIP_ASSIGN_SHAVES_ASSIGNSHAVES

include "mlir/Pass/PassBase.td"

def AssignShavesPass
    : Pass<"vpuc-vpuip-assign-shaves", "::mlir::func::FuncOp"> {
  let summary = "Spreads the software kernels over the activation SHAVEs";
  let description = [{
    Sets the `tile` and `shave` of every `VPUIP.SW.Kernel` of the function
    body, over the `clusters` x `shaves` activation SHAVEs of the target
    resources (`VPUIP.resources` on the module, required). Each SHAVE is an
    executor of its own that runs its tasks in order, so kernels on different
    SHAVEs may overlap once the tasks are wrapped into async regions without
    the linear chain. On a target with UPA SHAVEs (`VPUIP.UPA.SW` tasks,
    VPUX30XX) the pass changes nothing.

    **Cost.** The estimated work of a kernel is its cycles alone under the
    target's cost model (`estimateTaskCost`, passes/vpuip/utils/TaskCost.h:
    the kernel library's cycles per vector of its work, the overhead of a
    SHAVE task and the bytes of its buffers in DDR and CMX), as the emulator
    prices it; the target named by the resources must load.

    **Choice.** A list schedule in program order. Every value gets an
    estimated ready time: the results of a kernel are ready when the kernel
    finishes, those of any other op (DMAs, NCE tasks, views) when its last
    operand is ready (only SHAVE work is estimated). Each kernel, in program
    order, goes to the SHAVE on which it can start first (the later of its
    operands' ready time and the time the SHAVE finishes its previous
    kernel), on a tie the one with the least work so far, then the lowest
    (tile, shave). So kernels that do not depend on each other land on
    different SHAVEs, and a chain of dependent kernels is spread evenly. A
    kernel with a buffer in the CMX of a tile stays on that tile (the op
    requires it) and only its SHAVE is chosen. A kernel on DDR buffers whose
    inputs were copied there out of the CMX of one tile (the results of NCE
    tasks on that tile: all the copies from CMX that write bytes of its
    inputs come from that tile), or written by kernels kept on that tile,
    stays on that tile too (inputs smaller than its output, which broadcast
    into it, do not count; passes/vpuip/utils/ProducerTile.h), so that
    `vpuc-vpuip-optimize-copies` can remove the round trip through DDR once
    `vpuc-vpuip-sw-kernels-to-cmx` has moved it into the tile's CMX; any
    other kernel may go to any tile.

    The pass runs before the static allocation (which may make independent
    kernels share memory, i.e. depend on each other) and before
    `vpuc-vpuip-wrap-into-async-regions` (which records each task's
    executor); it rejects a function whose tasks are already wrapped.

    At log level `info` the pass reports the kernels and the work of each
    SHAVE.

    ```mlir
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%a : ...) ...
    %1 = VPUIP.SW.Kernel @VPU.SW::@gelu on tile 0 inputs(%b : ...) ...
    // becomes (VPUX37XX: 2 tiles x 2 SHAVEs)
    %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%a : ...) ...
    %1 = VPUIP.SW.Kernel @VPU.SW::@gelu on tile 0 shave 1 inputs(%b : ...) ...
    ```
  }];
}

#endif // VPUC_PASSES_VPUIP_ASSIGN_SHAVES_ASSIGNSHAVES
