//===- WriteInPlace.td - vpuc-vpuip-write-in-place pass -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares WriteInPlacePass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_WRITE_IN_PLACE_WRITEINPLACE
#define VPUC_PASSES_VPUIP_WRITE_IN_PLACE_WRITEINPLACE

include "mlir/Pass/PassBase.td"

def WriteInPlacePass
    : Pass<"vpuc-vpuip-write-in-place", "::mlir::func::FuncOp"> {
  let summary = "Tasks write their CMX results into the buffers they are "
                "copied into within a cluster";
  let description = [{
    After `vpuc-vpuip-optimize-copies` has removed the DDR round trips, an
    NCE task or a software kernel whose result the next layer reads in the
    same cluster still writes it into a CMX buffer of its own, and a DMA then
    copies that buffer into a part of the next layer's input buffer: the
    rows of a piece split over height that are its own (the halo rows come
    from the other cluster), or the channels of one branch of a
    concatenation over channels. Such a copy moves every byte of the result
    through a DMA port and the cluster's CMX once more. This pass lets the
    task write its result into that part directly (a `VPUIP.SubView` of the
    next buffer, so a strided view for a channel slice of an `NHWC` buffer)
    and erases the copy.

    A DMA `F` copying the result `R` of a task `T` (a
    `VPUIP.NCEClusterTask` or a `VPUIP.SW.Kernel`) is rewritten when:

    * `T` writes `R` into a whole CMX `memref.alloc` `X` that nothing else
      uses or writes;
    * `F` writes a unit-step `VPUIP.SubView` box `P` of (or all of) a CMX
      `memref.alloc` `Y` in `X`'s cluster, of `R`'s shape, element type and
      dims order;
    * every other op writing `Y` is a DMA or a task writing boxes of `Y`
      disjoint from `P`, so nothing but `F` ever writes `P`;
    * the other users of `R` are DMAs and tasks reading it, and
      `VPUIP.SubView`s of it with such users, all of which accept a strided
      buffer;
    * with target resources on the module (`#VPUIP.resources`), the CMX
      buffers of `T` and of each other reader of `R` in `X`'s cluster, with
      all of `Y` in place of `X`, each rounded up to `cmx_alignment`, fit in
      three quarters of `cmx_size` together (`kInPlaceCmxShare`): a tile of
      a layer may fit the CMX while the whole next input does not, and the
      rest is left for the buffers the memory scheduler keeps or prefetches
      meanwhile;

    * at most `max-tasks-between` compute tasks (NCE tasks and software
      kernels) that write the CMX of `T`'s tile (or outside CMX) are between
      `T` and `F` in program order (the other clusters' pieces of the same
      layers, placed between them, use another CMX): `Y`, larger than
      `X`, is then in CMX from `T` on instead of from `F`, which for a copy
      long after the task (a skip connection of a U-Net, the shortcut of a
      residual block) keeps more CMX busy for longer and can make the
      memory scheduler spill.

    Then `Y` and the views down to `P` are moved before `T` (they are
    side-effect free), `T` writes `P` (its result takes `P`'s type, and the
    views of `R` are rebuilt on it), the users of `F`'s result read `R`, and
    `F` and `X` are erased. Since nothing else writes `P`, every reader sees
    the values it saw before, and `Y` is live from `T` instead of `X`.
    When `R` is copied into two buffers of its cluster, the first copy is
    removed and the second copies from `P`.

    The pass runs after `vpuc-vpuip-optimize-copies` and before the CMX
    allocation. At log level `info` (`--vpuc-log-level=info`) it reports, per
    function, the copies it removed (of NCE tasks and of kernels) and their
    bytes.

    ```mlir
    // A 1x1 convolution whose 16 channels are the first half of the
    // next layer's input (a concatenation over channels in CMX).
    %x = memref.alloc() : memref<1x16x8x8xf16, #NHWC, CMX_NN[0]>
    %r = VPUIP.NCEClusterTask<CONV> ... outputs(%x : ...)
    %y = memref.alloc() : memref<1x32x8x8xf16, #NHWC, CMX_NN[0]>
    %p = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 8, 8]
    %f = VPUIP.NNDMA inputs(%r : ...) outputs(%p : memref<1x16x8x8xf16, strided<[2048, 1, 256, 32]>, CMX_NN[0]>)
    // becomes
    %y = memref.alloc() : memref<1x32x8x8xf16, #NHWC, CMX_NN[0]>
    %p = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 8, 8]
    %r = VPUIP.NCEClusterTask<CONV> ... outputs(%p : memref<1x16x8x8xf16, strided<[2048, 1, 256, 32]>, CMX_NN[0]>)
    ```
  }];
  let options = [
    Option<"maxTasksBetween", "max-tasks-between", "int64_t",
           /*default=*/"4",
           "The most compute tasks (NCE tasks and software kernels) on the "
           "task's tile between a task and the copy of its result that the "
           "pass removes">,
  ];
}

#endif // VPUC_PASSES_VPUIP_WRITE_IN_PLACE_WRITEINPLACE
