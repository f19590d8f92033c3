//===- SwKernelsToCmx.td - vpuc-vpuip-sw-kernels-to-cmx pass -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares SwKernelsToCmxPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SW_KERNELS_TO_CMX_SWKERNELSTOCMX
#define VPUC_PASSES_VPUIP_SW_KERNELS_TO_CMX_SWKERNELSTOCMX

include "mlir/Pass/PassBase.td"

def SwKernelsToCmxPass
    : Pass<"vpuc-vpuip-sw-kernels-to-cmx", "::mlir::func::FuncOp"> {
  let summary = "Runs software kernels on CMX copies of their activations";
  let description = [{
    The lowering of a software layer (`VPUIP.SW.Kernel`) reads and writes its
    activations where they are, in DDR: the activation SHAVE then pays every
    byte at the DDR bandwidth that all DMAs and SHAVEs share, and an
    activation produced or consumed by an NCE task makes a round trip
    through DDR. This pass moves the activations of each kernel into the CMX
    of the kernel's tile (window `WIN_F` of the kernel ABI), the way the NCE
    lowering does for NCE tasks: every input in DDR is copied
    (`VPUIP.Copy`) into a new compact CMX buffer before the kernel, every
    output is written into a new compact CMX buffer and copied to the
    original output buffer after the kernel, and the users of the kernel's
    result read that copy. `vpuc-vpuip-optimize-copies`, run afterwards,
    removes the copies that only make a DDR round trip (an NCE output
    copied to DDR and back into CMX for the kernel, a kernel's output copied
    to DDR and back for the next NCE task or kernel).

    A kernel is moved when the target has activation SHAVEs (`shave_kind =
    ACT` in the module's `VPUIP.resources`), none of its buffers has
    elements smaller than a byte, and all its CMX buffers (those it has
    already and the new ones), each rounded up to `cmx_alignment`, fit in
    `cmx_size` together, so that the CMX allocator can place them at once.
    Constants (`const.Declare`) stay in DDR: the kernel reads them there.
    Kernels whose activations do not fit are left in DDR (splitting them
    into pieces that fit is the tiling's job). `VPUIP.UPA.SW` tasks (UPA
    SHAVEs, VPUX30XX) are left alone.

    The pass runs after `vpuc-vpuip-assign-shaves`, which chooses the tile
    of a kernel on DDR buffers, and before `vpuc-vpuip-convert-copies-to-dma`
    and `vpuc-vpuip-optimize-copies`. At log level `info` the pass reports
    the kernels it moved and the bytes of the new CMX buffers.

    ```mlir
    %r = VPUIP.SW.Kernel @VPU.SW::@activation on tile 1
        inputs(%x : memref<1x16x8x8xf16>) outputs(%y : memref<1x16x8x8xf16>) ...
    // becomes
    %a = memref.alloc() : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>
    %c = VPUIP.Copy inputs(%x : memref<1x16x8x8xf16>) outputs(%a : ...)
    %b = memref.alloc() : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>
    %k = VPUIP.SW.Kernel @VPU.SW::@activation on tile 1
        inputs(%c : ...) outputs(%b : ...) ...
    %r = VPUIP.Copy inputs(%k : ...) outputs(%y : memref<1x16x8x8xf16>)
    ```
  }];
}

#endif // VPUC_PASSES_VPUIP_SW_KERNELS_TO_CMX_SWKERNELSTOCMX
