//===- SplitSwKernels.td - vpuc-vpuip-split-sw-kernels pass --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares SplitSwKernelsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITSWKERNELS
#define VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITSWKERNELS

include "mlir/Pass/PassBase.td"

def SplitSwKernelsPass
    : Pass<"vpuc-vpuip-split-sw-kernels", "::mlir::func::FuncOp"> {
  let summary = "Splits software kernels into independent pieces for several SHAVEs";
  let description = [{
    A software layer is one kernel call, which runs on one SHAVE while the
    other activation SHAVEs of the target wait, and whose tensors may not fit
    a tile's CMX. This pass splits each `VPUIP.SW.Kernel` along an output dim
    whose pieces the kernel computes independently into pieces, each a call
    of the same kernel with the same scalars on matching `VPUIP.SubView`s of
    the tensors; a `VPUIP.ConcatView` of the pieces' results over the output
    buffer replaces the kernel's result. Such dims are:

    * every dim of an element-wise kernel (`elementwise` in the kernel
      library's ABI, kernels/abi/SwKernels.td: the unary and binary
      families, `select`, `activation`, `clamp`);
    * the dims a `reduce` that keeps its reduced dims (as 1) does not reduce
      (not in its `axesMask`): a global average pool splits over channels;
    * the dims a `pad` does not pad (same input and output extent), in
      every mode: an edge or a mirror along another dim stays within the
      index of this one;
    * the dims an `interpolate` copies through: same input and output
      extent, scale 1 (or sizes given), in the nearest or linear mode with
      the half_pixel, pytorch_half_pixel, align_corners or asymmetric
      coordinate transformation, which map an index to itself at scale 1
      (so the kernel reads each output index's own input index; the cubic
      mode reads the neighbours with weight 0, the tf_* modes shift or
      crop). The channels of a 2-D resize are such a dim.

    **Axis.** The outermost such dim of the output in its memory order with
    at least as many elements as the pieces wanted (the count below, before
    its cap by the axis's extent), else the outermost with more than one:
    each piece of a compact output is then as contiguous as can be, and a
    3-channel NCHW image (a network's input, converted and padded to 4
    channels) is split over H into a piece per SHAVE rather than into 3
    channel planes. An input is sliced along the matching dim (dims
    aligned from the innermost, as in NumPy broadcasting) when it has the
    output's extent there (a constant into constants, each a
    `#const.SubView`: tasks read constant buffers directly, never through a
    view), and passed whole when it broadcasts along it (extent 1, or fewer
    dims).

    A kernel on its producer's tile (below) reads its inputs in place, so
    it is split only along a dim whose parts of its inputs are contiguous
    (every dim outer to it in memory order of extent 1): a global average
    pool of an NHWC activation, whose channel parts would be strided and
    each copied into a buffer of its own, stays whole.

    **Count.** At least `clusters x shaves` pieces (every activation SHAVE of
    the target's `VPUIP.resources`), or `shaves` when the kernel's DDR inputs
    were copied there out of the CMX of one tile (passes/vpuip/utils/
    ProducerTile.h: `vpuc-vpuip-assign-shaves` keeps such a kernel on that
    tile), and more when the piece's tensors would
    not fit half a tile's CMX (`cmx_size / 2`), so that
    `vpuc-vpuip-sw-kernels-to-cmx` can move each piece into CMX with room for
    the next piece's input, and, for a kernel of one tile, enough that a
    piece's output fits the CMX beside all of the kernel's inputs (the
    pieces read them in place where the producer wrote them, and that
    buffer stays whole meanwhile: an EfficientNet-B2 Swish on a 1.62 MB
    expansion) (for a kernel of one tile, a multiple of its SHAVEs, so
    that they stay equally busy); at most the axis's extent, and
    no more than one piece per `min-piece-elements` elements of the kernel's largest tensor
    (the fixed cost of a task outweighs smaller pieces; a reduction's work
    is its input). A kernel that would make fewer than two pieces
    is left alone. Pieces differ in size by at most one index, the larger
    first, and piece `i` of a layer located at `name` is located at
    `name/part<i>`.

    Only kernels with one output and buffers of at least a byte per element
    are split, and only on targets with activation SHAVEs (`shave_kind =
    ACT`). The pass runs before `vpuc-vpuip-assign-shaves`, which spreads the
    pieces over the SHAVEs. At log level `info` it reports the kernels split
    and the pieces made.

    ```mlir
    %r = VPUIP.SW.Kernel @VPU.SW::@activation on tile 0
        inputs(%x : memref<1x16x64x64xf16, #NHWC>) outputs(%y : memref<1x16x64x64xf16, #NHWC>) ...
    // becomes, with 4 SHAVEs (H is outermost in NHWC)
    %x0 = VPUIP.SubView %x [0, 0, 0, 0] [1, 16, 16, 64] ...
    %y0 = VPUIP.SubView %y [0, 0, 0, 0] [1, 16, 16, 64] ...
    %r0 = VPUIP.SW.Kernel @VPU.SW::@activation on tile 0 inputs(%x0 : ...) outputs(%y0 : ...) ...
    ...
    %r = VPUIP.ConcatView inputs(%r0, %r1, %r2, %r3 : ...) outputs(%y : ...)
    ```
  }];
  let options = [
    Option<"minPieceElements", "min-piece-elements", "int64_t",
           /*default=*/"8192",
           "The fewest elements of a piece's largest tensor">,
  ];
}

#endif // VPUC_PASSES_VPUIP_SPLIT_SW_KERNELS_SPLITSWKERNELS
