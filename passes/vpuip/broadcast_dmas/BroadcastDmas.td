//===- BroadcastDmas.td - broadcast DMAs of constants ------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares BroadcastDmasPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_BROADCAST_DMAS_BROADCASTDMAS
#define VPUC_PASSES_VPUIP_BROADCAST_DMAS_BROADCASTDMAS

include "mlir/Pass/PassBase.td"

def BroadcastDmasPass : Pass<"vpuc-vpuip-broadcast-dmas", "::mlir::func::FuncOp"> {
  let summary = "DMAs of one constant to the same address of several CMXs become "
                "one broadcast DMA";
  let description = [{
    The pieces of a layer split over height across the clusters each need
    the layer's weights and weights table in the CMX of their cluster: the
    feasible allocation gives each piece a DMA of its own, and every one
    reads the same bytes from DDR (ResNet-50 on VPUX37XX: 6.0 of its 57.6 MB
    of constant loads). A target whose DMA engines broadcast (`dma.broadcast`
    of its description) writes the bytes of one DDR read into the CMX of
    several clusters at the same address.

    After the memory placement, a DMA `L2` is folded into an earlier DMA
    `L1` (`VPUIP.NNDMA` `broadcast` buffers) when:
    - both read a constant buffer (a `ConstantLike` op such as
      `const.Declare`) of the same value (content) and write a
      `VPUIP.StaticAlloc` at the same offset, with the same type but in the
      CMX of different clusters, and `L1` does not write `L2`'s cluster yet;
    - no operation between them (at most `window` operations apart) reads or
      writes the bytes `L2` writes, so writing them at `L1` changes nothing
      (the previous occupant of the address is done with it before `L1`);
    - both are in the same block.
    The readers of `L2`'s result read its buffer; `L1` keeps its port. On a
    target that does not broadcast, or a module without target resources,
    the pass changes nothing.

    ```mlir
    %b0 = VPUIP.StaticAlloc<1024> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %w0 = VPUIP.NNDMA inputs(%cst : ...) outputs(%b0 : ...) -> ...
    %b1 = VPUIP.StaticAlloc<1024> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %w1 = VPUIP.NNDMA inputs(%cst : ...) outputs(%b1 : ...) -> ...
    // becomes
    %w0 = VPUIP.NNDMA inputs(%cst : ...) outputs(%b0 : ...) broadcast(%b1 : ...) -> ...
    // and the readers of %w1 read %b1.
    ```
  }];
  let options = [
    Option<"window", "window", "int64_t", /*default=*/"256",
           "Most operations between two DMAs that one broadcast replaces (>= 1)">,
  ];
}

#endif // VPUC_PASSES_VPUIP_BROADCAST_DMAS_BROADCASTDMAS
