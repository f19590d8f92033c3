//===- ConvertCopiesToDma.td - VPUIP.Copy to VPUIP.NNDMA ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertCopiesToDmaPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_CONVERT_COPIES_TO_DMA_CONVERTCOPIESTODMA
#define VPUC_PASSES_VPUIP_CONVERT_COPIES_TO_DMA_CONVERTCOPIESTODMA

include "mlir/Pass/PassBase.td"

def ConvertCopiesToDmaPass
    : Pass<"vpuc-vpuip-convert-copies-to-dma", "::mlir::func::FuncOp"> {
  let summary = "Turns every VPUIP.Copy into a DMA task";
  let description = [{
    Replaces every `VPUIP.Copy` (a copy whose executor is not chosen) by a
    `VPUIP.NNDMA` on DMA port `port`, with the same input and output buffers
    (the DMA descriptor walks both with their own strides, so copies between
    layouts and memories stay one task). With target resources on the
    module, the port must exist and a copy may move at most
    `dma_max_transfer` bytes; a larger copy is an error naming its size (it
    must be tiled first).

    ```mlir
    %r = VPUIP.Copy inputs(%a : memref<1x8xf16>) outputs(%out : memref<1x8xf16>) -> memref<1x8xf16>
    // becomes
    %r = VPUIP.NNDMA inputs(%a : memref<1x8xf16>) outputs(%out : memref<1x8xf16>) -> memref<1x8xf16>
    ```
  }];
  let options = [
    Option<"port", "port", "int64_t", /*default=*/"0",
           "DMA port of the new tasks">,
  ];
}

#endif // VPUC_PASSES_VPUIP_CONVERT_COPIES_TO_DMA_CONVERTCOPIESTODMA
