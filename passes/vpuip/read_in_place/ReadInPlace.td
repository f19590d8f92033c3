//===- ReadInPlace.td - CMX copies read where they are -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ReadInPlacePass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_READ_IN_PLACE_READINPLACE
#define VPUC_PASSES_VPUIP_READ_IN_PLACE_READINPLACE

include "mlir/Pass/PassBase.td"

def ReadInPlacePass : Pass<"vpuc-vpuip-read-in-place", "::mlir::func::FuncOp"> {
  let summary = "A CMX buffer copied from one range of another buffer of "
                "its CMX becomes a view of that range";
  let description = [{
    A layer tiled over height reads each tile's input rows from the buffer
    its producer wrote: EfficientNet's depthwise convolution after the Swish
    of its 112 x 112 x 96 expansion runs in two tiles per cluster, and each
    tile's 28 input rows (600 KB) were copied by DMA out of the Swish's
    result in the same CMX into a buffer of their own, twice the CMX for the
    same bytes and DMA-port time the weights were waiting for. The rows of a
    buffer compact in NHWC order are one compact range of its bytes, which
    the NCE reads where they are.

    A CMX `memref.alloc` `D` qualifies when:

    * it is compact, and its only users are `VPUIP.NNDMA`s writing it (all
      of it, or unit-step views of it used only as DMA outputs) and at most
      one `VPUIP.ConcatView` over `D` of exactly their results (without one,
      a single DMA fills all of `D`);
    * every DMA copies a compact part of one `memref.alloc` `R` of the same
      memory (the same cluster's CMX) into the part of `D` at the same
      distance: `D` is then bytes `[s, s + size(D))` of `R`, all of them
      filled;
    * only those DMAs write `D`, and every op writing `R` comes before the
      first of them in the function body: what the readers of `D` read is
      still in `R` when they run;
    * a `VPUIP.SubView` of `R` of `D`'s type starts at byte `s` (the range is
      a box of `R` compact in its order, such as a range of rows of an NHWC
      buffer);
    * every op reading `D` (through the join, the DMA's result or views of
      them) still has its CMX buffers fit in the cluster's CMX (the module's
      `VPUIP.resources`) with all of `R` in place of `D`: the memory
      scheduler needs a task's buffers in the CMX together.

    Then `D` becomes that view: the join takes the DMAs' sources over the
    view (so its readers still wait for the tasks that wrote them), a lone
    DMA's readers read its source, and the DMAs, `D` and its views are
    erased. The pass never fails; a buffer that does not qualify is left
    alone. It runs after `vpuc-vpuip-eltwise-in-place` (which makes a
    kernel's pieces write over their input rows, one buffer) and before the
    memory scheduler (`vpuc-vpuip-feasible-allocation`), which keeps `R`
    while the view's readers need it.

    ```mlir
    %d = memref.alloc() : memref<1x16x2x8xf16, #NHWC, CMX_NN[0]>
    %p = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 1, 8]
    %f = VPUIP.NNDMA inputs(%a : memref<1x16x1x8xf16, #NHWC, CMX_NN[0]>) outputs(%p : ...)
    %q = VPUIP.SubView %d [0, 0, 1, 0] [1, 16, 1, 8]
    %g = VPUIP.NNDMA inputs(%b : memref<1x16x1x8xf16, #NHWC, CMX_NN[0]>) outputs(%q : ...)
    %j = VPUIP.ConcatView inputs(%f, %g : ...) outputs(%d : ...)
    // becomes (%a and %b rows 4 and 5 of %r, written before)
    %v = VPUIP.SubView %r [0, 0, 4, 0] [1, 16, 2, 8]
    %j = VPUIP.ConcatView inputs(%a, %b : ...) outputs(%v : ...)
    ```
  }];
  let dependentDialects = ["::mlir::vpuc::VPUIP::VPUIPDialect"];
}

#endif // VPUC_PASSES_VPUIP_READ_IN_PLACE_READINPLACE
