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
  let summary = "Turns every VPUIP.Copy into DMA tasks that fit the DMA descriptor limit";
  let description = [{
    Replaces every `VPUIP.Copy` (a copy whose executor is not chosen) by a
    `VPUIP.NNDMA` on DMA port `port`, with the same input and output buffers
    (the DMA descriptor walks both with their own strides, so copies between
    layouts and memories stay one task). With target resources on the
    module, the port must exist, and a copy that moves more than
    `dma_max_transfer` bytes (the target's DMA descriptor limit) becomes
    several DMAs: it is cut along the outermost dimension, in the memory order
    of its destination, that has more than one element, into the fewest parts
    of nearly equal size that fit (views of both buffers, `VPUIP.SubView`),
    each part cut again along the next dimension while one index is still too
    large; a `VPUIP.ConcatView` of the DMAs over the destination replaces the
    copy. A copy one element of which is larger than the limit (or smaller
    than a byte, so that a part could not start on a byte boundary) is an
    error naming its size.

    ```mlir
    %r = VPUIP.Copy inputs(%a : memref<1x8xf16>) outputs(%out : memref<1x8xf16>) -> memref<1x8xf16>
    // becomes
    %r = VPUIP.NNDMA inputs(%a : memref<1x8xf16>) outputs(%out : memref<1x8xf16>) -> memref<1x8xf16>
    // with dma_max_transfer = 1024, a copy of memref<4x16x32xf16> (4096 bytes) becomes
    %i0 = VPUIP.SubView %in [0, 0, 0] [1, 16, 32] : ...
    %o0 = VPUIP.SubView %out [0, 0, 0] [1, 16, 32] : ...
    %d0 = VPUIP.NNDMA inputs(%i0 : ...) outputs(%o0 : ...) -> ...
    ... (three more)
    %r = VPUIP.ConcatView inputs(%d0, %d1, %d2, %d3 : ...) outputs(%out : memref<4x16x32xf16>) -> memref<4x16x32xf16>
    ```
  }];
  let options = [
    Option<"port", "port", "int64_t", /*default=*/"0",
           "DMA port of the new tasks">,
  ];
}

#endif // VPUC_PASSES_VPUIP_CONVERT_COPIES_TO_DMA_CONVERTCOPIESTODMA
