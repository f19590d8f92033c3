//===- SplitDmas.td - Long DMAs in parts -------------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares SplitDmasPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SPLIT_DMAS_SPLITDMAS
#define VPUC_PASSES_VPUIP_SPLIT_DMAS_SPLITDMAS

include "mlir/Pass/PassBase.td"

def SplitDmasPass : Pass<"vpuc-vpuip-split-dmas", "::mlir::func::FuncOp"> {
  let summary = "Cuts long DMA tasks into parts so that they do not hold up "
                "urgent transfers";
  let description = [{
    A DMA port runs its tasks in order, one at a time. A long transfer, such
    as the prefetch of the weights of a layer far ahead (a megabyte takes
    about 50 us at 20 GB/s), holds up every later DMA of its port: the
    input of the next layer waits behind it and the DPUs idle. This pass cuts
    every `VPUIP.NNDMA` that moves more than `max-bytes` into DMAs of at most
    `max-bytes`, so that `vpuc-vpuip-list-schedule` can put urgent transfers
    between the parts.

    The cut is the one of `vpuc-vpuip-convert-copies-to-dma`
    (passes/vpuip/utils/DmaParts.h): along the outermost dimension, in the
    memory order of the destination, that has more than one element, into as
    few parts of nearly equal size as fit. The parts of the destination are
    `VPUIP.SubView`s; those of a constant source are constants of the slices
    of its content, those of another source `VPUIP.SubView`s. A
    `VPUIP.ConcatView` of the parts over the destination replaces the DMA's
    result, and every part keeps the DMA's port. A DMA one element of which
    is larger than `max-bytes` or smaller than a byte stays whole.

    The pass runs after `vpuc-vpuip-feasible-allocation`, which places each
    copy as one buffer and one task, and before
    `vpuc-vpuip-assign-dma-ports`, which spreads the parts over the ports. A
    function whose tasks are already wrapped into async regions is an error.
    `max-bytes` = 0 leaves every DMA whole.

    ```mlir
    // max-bytes = 65536, 128 KiB of weights
    %w = const.Declare memref<128x512x1x1xf16, #NHWC> = #const.Content<...>
    %r = VPUIP.NNDMA inputs(%w : ...) outputs(%buf : ...) -> ...
    // becomes
    %w0 = const.Declare memref<64x512x1x1xf16, #NHWC> = #const.Content<..., [..., #const.SubView<[0, 0, 0, 0], [64, 512, 1, 1]>]>
    %b0 = VPUIP.SubView %buf [0, 0, 0, 0] [64, 512, 1, 1] : ...
    %d0 = VPUIP.NNDMA inputs(%w0 : ...) outputs(%b0 : ...) -> ...
    %w1 = const.Declare memref<64x512x1x1xf16, #NHWC> = #const.Content<..., [..., #const.SubView<[64, 0, 0, 0], [64, 512, 1, 1]>]>
    %b1 = VPUIP.SubView %buf [64, 0, 0, 0] [64, 512, 1, 1] : ...
    %d1 = VPUIP.NNDMA inputs(%w1 : ...) outputs(%b1 : ...) -> ...
    %r = VPUIP.ConcatView inputs(%d0, %d1 : ...) outputs(%buf : ...) -> ...
    ```
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"65536",
           "The most bytes one DMA task moves after the pass (0: no cut)">,
  ];
}

#endif // VPUC_PASSES_VPUIP_SPLIT_DMAS_SPLITDMAS
