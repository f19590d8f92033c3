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
  let summary = "Removes the DDR round trips of CMX data between NCE tasks";
  let description = [{
    The NCE lowering moves the result of every NCE task from CMX to DDR and
    the inputs of the next one from DDR back to CMX; a layer split over the
    clusters writes one part of a DDR buffer from each cluster (a
    concatenation over H) and each cluster of the next layer reads back a
    region of it (with halo rows for a 3x3 kernel); a concatenation over
    channels adds DDR-to-DDR copies of those buffers into parts of a larger
    one. This pass removes such round trips.

    For each DMA `F` from DDR into a whole CMX `memref.alloc` `Y`, it looks
    for where the region `R` of the DDR `memref.alloc` `D` that `F` reads
    (through unit-step `VPUIP.SubView`s and `VPUIP.ConcatView`s) came from.
    When every DMA writing `D` writes a box of it (a view of `D` as above),
    no two of them write a same element, and the DMAs writing `R` are all
    before `F` and copy from CMX buffers, each part of `R` is a part of one
    CMX buffer `X`. A DMA writing `R` from another DDR allocation (a
    DDR-to-DDR copy) is followed into that allocation, recursively, up to
    `ddr-copy-depth` copies. Then `F` is rewritten:

    * `R` is one whole CMX buffer `X` of `Y`'s type (so in `Y`'s cluster):
      the users of `Y` read `X` instead; `F` and `Y` are erased;
    * `R` is one part of a CMX buffer `X` in `Y`'s cluster and only
      software kernels read `Y` (as an input; kernels take strided views):
      they read a `VPUIP.SubView` of that part of `X` instead; `F` and `Y`
      are erased (a piece of a global average pool reading its channels of
      a convolution's result);
    * otherwise each part becomes a CMX-to-CMX DMA (same cluster or across
      clusters, on `F`'s port) from the part of `X` (a `VPUIP.SubView` of it
      unless it is all of `X`) into the part of `Y` (a `VPUIP.SubView` of `Y`
      unless it is all of `Y`); with several parts a `VPUIP.ConcatView` over
      `Y` joins them.

    Last, a DDR allocation read by a rewritten DMA whose only uses left are
    the DMAs writing it (and the views and joins of it) is erased with those
    DMAs; the DDR sources of the DDR-to-DDR copies erased that way are looked
    at again. Other readers of `D` (a software kernel, the copy to a network
    output, a DMA into a view of a CMX buffer, a reshape) keep `D` and its
    DMAs.

    The rewrite is applied only when it cannot change a value read, checked
    over the ops of the function body in program order (views are followed
    to the buffers they alias, see `passes/vpuip/utils/BufferLocation.h`):
    nothing but DMAs writing disjoint boxes writes `D` (and each DDR
    allocation followed), nothing but `F` writes `Y`, and nothing after the
    DMA copying it to DDR writes the allocation of `X`. An op whose writes
    cannot be located blocks every rewrite. A DMA from DDR into a part of a
    CMX buffer is left alone, and so is a buffer of sub-byte elements.

    The pass runs after `vpuc-vpuip-convert-copies-to-dma` and before any
    static allocation, on the `memref.alloc` buffers. Keeping an activation
    in CMX lengthens its live range there; the pass does not check that the
    CMX holds all the live buffers (the memory scheduler that allocates the
    CMX afterwards spills buffers to DDR when it runs out), only that a
    CMX-to-CMX DMA within one cluster can run at all: with target resources
    on the module (`#VPUIP.resources`), the allocations of its source and of
    `Y`, each aligned to `cmx_alignment`, fit in `cmx_size` together.
    When they do not, and the part is all of the result of an NCE task or a
    software kernel that can write its part of `Y` itself (the conditions of
    `vpuc-vpuip-write-in-place`, passes/vpuip/utils/InPlace.h, within three
    quarters of the CMX), the task
    writes that part instead of the DMA; otherwise `F` is left alone. At log
    level `info`
    (`--vpuc-log-level=info`) the pass reports, per function, the DMA tasks
    it removed (erased minus created), the fills it replaced by the CMX
    buffer, those it replaced by CMX-to-CMX DMAs (and how many), the DMAs
    into DDR it erased and the parts written in place.

    ```mlir
    // Two clusters compute the rows of one result (split over H); both
    // halves go to DDR and come back for the next layer.
    %r0 = VPUIP.NCEClusterTask ... outputs(%x0 : memref<1x16x4x8xf16, #NHWC, CMX_NN[0]>)
    %r1 = VPUIP.NCEClusterTask ... outputs(%x1 : memref<1x16x4x8xf16, #NHWC, CMX_NN[1]>)
    %v0 = VPUIP.SubView %ddr [0, 0, 0, 0] [1, 16, 4, 8]
    %s0 = VPUIP.NNDMA inputs(%r0 : CMX_NN[0]) outputs(%v0 : DDR)
    %v1 = VPUIP.SubView %ddr [0, 0, 4, 0] [1, 16, 4, 8]
    %s1 = VPUIP.NNDMA inputs(%r1 : CMX_NN[1]) outputs(%v1 : DDR)
    %d = VPUIP.ConcatView inputs(%s0, %s1) outputs(%ddr)
    %h0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 5, 8]   // rows 0-4: a halo row
    %y0 = VPUIP.NNDMA inputs(%h0 : DDR) outputs(%a0 : memref<1x16x5x8xf16, #NHWC, CMX_NN[0]>)
    %h1 = VPUIP.SubView %d [0, 0, 4, 0] [1, 16, 4, 8]   // rows 4-7: all of %r1
    %y1 = VPUIP.NNDMA inputs(%h1 : DDR) outputs(%a1 : memref<1x16x4x8xf16, #NHWC, CMX_NN[1]>)
    // becomes: %ddr, %s0 and %s1 are gone, the second layer on cluster 1
    // reads %r1, and cluster 0 gets its rows from both clusters.
    %p0 = VPUIP.SubView %a0 [0, 0, 0, 0] [1, 16, 4, 8]
    %c0 = VPUIP.NNDMA inputs(%r0 : CMX_NN[0]) outputs(%p0 : CMX_NN[0])
    %q1 = VPUIP.SubView %r1 [0, 0, 0, 0] [1, 16, 1, 8]
    %p1 = VPUIP.SubView %a0 [0, 0, 4, 0] [1, 16, 1, 8]
    %c1 = VPUIP.NNDMA inputs(%q1 : CMX_NN[1]) outputs(%p1 : CMX_NN[0])
    %y0 = VPUIP.ConcatView inputs(%c0, %c1) outputs(%a0)
    ```
  }];
  let options = [
    Option<"ddrCopyDepth", "ddr-copy-depth", "int64_t", /*default=*/"2",
           "How many DDR-to-DDR copies (e.g. of a concatenation over "
           "channels) the search for the CMX source of a region follows; 0 "
           "follows only DMAs from CMX">,
  ];
}

#endif // VPUC_PASSES_VPUIP_OPTIMIZE_COPIES_OPTIMIZECOPIES
